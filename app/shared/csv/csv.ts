/**
 * CSV as Dutch Excel opens it with a double click: semicolons between cells (Excel takes the list
 * separator from the locale, and in nl-NL that is ";" because "," is the decimal sign), a UTF-8
 * byte order mark (without it Excel reads the file as Windows-1252 and "Müller" or "€" come out
 * garbled), decimal commas without thousands separators or currency sign (so amounts are numbers
 * Excel can add up) and CRLF line ends. Pure: unit-tested next to this file.
 */
export const CSV_BOM = "\uFEFF";
export const CSV_SEPARATOR = ";";
export const CSV_LINE_END = "\r\n";

/**
 * Text from shoppers (names, e-mail addresses) could start a formula: "=HYPERLINK(…)" in a name runs
 * when the owner opens the file (CSV injection, OWASP). A leading apostrophe makes Excel and
 * LibreOffice show the text as text; tab and carriage return are on OWASP's list too.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One text cell: neutralised when it could start a formula, quoted when it holds ; " or a line end. */
export function csvText(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** An amount in cents as Dutch Excel reads a number: 1234,50 (never a formula: digits only). */
export function csvMoney(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
}

/** A row of already formatted cells (csvText / csvMoney), with its line end. */
export function csvRow(cells: readonly string[]): string {
  return cells.join(CSV_SEPARATOR) + CSV_LINE_END;
}
