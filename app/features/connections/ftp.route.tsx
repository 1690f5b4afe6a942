import { data, type AppLoadContext } from "react-router";
import type { Route } from "./+types/ftp.route";
import { FtpPanel, type FtpActionResult } from "./ftp-panel";
import { adminGuard, requireAdmin } from "~/features/accounts/index.server";
import {
  getConnection,
  missingRequired,
  parseConnectionForm,
  publicConnection,
  saveConnection,
} from "./connections.server";
import { runFtp, xmlProblem } from "./ftp.server";
import { OutboundRefusedError } from "~/shared/outbound/outbound.server";
import { intentAction, Refusal, refuse } from "~/shared/actions/intent-action.server";
import { hasInvalidCharacters, INVALID_CHARACTERS_MESSAGE } from "~/shared/forms/text-input";
import { checkFtpPath } from "~/features/admin-ftp";

export function meta() {
  return [{ title: "FTP | Admin Dashboard | Trapkracht" }, { name: "robots", content: "noindex" }];
}

/** FTP (spec 1 §2.15): the stored connection without its password. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const connection = await getConnection(context.db, context.config, "ftp");
  return { connection: publicConnection(connection) };
}

const fail = (intent: string, title: string, description: string, status = 400) =>
  data<FtpActionResult>({ ok: false, intent, title, description }, { status });

const TEST_FAILED = "Failed to test FTP connection";

type FtpCtx = { form: FormData; intent: string; viewer: { id: string }; context: AppLoadContext };

/** The remote path a test, list or upload is for ("" for the stored one). */
function remotePathOf({ form, intent }: FtpCtx) {
  const checked = checkFtpPath(String(form.get("remotePath") ?? ""));
  return checked.ok ? checked.path : refuse(fail(intent, TEST_FAILED, `remotePath: ${checked.error}`));
}

/** Runs a test, a listing or an upload on the stored connection. */
async function runOnConnection(
  { remotePath, fileContent }: { remotePath: string; fileContent?: string },
  { context, viewer, intent }: FtpCtx,
  action: "test" | "list" | "xml",
) {
  const connection = await getConnection(context.db, context.config, "ftp");
  if (missingRequired(connection)) return fail(intent, "All fields are required", "Save the connection first");
  const folder = remotePath || connection.remotePath || "/";
  const result = await runFtp(connection, { action, remotePath: folder, fileContent });
  context.logger.info({ by: viewer.id, action, success: result.success }, "admin used the FTP connection");
  return data<FtpActionResult>({
    ok: result.success,
    intent,
    title: result.message,
    description: result.error ?? undefined,
    ftp: result,
    folder: action === "list" ? folder : undefined,
  });
}

const pathOnly = (ctx: FtpCtx) => {
  const remotePath = remotePathOf(ctx);
  return remotePath instanceof Refusal ? remotePath : { remotePath };
};

export const action = intentAction()({
  guard: adminGuard,
  intents: (intent) => ({
    save: intent({
      parse: ({ form, intent: name }) => {
        const parsed = parseConnectionForm(form);
        return parsed.ok ? parsed.input : refuse(fail(name, TEST_FAILED, `${parsed.field}: ${parsed.error}`));
      },
      run: async (input, { context, actor, intent: name }) => {
        const stored = await getConnection(context.db, context.config, "ftp");
        const wanted = {
          ...stored,
          host: input.host,
          port: input.port ?? 0,
          user: input.user,
          logonType: "normal" as const,
          password: input.password || stored.password,
        };
        if (missingRequired(wanted)) return fail(name, "All fields are required", "Host, port, user and password");
        await saveConnection(context.db, context.config, actor, "ftp", { ...input, logonType: "normal" });
        return data<FtpActionResult>({ ok: true, intent: name, title: "FTP settings saved" });
      },
    }),
    test: intent({ parse: pathOnly, run: (input, ctx) => runOnConnection(input, ctx, "test") }),
    list: intent({ parse: pathOnly, run: (input, ctx) => runOnConnection(input, ctx, "list") }),
    xml: intent({
      parse: (ctx) => {
        const remotePath = remotePathOf(ctx);
        if (remotePath instanceof Refusal) return remotePath;
        const fileContent = String(ctx.form.get("fileContent") ?? "");
        if (hasInvalidCharacters(fileContent, { multiLine: true })) {
          return refuse(fail(ctx.intent, TEST_FAILED, `fileContent: ${INVALID_CHARACTERS_MESSAGE}`));
        }
        const problem = xmlProblem(fileContent);
        return problem ? refuse(fail(ctx.intent, TEST_FAILED, problem)) : { remotePath, fileContent };
      },
      run: (input, ctx) => runOnConnection(input, ctx, "xml"),
    }),
  }),
  // The answer names the intent as posted, as it always did.
  unknown: ({ form }) => fail(String(form.get("intent") ?? ""), "Unknown action", "Reload the page and try again."),
  // A host the outbound policy refuses is the admin's input, not a fault.
  expected: (error, { intent }) =>
    error instanceof OutboundRefusedError ? fail(intent, TEST_FAILED, `host: ${error.message}`) : undefined,
  logMessage: "FTP action failed",
  failed: (_error, { intent }) => fail(intent, TEST_FAILED, "An unexpected error occurred", 500),
});

export default function AdminFtp({ loaderData, actionData }: Route.ComponentProps) {
  return <FtpPanel {...loaderData} result={actionData} />;
}
