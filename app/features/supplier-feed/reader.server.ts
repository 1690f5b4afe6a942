import fs from "node:fs";
import type { Transform } from "node:stream";
import { isUtf8 } from "node:buffer";
import { Parser as CsvParser, type CsvError, type Options as CsvOptions } from "csv-parse";
import iconv from "iconv-lite";
import { SaxesParser } from "saxes";
import type { FeedFormat, FeedKind } from "./schema";
import { CsvRecordGuard, QuoteNeverClosedError } from "./csv-record-guard.server";
import { mapHeader, missingColumns, type FeedField } from "./fields";

/**
 * Reads a supplier feed file as a stream of rows, whatever its shape: CSV (separator recognised from
 * the header line) or XML (one element per article under the root), UTF-8 or Windows-1252. Memory
 * stays flat: one chunk of the file and the rows parsed from it at a time.
 *
 * A file that cannot be read at all throws FeedFileError (the run fails with its message, before any
 * change); a row that cannot be read comes out as a row with an `error` (rejected with its line).
 */
export class FeedFileError extends Error {
  override name = "FeedFileError";
}

export type FeedRow =
  | { line: number; values: Partial<Record<FeedField, string>>; error?: undefined }
  | { line: number; error: string; artNo?: string | null };

export const MAX_COLUMNS = 100;
/** One CSV record or XML field: a long HTML description fits, a file without line ends does not. */
export const MAX_RECORD_CHARS = 1_000_000;
const MAX_CHARS_TEXT = MAX_RECORD_CHARS.toLocaleString("en");
const SNIFF_BYTES = 64 * 1024;
const SEPARATORS = [";", ",", "\t", "|"] as const;

type Sniffed = { syntax: "csv" | "xml"; encoding: "utf-8" | "windows-1252"; separator: string; text: string };

async function sniff(filePath: string, format: FeedFormat): Promise<Sniffed> {
  const handle = await fs.promises.open(filePath, "r");
  let head: Buffer;
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  if (head.length === 0) throw new FeedFileError("The file is empty");
  if (head.includes(0)) throw new FeedFileError("This is not a CSV or XML file: it contains binary data");
  // Judge UTF-8 on whole lines: the sample may end inside a character.
  const lastBreak = head.lastIndexOf(0x0a);
  const sample = head.length === SNIFF_BYTES && lastBreak > 0 ? head.subarray(0, lastBreak) : head;
  const encoding = format.encoding ?? (isUtf8(sample) ? "utf-8" : "windows-1252");
  const text = iconv.decode(sample, encoding === "utf-8" ? "utf8" : "win1252").replace(/^\uFEFF/, "");
  const first = text.trimStart()[0];
  const syntax = format.syntax ?? (first === "<" ? "xml" : "csv");
  const headerLine = text.split(/\r?\n/, 1)[0] ?? "";
  const separator =
    format.separator ??
    SEPARATORS.map((s) => [s, headerLine.split(s).length] as const).sort((a, b) => b[1] - a[1])[0]![0];
  return { syntax, encoding, separator, text };
}

/**
 * csv-parse, each record handed out with the line it ends on. The parser's `info` option does that
 * too, but builds a dozen-field object per record (two copies of its counters): about half the time
 * of reading a million-row stock feed went to those objects and their garbage. `info.lines` is the
 * same counter that option copies, read at the same moment (when the record is pushed).
 */
type NumberedRecord = { record: string[]; line: number };
class LineNumberedCsvParser extends CsvParser {
  constructor(options: CsvOptions) {
    super({ ...options, info: false });
  }
  override push(record: unknown, encoding?: BufferEncoding): boolean {
    if (record === null) return super.push(null, encoding);
    return super.push({ record: record as string[], line: this.info.lines } satisfies NumberedRecord, encoding);
  }
}

function decodedStream(filePath: string, encoding: Sniffed["encoding"]) {
  const file = fs.createReadStream(filePath, { highWaterMark: 64 * 1024 });
  const decoded = file.pipe(iconv.decodeStream(encoding === "utf-8" ? "utf8" : "win1252")) as unknown as Transform;
  file.on("error", (error) => decoded.destroy(error));
  // Closing the decoder (a reader that stops early) closes the file too.
  decoded.on("close", () => file.destroy());
  return decoded;
}

/** The file's rows, each with the fields the shop reads, in file order. */
export async function* readFeed(filePath: string, kind: FeedKind, format: FeedFormat = {}): AsyncGenerator<FeedRow> {
  const sniffed = await sniff(filePath, format);
  if (sniffed.syntax === "xml") yield* readXml(filePath, kind, format, sniffed);
  else yield* readCsv(filePath, kind, format, sniffed);
}

