import { hasInvalidCharacters } from "~/shared/forms/text-input";
import { fieldsOf, type FeedKind } from "./fields";

/**
 * The admin's import settings, as posted by the upload form, the FTP/SFTP form and the schedule form
 * (field → text, already read from the request). Pure: shared by the routes and their tests.
 */
import type { FeedFormat } from "./schema";

export type { FeedFormat };

/** Where the admin's feed upload posts (its own streamed body limit in server/app.ts). */
export const FEED_UPLOAD_PATH = "/admin/feeds/upload";

export type FeedOptions = { kind: FeedKind; format: FeedFormat; fullFeed: boolean; dryRun: boolean };
export type FormProblem = { field: string; message: string };
type Parsed<T> = { ok: true; value: T } | { ok: false; problem: FormProblem };

export const SEPARATOR_CHOICES = [
  { value: "", label: "Recognise" },
  { value: ";", label: "; (semicolon)" },
  { value: ",", label: ", (comma)" },
  { value: "tab", label: "Tab" },
  { value: "|", label: "| (pipe)" },
] as const;
export const ENCODING_CHOICES = [
  { value: "", label: "Recognise" },
  { value: "utf-8", label: "UTF-8" },
  { value: "windows-1252", label: "Windows-1252" },
] as const;
export const SYNTAX_CHOICES = [
  { value: "", label: "Recognise" },
  { value: "csv", label: "CSV" },
  { value: "xml", label: "XML" },
] as const;

/** Intervals a schedule may have: from every 15 minutes to once a week. */
export const SCHEDULE_MINUTES = { min: 15, max: 7 * 24 * 60 } as const;

const problem = (field: string, message: string) => ({ ok: false as const, problem: { field, message } });

/**
 * "ArtNo=Artikel; ConsumerPrice=Verkoopprijs": the supplier's own header for a field, by the
 * field's name in docs/supplier-feeds.md (case-insensitive).
 */
export function parseColumnMap(kind: FeedKind, text: string): Parsed<Partial<Record<string, string>>> {
  const columns: Partial<Record<string, string>> = {};
  const fields = fieldsOf(kind);
  for (const part of text.split(/[;\n]/)) {
    if (part.trim() === "") continue;
    const [name, header] = part.split("=").map((s) => s.trim());
    const field = fields.find(
      (f) => f.toLowerCase() === (name ?? "").toLowerCase() || label(f) === (name ?? "").toLowerCase(),
    );
    if (!field || !header)
      return problem("columns", `Write each as Field=Header, e.g. ArtNo=Artikel ("${part.trim().slice(0, 40)}")`);
    columns[field] = header;
  }
  return { ok: true, value: columns };
}

/** The spec's names, as the documentation and the placeholders write them. */
const label = (field: string) =>
  (
    ({
      quantity: "artquantity",
      images: "posimages",
      keyword: "articlekeyword",
      vat: "vat",
      category: "category_id",
    }) as Record<string, string>
  )[field] ?? field.toLowerCase();

export function parseFeedOptions(form: Record<string, string | undefined>): Parsed<FeedOptions> {
  for (const [field, value] of Object.entries(form)) {
    if (value !== undefined && hasInvalidCharacters(value, { multiLine: field === "columns" }))
      return problem(field, "Invalid characters in this field");
  }
  const kind = form.kind;
  if (kind !== "products" && kind !== "stock") return problem("kind", "Choose a product feed or a stock feed");
  const format: FeedFormat = {};
  const syntax = form.syntax ?? "";
  if (syntax === "csv" || syntax === "xml") format.syntax = syntax;
  else if (syntax !== "") return problem("syntax", "Choose CSV, XML or Recognise");
  const encoding = form.encoding ?? "";
  if (encoding === "utf-8" || encoding === "windows-1252") format.encoding = encoding;
  else if (encoding !== "") return problem("encoding", "Choose UTF-8, Windows-1252 or Recognise");
  const separator = form.separator ?? "";
  if (separator === "tab") format.separator = "\t";
  else if (separator === ";" || separator === "," || separator === "|") format.separator = separator;
  else if (separator !== "") return problem("separator", "Choose a separator or Recognise");
  const columnsText = (form.columns ?? "").trim();
  if (columnsText.length > 2000) return problem("columns", "At most 2000 characters");
  if (columnsText) {
    const columns = parseColumnMap(kind, columnsText);
    if (!columns.ok) return columns;
    format.columns = columns.value;
  }
  const on = (v: string | undefined) => v === "on" || v === "true" || v === "1";
  return {
    ok: true,
    value: { kind, format, fullFeed: kind === "products" && on(form.fullFeed), dryRun: on(form.dryRun) },
  };
}

/** A path on the supplier's server: text a person types, not empty, not too long. */
export function parseRemotePath(value: string | undefined): Parsed<string> {
  const path = (value ?? "").trim();
  if (path === "") return problem("remotePath", "Enter the file's path on the server, e.g. /export/voorraad.csv");
  if (path.length > 1024 || hasInvalidCharacters(path)) return problem("remotePath", "Not a valid path");
  return { ok: true, value: path };
}

export function parseInterval(value: string | undefined): Parsed<number> {
  const raw = (value ?? "").trim();
  const minutes = /^\d{1,5}$/.test(raw) ? Number(raw) : NaN;
  if (!(minutes >= SCHEDULE_MINUTES.min && minutes <= SCHEDULE_MINUTES.max))
    return problem("intervalMinutes", `Enter whole minutes from ${SCHEDULE_MINUTES.min} to ${SCHEDULE_MINUTES.max}`);
  return { ok: true, value: minutes };
}

/** The file name as shown in the report: the last part of what the browser sent, printable, short. */
export function displayFileName(name: string | undefined): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f-\u009f]/g, "").trim();
  return (clean || "upload").slice(0, 200);
}
