import { data } from "react-router";
import type { Route } from "./+types/admin.sftp";
import { SftpPanel, type SftpActionResult } from "~/components/admin/sftp-panel";
import { requireAdmin } from "~/domain/auth/viewer.server";
import {
  FINGERPRINT_PATTERN,
  getConnection,
  missingRequired,
  parseConnectionForm,
  pinHostKey,
  publicConnection,
  saveConnection,
  LOGON_TYPES,
} from "~/domain/connections/connections.server";
import { listRetrievedFiles, testSftpConnection } from "~/domain/connections/sftp.server";
import { OutboundRefusedError } from "~/shared/outbound/outbound.server";
import { readForm } from "~/lib/form.server";

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

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAdmin(request, context);
  const actor = { id: viewer.id, email: viewer.email };
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  try {
    if (intent === "accept-host-key") {
      const fingerprint = String(form.get("fingerprint") ?? "");
      if (!FINGERPRINT_PATTERN.test(fingerprint)) {
        return data<SftpActionResult>(
          {
            ok: false,
            intent,
            title: "Failed to test SFTP connection",
            description: "Not a SHA256 host key fingerprint",
          },
          { status: 400 },
        );
      }
      await pinHostKey(context.db, context.config, actor, fingerprint);
      return data<SftpActionResult>({ ok: true, intent, title: "Host key accepted", description: fingerprint });
    }
    if (intent !== "save" && intent !== "test") {
      return data<SftpActionResult>(
        { ok: false, intent: "unknown", title: "Unknown action", description: "Reload the page and try again." },
        { status: 400 },
      );
    }
    const parsed = parseConnectionForm(form);
    if (!parsed.ok) {
      return data<SftpActionResult>(
        { ok: false, intent, title: "Failed to test SFTP connection", description: `${parsed.field}: ${parsed.error}` },
        { status: 400 },
      );
    }
    const stored = await getConnection(context.db, context.config, "sftp");
    const wanted = {
      ...stored,
      host: parsed.input.host,
      port: parsed.input.port ?? 0,
      user: parsed.input.user,
      logonType: parsed.input.logonType,
      password: parsed.input.password || stored.password,
      privateKey: parsed.input.privateKey.trim() ? parsed.input.privateKey : stored.privateKey,
    };
    if (missingRequired(wanted)) {
      return data<SftpActionResult>(
        {
          ok: false,
          intent,
          title: "All fields are required",
          logs: [{ at: now(), message: "Missing required fields", level: "error" }],
        },
        { status: 400 },
      );
    }
    const connection = await saveConnection(context.db, context.config, actor, "sftp", parsed.input);
    if (intent === "save") return data<SftpActionResult>({ ok: true, intent, title: "SFTP settings saved" });
    const test = await testSftpConnection(connection, context.config.dataDir);
    context.logger.info({ by: viewer.id, success: test.success }, "admin ran an SFTP connection test");
    return data<SftpActionResult>({
      ok: test.success,
      intent,
      title: test.message,
      description: test.details ?? undefined,
      test,
    });
  } catch (error) {
    if (error instanceof OutboundRefusedError) {
      return data<SftpActionResult>(
        { ok: false, intent, title: "Failed to test SFTP connection", description: `host: ${error.message}` },
        { status: 400 },
      );
    }
    context.logger.error({ err: error }, "SFTP action failed");
    return data<SftpActionResult>(
      { ok: false, intent, title: "An unexpected error occurred", description: "Failed to test SFTP connection" },
      { status: 500 },
    );
  }
}

export default function AdminSftp({ loaderData, actionData }: Route.ComponentProps) {
  return <SftpPanel {...loaderData} result={actionData} />;
}
