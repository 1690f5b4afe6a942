import { data } from "react-router";
import type { Route } from "./+types/download.route";
import { requireAdmin } from "~/features/accounts/index.server";
import { getConnection, missingRequired } from "~/features/connections/index.server";
import { openFtpDownload } from "./ftp-download.server";
import { attachmentDisposition, checkFtpPath } from "./ftp-path";

const refused = (message: string, status: number) =>
  data(message, {
    status,
    headers: { "cache-control": "private, no-store", "content-type": "text/plain; charset=utf-8" },
  });

/**
 * GET /admin/ftp/download?path=/folder/file.csv — a file on the supplier's FTP server, streamed to
 * the admin's browser as an attachment (admins only; never stored on the way). A path with "." or
 * ".." as a name is refused before the server is asked (ADR 0038).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireAdmin(request, context);
  const checked = checkFtpPath(new URL(request.url).searchParams.get("path") ?? "");
  if (!checked.ok) throw refused(`path: ${checked.error}`, 400);
  if (checked.path === "" || checked.path === "/") throw refused("path: Choose a file", 400);
  const connection = await getConnection(context.db, context.config, "ftp");
  if (missingRequired(connection)) throw refused("Save the FTP connection first", 409);
  let opened;
  try {
    opened = await openFtpDownload(connection, checked.path, (error) =>
      context.logger.error({ err: error, path: checked.path }, "FTP download broke off"),
    );
  } catch (error) {
    context.logger.error({ err: error }, "FTP download failed");
    throw refused("An unexpected error occurred", 500);
  }
  if (!opened.ok) throw refused(opened.error, opened.status);
  context.logger.info({ by: viewer.id, path: checked.path }, "admin downloaded a file from the FTP server");
  return new Response(opened.body, {
    headers: {
      "content-type": "application/octet-stream",
      "content-disposition": attachmentDisposition(checked.path),
      "cache-control": "private, no-store",
    },
  });
}
