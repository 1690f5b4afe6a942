import crypto from "node:crypto";
import path from "node:path";
import express, { type Express, type RequestHandler } from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import { createRequestHandler } from "@react-router/express";
import type { ServerBuild } from "react-router";
import { toNodeHandler } from "better-auth/node";
import { bodyLimit, ROUTE_BODY_LIMITS } from "./body-limit";
import { compressResponses } from "./compress-responses";
import { FEED_UPLOAD_PATH } from "../app/features/supplier-feed/index";
import { MAIL_HTML_CSP, MAIL_HTML_PATH } from "../app/features/admin-emails/index";
import { MAIL_TEMPLATE_HTML_PATH } from "../app/features/admin-mail-templates/index";
import { originCheck } from "./origin-check";
import { maintenanceGate, type MaintenanceState } from "./maintenance-gate";
import { withMaintenanceGuard } from "./maintenance-build";
import { withPathParamCheck } from "./path-params";
import { pageCache } from "./page-cache";
import type { CachePurge } from "./cache-purge";
import { privateResponses } from "./private-responses";
import { createPaymentProvider } from "../app/features/payments/index.server";
import { AUTH_BASE_PATH, CLIENT_IP_HEADER, createAuth, type Auth } from "../app/features/accounts/index.server";
import type { Config } from "../app/shared/config/env.server";
import type { Db } from "../app/db/client.server";
import { createLifecycle, healthRoutes, type Lifecycle } from "./health";
import { createMetrics } from "./metrics";
import type { Logger } from "../app/shared/logging/logger.server";

export type AppDeps = {
  db: Db;
  config: Config;
  logger: Logger;
  /** The React Router server build, or a function that loads it (the Vite dev server in development). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Directory of the built browser assets; absent in development, where Vite serves them. */
  clientDir?: string;
  /** The better-auth instance; built from db and config when absent (tests pass their own to sign in). */
  auth?: Auth;
  /** Extra middleware placed before the router (Vite's in development). */
  before?: RequestHandler[];
  /** Set to draining at SIGTERM (server.ts): /readyz answers 503 from then on. */
  lifecycle?: Lifecycle;
  /** Empties the page cache of the other instances on one PostgreSQL (server.ts); absent on PGlite. */
  cachePurge?: CachePurge;
};

function formActionSources(config: Config): string[] {
  const sources = ["'self'"];
  if (config.strava) sources.push(new URL(config.strava.authorizationUrl).origin);
  if (config.payments.provider === "stripe") sources.push("https://checkout.stripe.com");
  return sources;
}