async function* readCsv(filePath: string, kind: FeedKind, format: FeedFormat, sniffed: Sniffed) {
  const skipped: FeedRow[] = [];
  // Records over the size limit, taken out before the parser (csv-record-guard.server.ts).
  const oversized: FeedRow[] = [];
  /** The next rejection in file order, of either kind, before `line`. */
  const nextRejectionBefore = (line: number): FeedRow | undefined => {
    const a = skipped[0];
    const b = oversized[0];
    const first = a && (!b || a.line <= b.line) ? a : b;
    if (!first || first.line >= line) return undefined;
    return (first === a ? skipped : oversized).shift();
  };
  let header: (FeedField | null)[] | null = null;
  const parser = new LineNumberedCsvParser({
    delimiter: sniffed.separator,
    bom: true,
    skip_empty_lines: true,
    // No max_record_size here: the guard in front of the parser removes long records (the parser
    // cannot go on after that error of its own).
    // Inches are written 28" in a bike shop: a quote inside a field is text. A field that opens
    // with a quote and does not close it properly is caught below, a quote never closed here.
    relax_quotes: true,
    // A row with broken quoting or the wrong number of fields is rejected with its line; the rest
    // of the file is still read.
    skip_records_with_error: true,
    on_skip: (error: CsvError | undefined) => {
      if (!error) return;
      const { lines, records } = error as unknown as { lines?: number; records?: number };
      const line = Number(lines ?? 0);
      // The parser runs ahead of this reader: no record yet means the header line itself.
      if (!records) throw new FeedFileError(`The header line cannot be read: ${csvReason(error)}`);
      // A quote open at the end of the file swallowed the rows after it: the file cannot be followed.
      if ((error as { code?: string }).code === "CSV_QUOTE_NOT_CLOSED")
        throw new FeedFileError(`The file cannot be read as CSV: ${csvReason(error)}`);
      skipped.push({ line, error: csvReason(error) });
    },
  });
  const input = decodedStream(filePath, sniffed.encoding);
  const guard = new CsvRecordGuard(sniffed.separator, MAX_RECORD_CHARS, (line) => {
    if (line === 1)
      parser.destroy(
        new FeedFileError(`The header line cannot be read: it is longer than ${MAX_CHARS_TEXT} characters`),
      );
    else oversized.push({ line, error: csvReason({ code: "CSV_MAX_RECORD_SIZE" }) });
  });
  input.on("error", (error) => guard.destroy(error));
  guard.on("error", (error) => parser.destroy(error));
  input.pipe(guard).pipe(parser);
  try {
    for await (const { record, line } of parser as AsyncIterable<NumberedRecord>) {
      // The parser runs ahead: hand out its rejections in file order, between the records.
      for (let r = nextRejectionBefore(line); r; r = nextRejectionBefore(line)) yield r;
      if (header === null) {
        if (record.length > MAX_COLUMNS)
          throw new FeedFileError(`The header has ${record.length} columns; a feed has at most ${MAX_COLUMNS}`);
        header = mapHeader(kind, record, format.columns);
        const missing = missingColumns(kind, new Set(header.filter((f): f is FeedField => f !== null)));
        if (missing.length)
          throw new FeedFileError(
            `The header has no ${missing.join(" or ")} column (separator "${printable(sniffed.separator)}"; found: ${record.slice(0, 8).join(", ").slice(0, 200)})`,
          );
        continue;
      }
      if (record.some((value) => value.startsWith('"'))) {
        yield { line, error: csvReason({ code: "CSV_INVALID_CLOSING_QUOTE" }) };
        continue;
      }
      const values: Partial<Record<FeedField, string>> = {};
      header.forEach((field, i) => {
        if (field) values[field] = record[i] ?? "";
      });
      yield { line, values };
    }
    for (let r = nextRejectionBefore(Infinity); r; r = nextRejectionBefore(Infinity)) yield r;
  } catch (error) {
    if (error instanceof FeedFileError) throw error;
    if (error instanceof QuoteNeverClosedError)
      throw new FeedFileError(`The file cannot be read as CSV: ${error.message}`);
    throw new FeedFileError(`The file cannot be read as CSV: ${csvReason(error)}`);
  } finally {
    input.destroy();
    guard.destroy();
  }
  if (header === null) throw new FeedFileError("The file has no header line");
}

