import { appendFileSync, existsSync, readFileSync } from "node:fs";
import axe from "axe-core";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect, inject } from "vitest";
import { fakeClientAddress } from "./admin-pool";

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * Debian's chromium-headless-shell (ADR 0051): the same engine without the browser around it, a
 * quarter less CPU for the journeys than the full browser, which is the fallback.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

/**
 * One browser per test file; each test gets a fresh context. Any console error or uncaught page
 * error (a hydration mismatch, a failed script) fails the test that caused it.
 */
export function useBrowser() {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];
  const pending: Promise<void>[] = [];

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
  afterEach(async (context) => {
    const open = contexts.flatMap((c) => c.pages()).filter((p) => !p.isClosed() && p.url().startsWith("http"));
    // A failed test says what each of its pages showed: in CI the log is all there is to read.
    if (context.task.result?.state === "fail") await Promise.all(open.map((p) => reportPage(p)));
    // The state each page ended in is checked too (dialogs, answers shown after the last load).
    await Promise.all(open.map((p) => checkAccessibility(p, errors)));
    await Promise.all(pending.splice(0));
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
        // Final states only for the axe-core checks: no half-faded toast or button mid-transition.
        reducedMotion: "reduce",
        // Each context is a shopper of its own for the per-address rate limits (the server trusts loopback).
        extraHTTPHeaders: { "x-forwarded-for": fakeClientAddress() },
      });
      contexts.push(context);
      const page = await context.newPage();
      waitForHydrationOnLoad(page);
      page.on("console", (msg) => {
        // Broken demo images are deliberate (they show the placeholder fallback).
        if (msg.type() === "error" && !expectedLoadFailure.test(msg.text())) errors.push(msg.text());
      });
      page.on("pageerror", (err) => errors.push(err.message));
      // Every page the run visits is checked with axe-core once loaded, the first time it is visited
      // at this width; the state each test ends in is checked as well (afterEach).
      page.on("load", () => {
        if (firstVisit(page.url(), viewport.width)) pending.push(checkAccessibility(page, errors));
      });
      return page;
    },
  };
}

/**
 * Whether this run has not yet checked this address (path and query) at this width on its load. The
 * list is a file of the run (global-setup), as each test file runs in a process of its own: axe-core
 * on every load took a third of the journeys' time, mostly on pages checked many times before.
 */
function firstVisit(url: string, width: number): boolean {
  const { pathname, search } = new URL(url);
  const key = `${width} ${pathname}${search}`;
  const file = inject("axeCheckedPagesFile");
  if (readFileSync(file, "utf8").split("\n").includes(key)) return false;
  appendFileSync(file, `${key}\n`);
  return true;
}

/** Prints a page's address and the start of its visible text, for a failed test's log. */
async function reportPage(page: Page): Promise<void> {
  const text = await page
    .evaluate(() => document.body.innerText.replace(/\s+/g, " ").trim().slice(0, 1500))
    .catch((error: unknown) => `(text not readable: ${String(error)})`);
  console.error(`page at the failure: ${page.url()}\n  ${text}`);
}

/** axe-core impacts that fail a browser test: the ones that keep someone from using the page. */
const FAILING_IMPACTS = new Set(["serious", "critical"]);

/**
 * Runs axe-core on the page as it is now and records every serious or critical violation as an
 * error of the test. A page that navigates away mid-check is checked again on its next load.
 */
function checkAccessibility(page: Page, errors: string[]): Promise<void> {
  // One axe run at a time per page (a load during a run waits for it).
  const next = (running.get(page) ?? Promise.resolve()).then(() => runAxe(page, errors));
  running.set(page, next);
  return next;
}

const running = new WeakMap<Page, Promise<void>>();

/**
 * Runs axe-core with the given rules only (e.g. a moderate rule a test cares about), queued after
 * the automatic check of the page; resolves to the violations.
 */
export function axeViolations(page: Page, rules: string[]) {
  const next = (running.get(page) ?? Promise.resolve()).then(async () =>
    page.isClosed() ? [] : (await analyze(page, rules)).violations,
  );
  running.set(
    page,
    next.then(
      () => undefined,
      () => undefined,
    ),
  );
  return next;
}

/**
 * axe-core run in the page itself, on its top document only (ADR 0057). The shop's only frames are
 * a mail's HTML part, sandboxed without scripts (ADR 0036): axe cannot run inside them, so they are
 * left out. @axe-core/playwright's default mode opened a blank page for every check to merge the
 * frames' results and injected axe twice; that was about half of a journey's renderer time.
 */
async function analyze(page: Page, rules?: string[]): Promise<axe.AxeResults> {
  for (let injections = 0; ; injections++) {
    const results = await page.evaluate(
      ({ rules }) => {
        const inPage = (window as unknown as { axe?: typeof axe }).axe;
        if (!inPage) return null;
        const options: axe.RunOptions = { iframes: false };
        if (rules) options.runOnly = { type: "rule", values: rules };
        return inPage.run({ exclude: ["iframe[sandbox]"] }, options);
      },
      { rules },
    );
    if (results) return results;
    // This document has no axe yet: a first check, or a load since the last one (a client-side
    // navigation keeps it). A page that keeps loading new documents is checked on its next load.
    if (injections === 3) throw new Error(`the page kept navigating during the axe check: ${page.url()}`);
    await page.evaluate(axe.source);
  }
}

/**
 * `page.goto` and `page.reload` also wait until the shop's page has hydrated, as a person waits
 * for a page to be ready: a click or typing before React takes over may be lost (a coupon code typed
 * into the checkout was emptied by hydration in a CI run). A test that acts before hydration on
 * purpose passes its own `waitUntil`, and then gets the page as soon as that moment comes.
 */
function waitForHydrationOnLoad(page: Page): void {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (!options?.waitUntil) await hydrated(page);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    if (!options?.waitUntil) await hydrated(page);
    return response;
  };
}

/**
 * Waits until a page of the shop (a React Router document) has hydrated: the toast region is
 * rendered only then (root.tsx). Other documents (a mail's HTML part, JSON) have nothing to wait for.
 */
async function hydrated(page: Page): Promise<void> {
  const isShopPage = await page
    .evaluate("typeof window.__reactRouterContext === 'object'")
    // The page went on to another document: that one is waited for by whatever brought it.
    .catch(() => false);
  if (isShopPage) await page.getByRole("region", { name: /^Notifications/ }).waitFor({ state: "attached" });
}

async function runAxe(page: Page, errors: string[]): Promise<void> {
  if (page.isClosed()) return;
  try {
    // Final states only: a part of the page that says it is busy (a product list dimmed while the
    // next filter loads) is checked once it is done, or as it is after a few seconds.
    await page
      .waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 5_000 })
      .catch(() => undefined);
    const results = await analyze(page);
    for (const violation of results.violations) {
      if (!FAILING_IMPACTS.has(violation.impact ?? "")) continue;
      const targets = violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(" "))
        .join(" | ");
      errors.push(`axe ${violation.impact}: ${violation.id} (${violation.help}) on ${page.url()}: ${targets}`);
    }
  } catch (error) {
    // Navigation or a closed page interrupted the check: the next load checks the new page.
    if (
      !/Execution context was destroyed|Target page, context or browser has been closed|navigat|detached|closed/i.test(
        String(error),
      )
    ) {
      errors.push(`axe could not check ${page.url()}: ${String(error)}`);
    }
  }
}
