import type { Request, RequestHandler } from "express";
import type { Auth } from "../app/features/accounts/index.server";
import type { Db } from "../app/db/client.server";
import type { Logger } from "../app/shared/logging/logger.server";
import { isMaintenanceMode } from "../app/features/site-settings/index.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Signing in and out must keep working while the shop is closed: an admin signs in from the screen. */
const OPEN_FOR_POST = new Set(["/login", "/logout"]);
/**
 * Sign-in links, the payment provider's webhooks (a paid order must be confirmed even now) and the
 * built-in test supplier (it stands in for an outside supplier, which our maintenance does not close).
 */
const OPEN_PREFIXES = ["/auth/", "/api/auth/", "/api/payments/", "/api/test-supplier/"];

/** Resource routes that would show the shop while it is closed (pages get the screen from the root loader). */
const CLOSED_RESOURCES = new Set(["/api/search-suggestions", "/sitemap.xml"]);

export const MAINTENANCE_REFUSAL = "De website is tijdelijk in onderhoud. Probeer het later opnieuw.";

/**
 * The path as React Router will match it: dot segments resolved (by URL), each segment decoded on
 * its own (an encoded "/" stays inside its segment), case folded, no trailing slash and no ".data"
 * suffix of single-fetch requests. Comparing anything less exact would let "/SITEMAP.XML" through.
 */
export function routePath(originalUrl: string): string {
  let pathname: string;
  try {
    pathname = new URL(originalUrl, "http://localhost").pathname;
  } catch {
    return originalUrl;
  }
  const decoded = pathname
    .split("/")
    .map((segment) => {
      try {
        return decodeURIComponent(segment).replace(/\//g, "%2F");
      } catch {
        return segment;
      }
    })
    .join("/")
    .toLowerCase()
    .replace(/\/+$/, "");
  const path = decoded.endsWith(".data") ? decoded.slice(0, -".data".length) : decoded;
  return path === "/_root" ? "/" : path || "/";
}

/** What the gate found for one request; React Router loaders read it from the load context. */
export type MaintenanceState = { on: boolean; blocked: boolean };

/** Generated product and category images stay reachable (and cost no lookup). */
const UNGATED_PREFIXES = ["/media/"];

/**
 * Maintenance mode on the server (spec 1 §4). The flag is read on every request (no cache), so a
 * switch on one app instance counts at once on every instance. While it is on, a non-admin is
 * "blocked": pages render only the maintenance screen with 503 (root loader) and no page loader runs
 * (server/maintenance-build.ts); state-changing requests answer 503, except signing in and out; the
 * resource routes that list the shop answer 503. A failing lookup is logged and counts as
 * "maintenance off" and "not an admin" (spec 2 §7.5).
 */
export function maintenanceGate({ db, auth, logger }: { db: Db; auth: Auth; logger: Logger }): RequestHandler {
  return async (req, res, next) => {
    const path = routePath(req.originalUrl);
    if (UNGATED_PREFIXES.some((prefix) => path.startsWith(prefix))) return next();

    let on = false;
    try {
      on = await isMaintenanceMode(db);
    } catch (error) {
      logger.error({ err: error }, "maintenance mode lookup failed");
    }
    const blocked = on && !(await isActiveAdmin(req, auth, logger));
    res.locals.maintenance = { on, blocked } satisfies MaintenanceState;
    if (!blocked) return next();

    if (SAFE_METHODS.has(req.method)) {
      if (!CLOSED_RESOURCES.has(path)) return next();
    } else if (OPEN_FOR_POST.has(path) || OPEN_PREFIXES.some((prefix) => path.startsWith(prefix))) {
      return next();
    }
    res
      .status(503)
      .set("Retry-After", "300")
      .set("Cache-Control", "no-store")
      .type("text/plain; charset=utf-8")
      .send(MAINTENANCE_REFUSAL);
  };
}

async function isActiveAdmin(req: Request, auth: Auth, logger: Logger): Promise<boolean> {
  const cookie = req.headers.cookie ?? "";
  if (!cookie.includes("session_token=")) return false;
  try {
    // No refresh: this lookup's response (and any renewed cookie) is not sent; the page's own is.
    const result = await auth.api.getSession({ headers: new Headers({ cookie }), query: { disableRefresh: true } });
    return Boolean(result && result.user.isActive && result.user.role === "admin");
  } catch (error) {
    logger.error({ err: error }, "session lookup failed in the maintenance gate");
    return false;
  }
}
