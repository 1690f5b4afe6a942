import { data, type AppLoadContext } from "react-router";
import type { Route } from "./+types/sftp.route";
import { SftpPanel, type SftpActionResult } from "./sftp-panel";
import { adminGuard, requireAdmin } from "~/features/accounts/index.server";
import {
  FINGERPRINT_PATTERN,
  getConnection,
  missingRequired,
  parseConnectionForm,
  pinHostKey,
  publicConnection,
  saveConnection,
  LOGON_TYPES,
} from "./connections.server";
import { listRetrievedFiles, testSftpConnection } from "./sftp.server";
import { OutboundRefusedError } from "~/shared/outbound/outbound.server";
import { intentAction, Refusal, refuse } from "~/shared/actions/intent-action.server";

export function meta() {
  return [{ title: "SFTP | Admin Dashboard | Trapkracht" }, { name: "robots", content: "noindex" }];
}

/** SFTP (spec 1 §2.15): the stored connection (no secret leaves the server) and the retrieved files. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const connection = await getConnection(context.db, context.config, "sftp");
  return {
    connection: publicConnection(connection),
    logonTypes: LOGON_TYPES,
    files: await listRetrievedFiles(context.config.dataDir),
  };
}

const now = () => new Date().toISOString();

const TEST_FAILED = "Failed to test SFTP connection";

const answer = (result: SftpActionResult, status = 200) => data<SftpActionResult>(result, { status });

type SftpCtx = {
  form: FormData;
  intent: string;
  viewer: { id: string };
  actor: { id: string; email: string };
  context: AppLoadContext;
};

/** Save and test both store the form first (a test uses what was just typed). */
function connectionInput({ form, intent }: SftpCtx) {
  const parsed = parseConnectionForm(form);
  return parsed.ok
    ? parsed.input
    : refuse(answer({ ok: false, intent, title: TEST_FAILED, description: `${parsed.field}: ${parsed.error}` }, 400));
}

type ConnectionInput = Exclude<ReturnType<typeof connectionInput>, Refusal<unknown>>;

/** The connection as stored after this form, or the "All fields are required" answer. */
async function storeConnection(input: ConnectionInput, { context, actor, intent }: SftpCtx) {
  const stored = await getConnection(context.db, context.config, "sftp");
  const wanted = {
    ...stored,
    host: input.host,
    port: input.port ?? 0,
    user: input.user,
    logonType: input.logonType,
    password: input.password || stored.password,
    privateKey: input.privateKey.trim() ? input.privateKey : stored.privateKey,
  };
  if (missingRequired(wanted)) {
    return refuse(
      answer(
        {
          ok: false,
          intent,
          title: "All fields are required",
          logs: [{ at: now(), message: "Missing required fields", level: "error" }],
        },
        400,
      ),
    );
  }
  return saveConnection(context.db, context.config, actor, "sftp", input);
}

export const action = intentAction()({
  guard: adminGuard,
  intents: (intent) => ({
    "accept-host-key": intent({
      parse: ({ form, intent: name }) => {
        const fingerprint = String(form.get("fingerprint") ?? "");
        return FINGERPRINT_PATTERN.test(fingerprint)
          ? fingerprint
          : refuse(
              answer(
                { ok: false, intent: name, title: TEST_FAILED, description: "Not a SHA256 host key fingerprint" },
                400,
              ),
            );
      },
      run: async (fingerprint, { context, actor, intent: name }) => {
        await pinHostKey(context.db, context.config, actor, fingerprint);
        return answer({ ok: true, intent: name, title: "Host key accepted", description: fingerprint });
      },
    }),
    save: intent({
      parse: connectionInput,
      run: async (input, ctx) => {
        const stored = await storeConnection(input, ctx);
        if (stored instanceof Refusal) return stored.answer;
        return answer({ ok: true, intent: ctx.intent, title: "SFTP settings saved" });
      },
    }),
    test: intent({
      parse: connectionInput,
      run: async (input, ctx) => {
        const connection = await storeConnection(input, ctx);
        if (connection instanceof Refusal) return connection.answer;
        const test = await testSftpConnection(connection, ctx.context.config.dataDir);
        ctx.context.logger.info({ by: ctx.viewer.id, success: test.success }, "admin ran an SFTP connection test");
        return answer({
          ok: test.success,
          intent: ctx.intent,
          title: test.message,
          description: test.details ?? undefined,
          test,
        });
      },
    }),
  }),
  unknown: () =>
    answer(
      { ok: false, intent: "unknown", title: "Unknown action", description: "Reload the page and try again." },
      400,
    ),
  // A host the outbound policy refuses is the admin's input, not a fault.
  expected: (error, { intent }) =>
    error instanceof OutboundRefusedError
      ? answer({ ok: false, intent, title: TEST_FAILED, description: `host: ${error.message}` }, 400)
      : undefined,
  logMessage: "SFTP action failed",
  failed: (_error, { intent }) =>
    answer({ ok: false, intent, title: "An unexpected error occurred", description: TEST_FAILED }, 500),
});

export default function AdminSftp({ loaderData, actionData }: Route.ComponentProps) {
  return <SftpPanel {...loaderData} result={actionData} />;
}
