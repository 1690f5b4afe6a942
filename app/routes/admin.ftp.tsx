import { data } from "react-router";
import type { Route } from "./+types/admin.ftp";
import { FtpPanel, type FtpActionResult } from "~/components/admin/ftp-panel";
import { requireAdmin } from "~/domain/auth/viewer.server";
import {
  getConnection,
  missingRequired,
  parseConnectionForm,
  publicConnection,
  saveConnection,
} from "~/domain/connections/connections.server";
import { runFtp, xmlProblem } from "~/domain/connections/ftp.server";
import { OutboundRefusedError } from "~/shared/outbound/outbound.server";
import { readForm } from "~/lib/form.server";
import { hasInvalidCharacters, INVALID_CHARACTERS_MESSAGE } from "~/lib/text-input";

export function meta() {
  return [{ title: "FTP | Admin Dashboard | Trapkracht" }, { name: "robots", content: "noindex" }];
}

/** FTP (spec 1 §2.15): the stored connection without its password. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const connection = await getConnection(context.db, context.config, "ftp");
  return { connection: publicConnection(connection) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAdmin(request, context);
  const actor = { id: viewer.id, email: viewer.email };
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const fail = (title: string, description: string, status = 400) =>
    data<FtpActionResult>({ ok: false, intent, title, description }, { status });
  try {
    if (intent === "save") {
      const parsed = parseConnectionForm(form);
      if (!parsed.ok) return fail("Failed to test FTP connection", `${parsed.field}: ${parsed.error}`);
      const stored = await getConnection(context.db, context.config, "ftp");
      const wanted = {
        ...stored,
        host: parsed.input.host,
        port: parsed.input.port ?? 0,
        user: parsed.input.user,
        logonType: "normal" as const,
        password: parsed.input.password || stored.password,
      };
      if (missingRequired(wanted)) return fail("All fields are required", "Host, port, user and password");
      await saveConnection(context.db, context.config, actor, "ftp", { ...parsed.input, logonType: "normal" });
      return data<FtpActionResult>({ ok: true, intent, title: "FTP settings saved" });
    }
    if (intent !== "test" && intent !== "list" && intent !== "xml") {
      return fail("Unknown action", "Reload the page and try again.");
    }
    const remotePath = String(form.get("remotePath") ?? "").trim();
    if (hasInvalidCharacters(remotePath) || remotePath.length > 1024) {
      return fail("Failed to test FTP connection", `remotePath: ${INVALID_CHARACTERS_MESSAGE}`);
    }
    let fileContent: string | undefined;
    if (intent === "xml") {
      fileContent = String(form.get("fileContent") ?? "");
      if (hasInvalidCharacters(fileContent, { multiLine: true })) {
        return fail("Failed to test FTP connection", `fileContent: ${INVALID_CHARACTERS_MESSAGE}`);
      }
      const problem = xmlProblem(fileContent);
      if (problem) return fail("Failed to test FTP connection", problem);
    }
    const connection = await getConnection(context.db, context.config, "ftp");
    if (missingRequired(connection)) return fail("All fields are required", "Save the connection first");
    const result = await runFtp(connection, { action: intent, remotePath: remotePath || undefined, fileContent });
    context.logger.info({ by: viewer.id, action: intent, success: result.success }, "admin used the FTP connection");
    return data<FtpActionResult>({
      ok: result.success,
      intent,
      title: result.message,
      description: result.error ?? undefined,
      ftp: result,
    });
  } catch (error) {
    if (error instanceof OutboundRefusedError) return fail("Failed to test FTP connection", `host: ${error.message}`);
    context.logger.error({ err: error }, "FTP action failed");
    return fail("Failed to test FTP connection", "An unexpected error occurred", 500);
  }
}

export default function AdminFtp({ loaderData, actionData }: Route.ComponentProps) {
  return <FtpPanel {...loaderData} result={actionData} />;
}
