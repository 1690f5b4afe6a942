import fs from "node:fs/promises";
import path from "node:path";
import { data } from "react-router";
import type { Route } from "./+types/sftp-file.route";
import { requireAdmin } from "~/features/accounts/index.server";
import { safeFileName } from "./logs";
import { sftpFilesDir } from "./sftp.server";

/** GET /admin/sftp/files/:file — a file the SFTP test retrieved, as a download (admins only). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const name = params.file;
  if (!name || safeFileName(name) !== name) throw data("Not found", { status: 404 });
  const dir = sftpFilesDir(context.config.dataDir);
  const full = path.join(dir, name);
  if (path.dirname(full) !== dir) throw data("Not found", { status: 404 });
  let body: Buffer;
  try {
    body = await fs.readFile(full);
  } catch {
    throw data("Not found", { status: 404 });
  }
  return new Response(new Uint8Array(body), {
    headers: {
      "content-type": "application/octet-stream",
      "content-disposition": `attachment; filename="${name}"`,
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
    },
  });
}