/** Builds the HTTP application: security headers, compression, static assets, health check, then the shop. */
export function createApp(deps: AppDeps): Express {
  const { db, config, logger } = deps;
  const auth = deps.auth ?? createAuth({ db, config, logger });
  const payments = createPaymentProvider({ db, config, logger });
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);

  app.use((_req, res, next) => {
    res.locals.nonce = crypto.randomBytes(16).toString("base64");
    next();
  });

  const dev = config.env === "development";
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          "script-src": dev
            ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"]
            : ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.nonce}'`],
          "style-src": ["'self'", "'unsafe-inline'"],
          "img-src": ["'self'", "data:", "blob:"],
          "connect-src": dev ? ["'self'", "ws:", "wss:"] : ["'self'"],
          "frame-ancestors": ["'none'"],
          // The Strava button and the checkout's final button are forms whose answers redirect to
          // another site (Strava's authorisation page, Stripe Checkout); browsers apply form-action
          // to that redirect too.
          "form-action": formActionSources(config),
          "upgrade-insecure-requests": config.publicUrl.startsWith("https:") ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      strictTransportSecurity: config.publicUrl.startsWith("https:"),
    }),
  );
  // A mail's HTML part in the admin (ADR 0036), and a mail template's drawn with sample data (ADR
  // 0023): their own sandboxing policy instead of the site's, which forbids every frame
  // (frame-ancestors 'none') and allows the page's scripts.
  app.use((req, res, next) => {
    if (MAIL_HTML_PATH.test(req.path) || MAIL_TEMPLATE_HTML_PATH.test(req.path)) {
      res.setHeader("Content-Security-Policy", MAIL_HTML_CSP);
    }
    next();
  });
  // Before everything that answers: every response passes its Cache-Control check.
  app.use(privateResponses());
  app.use(compressResponses());

  // Only with METRICS_TOKEN: without it nothing is counted and /metrics is not found.
  const metrics = config.metricsToken
    ? createMetrics({ db, token: config.metricsToken, logger, build: deps.build })
    : null;
  if (metrics) app.use(metrics.observe);

  app.use(
    pinoHttp({
      logger,
      autoLogging: {
        ignore: (req) =>
          ["/healthz", "/readyz", "/metrics"].includes(req.url ?? "") || (req.url ?? "").startsWith("/assets/"),
      },
      customLogLevel: (_req, res, err) => {
        // The maintenance screen's 503 is intended, not a fault (pino-http reports it as an error).
        if (res.statusCode === 503 && (res as unknown as express.Response).locals?.maintenance?.blocked) return "info";
        return err || res.statusCode >= 500 ? "error" : "info";
      },
      serializers: {
        req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );

  // Liveness, readiness and metrics: before the origin check, body limit, maintenance gate and page cache.
  app.use(healthRoutes({ db, logger, lifecycle: deps.lifecycle ?? createLifecycle() }));
  app.get(
    "/metrics",
    metrics
      ? metrics.serve
      : (_req, res) => void res.status(404).set("Cache-Control", "no-store").type("text/plain").send("Not found\n"),
  );

  app.use(originCheck(config.publicUrl));
  app.use(
    bodyLimit(config.maxBodyBytes, [
      ...ROUTE_BODY_LIMITS,
      // A supplier feed file streams to disk as it arrives (docs/supplier-feeds.md); FEED_MAX_BYTES
      // plus the multipart framing. The route counts a chunked body itself.
      { prefix: FEED_UPLOAD_PATH, maxBytes: config.feedMaxBytes + 64 * 1024, streamed: true },
    ]),
  );

  // better-auth reads the client address from this header for its session records; never trust a
  // value the client sent itself.
  app.use((req, _res, next) => {
    req.headers[CLIENT_IP_HEADER] = req.ip ?? "unknown";
    next();
  });

  // Only the link targets of better-auth are public: the e-mail verification and password-reset links
  // and the OAuth callback. Sign-in, sign-up and the rest go through our rate-limited form actions.
  const authHandler = toNodeHandler(auth);
  app.get(`${AUTH_BASE_PATH}/verify-email`, authHandler);
  app.get(`${AUTH_BASE_PATH}/reset-password/:token`, authHandler);
  // better-auth 1.7 serves generic OAuth providers on the core callback route, /callback/:id.
  app.all(`${AUTH_BASE_PATH}/callback/:providerId`, authHandler);
  app.all(`${AUTH_BASE_PATH}/{*splat}`, (_req, res) => {
    res.status(404).type("text/plain").send("Niet gevonden");
  });

  for (const mw of deps.before ?? []) app.use(mw);

  if (deps.clientDir) {
    // Hashed file names never change content, so browsers may keep them for a year.
    app.use(
      "/assets",
      express.static(path.join(deps.clientDir, "assets"), { immutable: true, maxAge: "1y", fallthrough: false }),
    );
    app.use(express.static(deps.clientDir, { maxAge: "1h", index: false }));
  }

  // Names the React Router route a request is for (the metrics' route label), before anything answers it.
  if (metrics) app.use(metrics.labelRoute);
  // After the static files: assets never cost a maintenance lookup.
  app.use(maintenanceGate({ db, auth, logger }));
  // After the gate: during maintenance a visitor gets the maintenance screen, never a kept page.
  app.use(
    pageCache({
      ttlMs: config.pageCacheTtlMs,
      purge: deps.cachePurge,
      bypass: (res) => Boolean((res.locals.maintenance as MaintenanceState | undefined)?.on),
    }),
  );

  // React Router flushes the compressor after every chunk it writes, and each flush ends a deflate
  // block: a category page went out as 22.6 KB instead of 10.4 KB (bench:concurrency). A page is
  // rendered whole before it is written (no Suspense waits for data), so flushing gains nothing;
  // the compressor still sends whatever it holds when the page ends.
  app.use((_req, res, next) => {
    res.flush = () => undefined;
    next();
  });

  const build = deps.build;
  const guard = (b: ServerBuild) => withMaintenanceGuard(withPathParamCheck(b));
  app.all(
    "/{*splat}",
    createRequestHandler({
      build: typeof build === "function" ? async () => guard(await build()) : guard(build),
      mode: dev ? "development" : "production",
      getLoadContext: (req, res) => ({
        db,
        config,
        logger,
        auth,
        payments,
        maintenance: (res.locals.maintenance as MaintenanceState | undefined) ?? { on: false, blocked: false },
        nonce: String(res.locals.nonce),
        clientIp: req.ip ?? "unknown",
      }),
    }),
  );

  return app;
}
