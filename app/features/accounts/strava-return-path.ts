import { localPathOf } from "./local-path";

/**
 * Where a failed Strava start sends the shopper back to: the page the button was on (its Referer)
 * when that is one of our own pages, otherwise the home page. Never another site (open redirect).
 */
export function stravaReturnPath(referer: string | null | undefined, publicUrl: string): string {
  if (!referer) return "/";
  try {
    const own = new URL(publicUrl).origin;
    const url = new URL(referer, own);
    if (url.origin !== own) return "/";
    // Back to a page, not to the start route itself or to the OAuth plumbing.
    if (url.pathname === "/auth/strava" || url.pathname.startsWith("/api/")) return "/";
    // The normalised path is what the Location header gets: "https://shop//evil.example" must not
    // come back as "//evil.example".
    return localPathOf(url) ?? "/";
  } catch {
    return "/";
  }
}
