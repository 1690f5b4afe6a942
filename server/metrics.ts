import crypto from "node:crypto";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import pg from "pg";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { matchRoutes, type ServerBuild } from "react-router";
import { MAIL_STATES, readShopGauges } from "../app/features/operations/index.server";
import type { Db } from "../app/db/client.server";
import type { Logger } from "../app/shared/logging/logger.server";

/** How long a scrape waits for the database before it answers with the figures it has (database_up 0). */
const SCRAPE_DB_TIMEOUT_MS = 3_000;

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

type RouteNode = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children: RouteNode[] };

/** React Router's flat manifest (id → parentId) as the nested tree matchRoutes walks. */
function routeTree(build: ServerBuild): RouteNode[] {
  const nodes = new Map<string, RouteNode>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    nodes.set(route.id, {
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      children: [],
    });
  }
  const roots: RouteNode[] = [];
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const node = nodes.get(route.id)!;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/**
 * The React Router route id a path is served by (e.g. "routes/product", "features/admin-customers/
 * customers.route"), never the raw URL: the label's values are the app's routes, a bounded set.
 * A client-side navigation's data request (`/x.data`, `/_root.data`) counts for its page's route.
 */
export function routeIdFor(tree: RouteNode[], pathname: string): string {
  let page = pathname;
  if (page === "/_root.data") page = "/";
  else if (page.endsWith(".data")) page = page.slice(0, -".data".length);
  const matches = matchRoutes(tree as Parameters<typeof matchRoutes>[0], page);
  return matches?.at(-1)?.route.id ?? "unmatched";
}

function sameToken(given: string, expected: string): boolean {
  // Digests of equal length: timingSafeEqual neither throws nor tells the length apart.
  const a = crypto.createHash("sha256").update(given).digest();
  const b = crypto.createHash("sha256").update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

export type Metrics = {
  /** First middleware: times every request and counts it under its route when it ends. */
  observe: RequestHandler;
  /** Before the React Router handler (and the maintenance gate, page cache): names the route. */
  labelRoute: RequestHandler;
  /** GET /metrics, behind the bearer token. */
  serve: RequestHandler;
};

/**
 * Prometheus metrics for one app (docs/operations.md "Metrics", ADR 0040): requests and latency per
 * route, the PostgreSQL pool, and — read from the database at scrape time — jobs per queue and
 * state, mails waiting and orders paid. Its own registry, so two apps in one process never mix.
 */
export function createMetrics({
  db,
  token,
  logger,
  build,
}: {
  db: Db;
  token: string;
  logger: Logger;
  build: ServerBuild | (() => Promise<ServerBuild>);
}): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: "trapkracht_http_requests_total",
    help: "HTTP requests answered, by route (React Router route id or Express path), method and status.",
    labelNames: ["route", "method", "status"] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "trapkracht_http_request_duration_seconds",
    help: "Time from the request's arrival until its answer was written, by route and method.",
    labelNames: ["route", "method"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const databaseUp = new Gauge({
    name: "trapkracht_database_up",
    help: "1 when this scrape could read the shop's figures from the database, else 0.",
    registers: [registry],
  });
  const jobs = new Gauge({
    name: "trapkracht_jobs",
    help: "Background jobs by queue and state: waiting (due), scheduled (later run_at), running, failed.",
    labelNames: ["queue", "state"] as const,
    registers: [registry],
  });
  const mails = new Gauge({
    name: "trapkracht_mails",
    help: "E-mails in the outbox by state: waiting (to be sent, incl. retries), sending, failed.",
    labelNames: ["state"] as const,
    registers: [registry],
  });
  const ordersPaid = new Gauge({
    name: "trapkracht_orders_paid",
    help: "Orders ever paid (paid_at set), counted in the database: the same on every instance.",
    registers: [registry],
  });

  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) {
    const pool = client;
    const poolGauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    poolGauge("trapkracht_db_pool_connections", "PostgreSQL connections the pool holds.", () => pool.totalCount);
    poolGauge("trapkracht_db_pool_idle_connections", "Pool connections not in use.", () => pool.idleCount);
    poolGauge(
      "trapkracht_db_pool_waiting_requests",
      "Queries waiting for a free pool connection.",
      () => pool.waitingCount,
    );
  }

  let tree: { build: ServerBuild; nodes: RouteNode[] } | undefined;
  const treeOf = async () => {
    const current = typeof build === "function" ? await build() : build;
    if (tree?.build !== current) tree = { build: current, nodes: routeTree(current) };
    return tree.nodes;
  };

  const observe: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
    const end = duration.startTimer();
    res.on("finish", () => {
      const route =
        (res.locals.metricsRoute as string | undefined) ??
        (req.route ? `${req.baseUrl}${String((req.route as { path: unknown }).path)}` : undefined) ??
        (req.path.startsWith("/assets/") ? "/assets/*" : "other");
      const method = METHODS.has(req.method) ? req.method : "other";
      requests.inc({ route, method, status: String(res.statusCode) });
      end({ route, method });
    });
    next();
  };

  const labelRoute: RequestHandler = (req, res, next) => {
    treeOf()
      .then((nodes) => {
        res.locals.metricsRoute = routeIdFor(nodes, req.path);
        next();
      })
      .catch(next);
  };

  const serve: RequestHandler = async (req, res) => {
    res.set("Cache-Control", "no-store");
    const header = req.get("authorization") ?? "";
    const given = header.startsWith("Bearer ") ? header.slice("Bearer ".length) : "";
    if (!given || !sameToken(given, token)) {
      res.status(401).set("WWW-Authenticate", 'Bearer realm="metrics"').type("text/plain").send("Unauthorized\n");
      return;
    }
    try {
      const figures = await readShopGauges(db, SCRAPE_DB_TIMEOUT_MS);
      jobs.reset();
      for (const row of figures.jobs) jobs.set({ queue: row.queue, state: row.state }, row.count);
      for (const state of MAIL_STATES) mails.set({ state }, figures.mails[state]);
      ordersPaid.set(figures.ordersPaid);
      databaseUp.set(1);
    } catch (error) {
      // The process figures still go out; the shop's figures are left out rather than shown stale.
      logger.warn({ err: error }, "metrics: database figures unavailable");
      jobs.reset();
      mails.reset();
      ordersPaid.reset();
      databaseUp.set(0);
    }
    res.type(registry.contentType).send(await registry.metrics());
  };

  return { observe, labelRoute, serve };
}
