import { expect } from "vitest";
import type { TestApp } from "./app";
import { flashOf } from "./flash";

/**
 * The toast requireAdmin sends anyone but an admin home with. Written out here rather than imported
 * from the app, so a change to what the shop says fails the tests.
 */
export const ACCESS_DENIED_FLASH = {
  kind: "error",
  title: "Access Denied",
  description: "You must be logged in to access the admin dashboard",
};

export type Visitor = { who: string; cookie: () => string };

/**
 * The two visitors every admin page and action turns away, for `describe.each` / `it.each` (or a
 * `for` loop): a guest (no cookie) and a signed-in customer. The cookie is read when the test runs,
 * after the beforeAll that signed the customer in.
 */
export function guestAndCustomer(customerCookie: () => string): Visitor[] {
  return [
    { who: "a guest", cookie: () => "" },
    { who: "a signed-in customer", cookie: customerCookie },
  ];
}

/**
 * A request requireAdmin refused: a document or resource request (a page, a CSV, a download, a form
 * post) is sent to / with a 302; a single-fetch request (a path ending in `.data`) gets React
 * Router's encoded redirect to / with a 202. Both carry the Access Denied toast, and the body shows
 * none of `hidden` (what the admin would have seen). Returns the body.
 */
export async function expectAccessDenied(res: Response, options: { hidden?: string[] } = {}): Promise<string> {
  const what = `${res.url} (${res.status})`;
  const body = await res.text();
  if (new URL(res.url).pathname.endsWith(".data")) {
    expect(res.status, what).toBe(202);
    expect(res.headers.get("x-remix-response"), what).toBe("yes");
    expect(body, what).toMatch(/redirect[\s\S]*"\/"/);
  } else {
    expect(res.status, what).toBe(302);
    expect(res.headers.get("location"), what).toBe("/");
  }
  for (const text of options.hidden ?? []) expect(body, what).not.toContain(text);
  expect(flashOf(res), what).toEqual(ACCESS_DENIED_FLASH);
  return body;
}

/** A GET of a path, or a same-origin form post of `fields` to it. */
export type AdminRequest = string | { path: string; fields: Record<string, string> };

/**
 * Sends each request with `cookie` (a guest's "" or a customer's) and expects each to be refused as
 * expectAccessDenied describes. With `unchanged`, that snapshot is taken before and after every
 * request and must not differ: the refused request wrote nothing.
 */
export async function expectAdminOnly(
  app: TestApp,
  cookie: string,
  requests: AdminRequest[],
  options: { hidden?: string[]; unchanged?: () => Promise<unknown> } = {},
) {
  const init = cookie ? { headers: { cookie } } : {};
  for (const request of requests) {
    const before = await options.unchanged?.();
    const res =
      typeof request === "string" ? await app.get(request, init) : await app.post(request.path, request.fields, init);
    await expectAccessDenied(res, options);
    if (options.unchanged) {
      const what = typeof request === "string" ? request : `${request.path} ${request.fields.intent ?? ""}`;
      expect(await options.unchanged(), what).toEqual(before);
    }
  }
}
