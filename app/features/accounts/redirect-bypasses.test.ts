import { describe, expect, it } from "vitest";
import { safeRedirect } from "./credentials";
import { isLocalPath } from "./local-path";
import { stravaReturnPath } from "./strava-return-path";

const SHOP = "https://shop.example.nl";

/**
 * Known open-redirect tricks (OWASP, PortSwigger and browser-quirk lists): each must end on the
 * fallback, never on a value a browser could read as another origin.
 */
const BYPASSES: string[] = [
  // dot segments that normalise into "//host"
  "/.//evil.example",
  "/a/..//evil.example",
  "/./\\evil.example",
  "/a/../\\evil.example",
  "/%2e//evil.example",
  "/%2E%2E//evil.example",
  // protocol-relative and the backslash forms browsers treat alike
  "//evil.example",
  "///evil.example",
  "/\\evil.example",
  "/\\/evil.example",
  "\\/evil.example",
  "\\\\evil.example",
  // encoded slashes and backslashes
  "/%2f%2fevil.example",
  "/%2F%2Fevil.example",
  "/%5cevil.example",
  "/%5C%5Cevil.example",
  "/%2f%5cevil.example",
  // tabs, newlines and other controls that URL parsers drop
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/\u0000/evil.example",
  "/%09/evil.example",
  "/%0a/evil.example",
  "/%0d%0a/evil.example",
  "/%00/evil.example",
  // whitespace before the slashes
  " //evil.example",
  "\t//evil.example",
  "\u00a0//evil.example",
  "\u3000//evil.example",
  "/ /evil.example",
  "/%20/evil.example",
  // credentials and schemes
  "//trapkracht.nl@evil.example",
  "https://trapkracht.nl@evil.example/",
  "https://evil.example/",
  "http:evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  " javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  // unicode look-alikes of "/" and "\" in the leading position
  "\uff0f\uff0fevil.example",
  "\u2215\u2215evil.example",
  "\uff3c\uff3cevil.example",
  // not a path at all
  "evil.example",
  "",
];

describe("the final-value check", () => {
  it.each([["/"], ["/orders"], ["/product/123?x=1#top"], ["/%20zoek"], ["/@beheer"], ["/a%2fb"]])(
    "keeps the local path %j",
    (path) => {
      expect(isLocalPath(path)).toBe(true);
    },
  );

  it.each([["//evil.example"], ["/\\evil.example"], ["/%2f/evil.example"], ["/%5cevil.example"], ["/%09/evil"]])(
    "refuses %j",
    (path) => {
      expect(isLocalPath(path)).toBe(false);
    },
  );
});

describe("safeRedirect against known bypasses", () => {
  it.each(BYPASSES.map((b) => [b]))("sends %j to the fallback", (to) => {
    expect(safeRedirect(to)).toBe("/");
  });

  it("keeps ordinary paths, with dot segments resolved, query and fragment", () => {
    expect(safeRedirect("/a/../orders")).toBe("/orders");
    expect(safeRedirect("/./cart")).toBe("/cart");
    expect(safeRedirect("/products?q=a%2Fb#top")).toBe("/products?q=a%2Fb#top");
    expect(safeRedirect("/@beheer")).toBe("/@beheer");
  });

  it("keeps a unicode look-alike after the first slash as an escaped path on this site", () => {
    expect(safeRedirect("/\uff0fevil.example")).toBe("/%EF%BC%8Fevil.example");
    expect(safeRedirect("/\u2215evil.example")).toBe("/%E2%88%95evil.example");
  });

  it("uses the given fallback", () => {
    expect(safeRedirect("/.//evil.example", "/account")).toBe("/account");
  });
});

describe("stravaReturnPath against known bypasses in the Referer", () => {
  it.each([
    ["https://shop.example.nl//evil.example"],
    ["https://shop.example.nl/.//evil.example"],
    ["https://shop.example.nl/a/..//evil.example"],
    ["https://shop.example.nl/./\\evil.example"],
    ["https://shop.example.nl/\\evil.example"],
    ["https://shop.example.nl/%2f%2fevil.example"],
    ["https://shop.example.nl/%5cevil.example"],
    ["https://shop.example.nl/%09/evil.example"],
    ["https://shop.example.nl@evil.example/"],
    ["//evil.example/"],
    ["/\\evil.example"],
    ["javascript:alert(1)"],
    ["data:text/html,x"],
  ])("goes home for %j", (referer) => {
    expect(stravaReturnPath(referer, SHOP)).toBe("/");
  });

  it("still goes back to an ordinary page of the shop", () => {
    expect(stravaReturnPath("https://shop.example.nl/a/../products?cat=12", SHOP)).toBe("/products?cat=12");
  });
});
