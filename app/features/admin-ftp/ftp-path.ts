import { hasInvalidCharacters, INVALID_CHARACTERS_MESSAGE } from "~/shared/forms/text-input";

export const MAX_FTP_PATH = 1024;

export type FtpPathCheck = { ok: true; path: string } | { ok: false; error: string };

export const PATH_TRAVERSAL_MESSAGE = "A path may not contain . or .. or a backslash";

/**
 * A remote path the admin asked to list or download, made plain: one "/" between names, no trailing
 * "/" (except the root). Refused: control characters, a backslash (a separator on some servers), and
 * "." or ".." as a name, so a path never steps out of the folder it names (ADR 0038). A leading "/"
 * stays as given: without it the server reads the path from the account's login folder.
 */
export function checkFtpPath(input: string): FtpPathCheck {
  const raw = input.trim();
  if (hasInvalidCharacters(raw)) return { ok: false, error: INVALID_CHARACTERS_MESSAGE };
  if (raw.length > MAX_FTP_PATH) return { ok: false, error: `At most ${MAX_FTP_PATH} characters` };
  if (raw.includes("\\")) return { ok: false, error: PATH_TRAVERSAL_MESSAGE };
  const names = raw.split("/").filter((name) => name !== "");
  if (names.some((name) => name === "." || name === "..")) return { ok: false, error: PATH_TRAVERSAL_MESSAGE };
  const absolute = raw.startsWith("/");
  return { ok: true, path: (absolute ? "/" : "") + names.join("/") };
}

/** The path of entry `name` in `folder`, or null for a name that is not one plain name. */
export function childPath(folder: string, name: string): string | null {
  if (name === "" || name === "." || name === ".." || name.includes("/") || name.includes("\\")) return null;
  if (hasInvalidCharacters(name)) return null;
  if (folder === "/") return `/${name}`;
  return folder === "" ? name : `${folder.replace(/\/+$/, "")}/${name}`;
}

/** The folders from the top down to `folder` ("/a/b": "/", "/a", "/a/b"), for a breadcrumb. */
export function breadcrumb(folder: string): { name: string; path: string }[] {
  const absolute = folder.startsWith("/");
  const names = folder.split("/").filter((name) => name !== "");
  const crumbs = absolute ? [{ name: "/", path: "/" }] : [];
  names.forEach((name, i) => {
    crumbs.push({ name, path: (absolute ? "/" : "") + names.slice(0, i + 1).join("/") });
  });
  return crumbs;
}

/** The folder above `folder`, or null at the top ("/" or a single name under the login folder). */
export function parentPath(folder: string): string | null {
  const crumbs = breadcrumb(folder);
  return crumbs.length >= 2 ? crumbs[crumbs.length - 2]!.path : null;
}

/** The download address of the file at `path` (admins only, see download.route.ts). */
export function downloadHref(path: string): string {
  return `/admin/ftp/download?path=${encodeURIComponent(path)}`;
}

/**
 * A Content-Disposition value for a downloaded file: a plain ASCII name (letters, digits, ".", "_",
 * "-"; no leading dot) and the exact name in RFC 5987 form for browsers that read it.
 */
export function attachmentDisposition(remotePath: string): string {
  const base = remotePath.split("/").pop() ?? "";
  const plain =
    base
      .replace(/[^A-Za-z0-9._-]/g, "_")
      .replace(/^\.+/, "")
      .slice(0, 120) || "download";
  const exact = encodeURIComponent(base).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return exact && exact !== plain
    ? `attachment; filename="${plain}"; filename*=UTF-8''${exact}`
    : `attachment; filename="${plain}"`;
}
