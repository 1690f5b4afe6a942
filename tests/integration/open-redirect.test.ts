import { describe, expect, it } from "vitest";
import { useTestApp } from "../support/fixture";
import { createUser, signedInUser } from "../support/users";

/**
 * The login page's `redirectTo` (GET and POST) and the Strava start's Referer never send a browser
 * to another site, whatever the value looks like before or after URL normalisation.
 */

const BYPASSES = [
  "/.//evil.example",
  "/a/..//evil.example",
  "/./\\evil.example",
  "/%2e//evil.example",
  "//evil.example",
  "/\\evil.example",
  "/\\/evil.example",
  "\\/evil.example",
  "/%2f%2fevil.example",
  "/%5cevil.example",
  "/\t/evil.example",
  "/%09/evil.example",
  "/%0a/evil.example",
  " //evil.example",
  "//trapkracht.nl@evil.example",
  "https://evil.example/",
  "javascript:alert(1)",
  "data:text/html,x",
  "\uff0f\uff0fevil.example",
];

const { app, database } = useTestApp();

/** Where a browser would go for this Location (or form value), resolved against the shop. */
const landsOn = (value: string) => new URL(value, app.url).origin;

function hiddenRedirectTo(html: string): string {
  const match = /<input type="hidden" name="redirectTo" value="([^"]*)"/.exec(html);
  expect(match, "the login form's hidden redirectTo field").toBeTruthy();
  return match![1]!.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#x27;", "'");
}

let network = 0;
/** Each sign-in from a network of its own, so only the redirect is under test here. */
const freshAddress = () => `198.18.${++network}.1`;

describe("GET /login?redirectTo=…", () => {
  it.each(BYPASSES.map((b) => [b]))("writes only a local path into the hidden field for %j", async (bypass) => {
    const page = await app.html(`/login?redirectTo=${encodeURIComponent(bypass)}`);
    expect(page.status).toBe(200);
    const value = hiddenRedirectTo(page.html);
    expect(value).toBe("/");
  });

  it("keeps an ordinary page", async () => {
    const page = await app.html(`/login?redirectTo=${encodeURIComponent("/a/../orders")}`);
    expect(hiddenRedirectTo(page.html)).toBe("/orders");
  });

  it.each(BYPASSES.map((b) => [b]))("sends a signed-in visitor home for %j", async (bypass) => {
    const user = await signedInUser(app, database.db);
    const res = await app.get(`/login?redirectTo=${encodeURIComponent(bypass)}`, {
      headers: { cookie: user.cookie },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
  });
});

describe("POST /login (sign-in) with redirectTo", () => {
  it.each(BYPASSES.map((b) => [b]))("redirects to this site only for %j", async (bypass) => {
    const user = await createUser(database.db);
    const res = await app.post(
      "/login",
      { intent: "login", email: user.email, password: user.password, redirectTo: bypass },
      { headers: { "x-forwarded-for": freshAddress() } },
    );
    expect(res.status).toBe(302);
    const location = res.headers.get("location")!;
    expect(location).toBe("/");
    expect(landsOn(location)).toBe(app.url);
  });

  it("still follows an ordinary redirectTo", async () => {
    const user = await createUser(database.db);
    const res = await app.post(
      "/login",
      { intent: "login", email: user.email, password: user.password, redirectTo: "/cart" },
      { headers: { "x-forwarded-for": freshAddress() } },
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/cart");
  });
});

describe("POST /auth/strava with a crafted Referer", () => {
  // Without Strava configured the start fails at once and goes back to the Referer's page.
  it.each([["//evil.example"], ["/.//evil.example"], ["/a/..//evil.example"], ["/%2f%2fevil.example"]])(
    "goes back home for the shop's own origin followed by %j",
    async (path) => {
      const res = await app.post(
        "/auth/strava",
        { intent: "login" },
        { headers: { referer: `${app.url}${path}`, "x-forwarded-for": freshAddress() } },
      );
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/");
    },
  );
});