function csvReason(error: unknown): string {
  const code = (error as { code?: string }).code;
  switch (code) {
    case "CSV_RECORD_INCONSISTENT_FIELDS_LENGTH":
    case "CSV_RECORD_DONT_MATCH_COLUMNS_LENGTH":
      return "the row has a different number of fields than the header";
    case "CSV_INVALID_CLOSING_QUOTE":
    case "CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE":
    case "INVALID_OPENING_QUOTE":
      return "broken quoting (a quote that is not closed, or text after a closing quote)";
    case "CSV_QUOTE_NOT_CLOSED":
      return "a quote opened on an earlier line is never closed: the rows up to here are lost in it";
    case "CSV_MAX_RECORD_SIZE":
      return `the row is longer than ${MAX_CHARS_TEXT} characters; the reader went on with the next line`;
    default:
      return error instanceof Error ? error.message.slice(0, 200) : "unreadable";
  }
}

const printable = (s: string) => (s === "\t" ? "tab" : s);

/**
 * XML: the root element holds one element per article (any name: Product, Article, Stock…); its
 * child elements (and attributes) are the fields, by the same names as the CSV header. A DOCTYPE is
 * refused outright: the shop never expands entities, so neither "billion laughs" nor an external
 * entity can do anything.
 */
async function* readXml(filePath: string, kind: FeedKind, format: FeedFormat, sniffed: Sniffed) {
  const parser = new SaxesParser({ position: true });
  const ready: FeedRow[] = [];
  const fieldOf = new Map<string, FeedField | null>();
  const resolve = (name: string) => {
    if (!fieldOf.has(name)) fieldOf.set(name, mapHeader(kind, [name], format.columns)[0] ?? null);
    return fieldOf.get(name)!;
  };
  let depth = 0;
  let record: { line: number; values: Partial<Record<FeedField, string>>; error: string | null; count: number } | null =
    null;
  let field: FeedField | null = null;
  let fieldText = "";
  let failure: Error | null = null;

  parser.on("doctype", () => {
    failure ??= new FeedFileError(
      "XML with a DOCTYPE is refused: the shop does not process DTDs or entities (entity expansion, external entities)",
    );
  });
  parser.on("error", (error) => {
    failure ??= new FeedFileError(`The file is not well-formed XML: ${error.message.slice(0, 200)}`);
  });
  parser.on("opentag", (tag) => {
    depth++;
    if (depth === 2) {
      record = { line: parser.line, values: {}, error: null, count: 0 };
      for (const [name, value] of Object.entries(tag.attributes)) {
        const f = resolve(name);
        if (f) record.values[f] = String(value);
      }
    } else if (depth === 3 && record) {
      if (++record.count > MAX_COLUMNS) record.error ??= `The article has more than ${MAX_COLUMNS} fields`;
      field = resolve(tag.name);
      fieldText = "";
    }
  });
  const addText = (value: string) => {
    if (depth >= 3 && field && record) {
      fieldText += value;
      if (fieldText.length > MAX_RECORD_CHARS) {
        record.error ??= `A field is longer than ${MAX_CHARS_TEXT} characters`;
        fieldText = "";
      }
    }
  };
  parser.on("text", addText);
  parser.on("cdata", addText);
  parser.on("closetag", () => {
    if (depth === 3 && record && field) {
      const previous = record.values[field];
      // A repeated field (several <Image> elements) is a list, as PosImages writes it.
      record.values[field] = previous === undefined ? fieldText : `${previous};${fieldText}`;
      field = null;
    } else if (depth === 2 && record) {
      const done = record;
      if (done.error) ready.push({ line: done.line, error: done.error, artNo: done.values.artNo ?? null });
      else if (done.values.artNo === undefined) ready.push({ line: done.line, error: "The article has no ArtNo" });
      else if (kind === "stock" && done.values.quantity === undefined)
        ready.push({ line: done.line, error: "The article has no ArtQuantity", artNo: done.values.artNo });
      else ready.push({ line: done.line, values: done.values });
      record = null;
    }
    depth--;
  });

  const input = decodedStream(filePath, sniffed.encoding);
  let sawRoot = false;
  try {
    for await (const chunk of input as AsyncIterable<string>) {
      parser.write(chunk);
      if (failure) throw failure;
      sawRoot ||= depth > 0 || ready.length > 0;
      while (ready.length) yield ready.shift()!;
    }
    parser.close();
    if (failure) throw failure;
    while (ready.length) yield ready.shift()!;
  } finally {
    input.destroy();
  }
  if (!sawRoot) throw new FeedFileError("The XML file has no elements");
}
