import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect, inject } from "vitest";
import { fakeClientAddress } from "./admin-pool";

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * One browser per test file; each test gets a fresh context. Any console error or uncaught page
 * error (a hydration mismatch, a failed script) fails the test that caused it.
 */
export function useBrowser() {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    });
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
    const seen = errors.splice(0);
    expect(seen, "errors in the browser console").toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  return {
    baseUrl: () => inject("baseUrl"),
    /**
     * A page in a fresh context (own cookies). `expectedStatuses` are HTTP error statuses the test
     * provokes on purpose (e.g. 503 of the maintenance screen), whose console line is not an error.
     */
    async newPage(viewport = DESKTOP, opts: { expectedStatuses?: number[] } = {}): Promise<Page> {
      const allowed = [404, ...(opts.expectedStatuses ?? [])].join("|");
      const expectedLoadFailure = new RegExp(`Failed to load resource.*(${allowed})`);
      const context = await browser.newContext({
        viewport,
        baseURL: inject("baseUrl"),
        locale: "nl-NL",
        // Each context is a shopper of its own for the per-address rate limits (the server trusts loopback).
        extraHTTPHeaders: { "x-forwarded-for": fakeClientAddress() },
      });
      contexts.push(context);
      const page = await context.newPage();
      page.on("console", (msg) => {
        // Broken demo images are deliberate (they show the placeholder fallback).
        if (msg.type() === "error" && !expectedLoadFailure.test(msg.text())) errors.push(msg.text());
      });
      page.on("pageerror", (err) => errors.push(err.message));
      return page;
    },
  };
}
