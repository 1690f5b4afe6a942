/**
 * Text that reaches the shop from outside (form fields, URL parameters, path segments) must be text a
 * person could have typed. Control characters never are: a text input cannot produce them, only a
 * script can, and PostgreSQL refuses NUL (U+0000) in text outright, which turned such a value into a
 * 500 (issue 12). Lone surrogates are not characters at all and cannot be stored as UTF-8.
 *
 * Refused: C0 controls (U+0000–U+001F) except TAB, LF and CR in multi-line fields, DEL (U+007F), C1
 * controls (U+0080–U+009F) and unpaired surrogates. Plain module without zod: the catalogue's URL parser
 * runs in the browser too. The zod form of the check is text-field.ts.
 */

export const INVALID_CHARACTERS_MESSAGE = "Ongeldige tekens in dit veld";

export type TextRules = {
  /** A textarea: TAB, LF and CR are allowed. */
  multiLine?: boolean;
};

/** True when the value holds a character no person types (see above). */
export function hasInvalidCharacters(value: string, rules: TextRules = {}): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20) {
      if (rules.multiLine && (c === 0x09 || c === 0x0a || c === 0x0d)) continue;
      return true;
    }
    if (c >= 0x7f && c <= 0x9f) return true;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      return true;
    }
    if (c >= 0xdc00 && c <= 0xdfff) return true;
  }
  return false;
}

/**
 * A URL parameter or path segment as text, or null when it is missing or holds invalid characters:
 * the page then answers as if the parameter were absent (an unknown value, a 404), never with a 500.
 */
export function textParam(value: string | null | undefined): string | null {
  return value == null || hasInvalidCharacters(value) ? null : value;
}
