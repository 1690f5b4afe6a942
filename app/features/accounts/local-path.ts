/**
 * The one check behind every "send the browser back to a page of ours" (after signing in, after a
 * failed Strava start): the value that is finally written into a Location header or a form field
 * must be a path on this site. The check runs on that final value, after URL normalisation, because
 * normalising turns harmless-looking input into a protocol-relative URL: "/.//evil.example",
 * "/a/..//evil.example" and "/./\evil.example" all become "//evil.example".
 */

const isControlOrSpace = (c: string) => c.charCodeAt(0) <= 0x20 || c.charCodeAt(0) === 0x7f;

/**
 * True for a path that every browser resolves against the current origin: one "/" not followed by
 * another "/" or "\" (browsers read "/\host" like "//host"), no control characters or whitespace
 * (which URL parsers drop, so "/\t/host" reads as "//host"). The same must hold once
 * percent-escapes are decoded, for consumers that decode before they navigate.
 */
export function isLocalPath(path: string): boolean {
  if (!startsAsLocalPath(path) || [...path].some(isControlOrSpace)) return false;
  // Byte-wise decoding is enough here: only ASCII characters ("/", "\\", controls) matter.
  const decoded = path.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return startsAsLocalPath([...decoded].filter((c) => !isControlOrSpace(c)).join(""));
}

function startsAsLocalPath(path: string): boolean {
  return path.startsWith("/") && path[1] !== "/" && path[1] !== "\\";
}

/**
 * The path (with query and, if asked, fragment) of a URL already known to be on our origin, or null
 * when it would not stay on our origin once written back.
 */
export function localPathOf(url: URL, opts: { hash?: boolean } = {}): string | null {
  const path = `${url.pathname}${url.search}${opts.hash ? url.hash : ""}`;
  return isLocalPath(path) ? path : null;
}
