/**
 * The Node entry: configuration, database (migrated), demo data on first start, then HTTP.
 * In development (NODE_ENV=development) Vite serves the app with hot reload.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Server } from "node:http";
import type { ServerBuild } from "react-router";
import { ConfigError, loadConfig } from "./app/shared/config/env.server";
import { prepareServerConfig } from "./app/shared/config/server-config.server";
import { openDatabaseFromConfig } from "./app/db/client.server";
import { DataDirInUseError } from "./app/db/data-dir-lock.server";
import { createLogger } from "./app/shared/logging/logger.server";
import { seedDemoIfEmpty } from "./app/db/seed/demo.server";
import { demoAdminAllowed, workingDemoAdminCredentials } from "./app/db/seed/demo-admin.server";
import { createApp } from "./server/app";
import { createBackgroundJobs } from "./server/job-registry";
import { createPaymentProvider } from "./app/features/payments/index.server";
import { drainableHttp, shutDown, type Stoppable } from "./server/shutdown";
import { createLifecycle } from "./server/health";
import { startDemoFileServers } from "./app/features/connections/index.server";
import { sweepTempFilesAtStart } from "./server/temp-files";
import { postgresCachePurge } from "./server/cache-purge";

async function main() {
  let config;
  try {
    config = await prepareServerConfig(loadConfig());
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  if (process.env.NODE_ENV !== config.env) {
    // React chooses its (much slower) development build from NODE_ENV when first loaded, before
    // this config exists; `npm start` sets it, a hand-written start command must too.
    logger.warn(
      { NODE_ENV: process.env.NODE_ENV ?? null },
      `set NODE_ENV=${config.env} for React's ${config.env} build`,
    );
  }
  const database = await openDatabaseFromConfig(config, { timeouts: config.databaseTimeouts, logger });
  logger.info({ database: database.kind }, "database ready");
  await sweepTempFilesAtStart(config, logger);

  if (config.seedDemo) {
    const seeded = await seedDemoIfEmpty(database.db, logger, {
      demoAdmin: demoAdminAllowed(config),
      // Some products' images on the built-in test supplier: work for /admin/image-migration.
      supplierImages: !config.supplier.apiUrl,
    });
    if (seeded) logger.info(seeded, "demo catalogue created");
  }

  // The embedded demo's supplier FTP and SFTP servers on loopback (never with DATABASE_URL); the
  // SFTP and FTP tabs are prefilled for them.
  const demoFiles = await startDemoFileServers(config);
  config = demoFiles.config;
  for (const { name, server } of demoFiles.servers) logger.info({ port: server.port }, `${name} on 127.0.0.1`);

  // Background work (e-mail, payment reconciliation, supplier orders) runs from the jobs table.
  const payments = createPaymentProvider({ db: database.db, config, logger });
  const backgroundJobs = createBackgroundJobs({ db: database.db, config, logger, payments });
  backgroundJobs.start();

  // Draining from SIGTERM on: /readyz answers 503 (server/health.ts).
  const lifecycle = createLifecycle();
  // Instances on one PostgreSQL empty each other's page cache (ADR 0042); PGlite is one process.
  const cachePurge =
    config.databaseUrl && config.pageCacheTtlMs > 0
      ? postgresCachePurge({
          url: config.databaseUrl,
          db: database.db,
          logger,
          connectTimeoutMs: config.databaseTimeouts.connectMs,
        })
      : undefined;
  let app;
  if (config.env === "development") {
    const vite = await import("vite");
    const viteServer = await vite.createServer({ server: { middlewareMode: true } });
    app = createApp({
      db: database.db,
      config,
      logger,
      lifecycle,
      cachePurge,
      before: [viteServer.middlewares],
      build: () => viteServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    });
  } else {
    // The bundle of this file (build/server.js) sits in the build folder, next to the React Router build.
    const buildDir = path.dirname(fileURLToPath(import.meta.url));
    const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
    app = createApp({
      db: database.db,
      config,
      logger,
      lifecycle,
      cachePurge,
      build,
      clientDir: path.join(buildDir, "client"),
    });
  }

  // The embedded demo names its admin account at start, as long as it still has the demo password.
  const demoAdmin =
    config.seedDemo && !config.databaseUrl
      ? await workingDemoAdminCredentials(database.db).catch((error: unknown) => {
          logger.error({ err: error }, "demo admin lookup failed");
          return null;
        })
      : null;

  const server: Server = app.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    const host = config.host === "0.0.0.0" ? "localhost" : config.host;
    console.log(`\n  Trapkracht draait op http://${host}:${port}\n`);
    if (demoAdmin) console.log(`  Demo-beheerder: ${demoAdmin.email} / wachtwoord ${demoAdmin.password}\n`);
  });
  server.keepAliveTimeout = 65_000;

  // Stopped in this order on SIGTERM/SIGINT: /readyz says 503 at once (and, with
  // SHUTDOWN_DRAIN_DELAY_MS, new requests are still taken for that long, while a probing proxy takes
  // the instance out); then requests (they may still use everything), then the background job worker
  // (a running job finishes or is handed back), the database last.
  const http = drainableHttp(server);
  const stoppables: Stoppable[] = [];
  if (config.shutdownDrainDelayMs > 0) {
    const delayMs = config.shutdownDrainDelayMs;
    stoppables.push({ name: "drain delay", stop: () => new Promise((resolve) => setTimeout(resolve, delayMs)) });
  }
  stoppables.push(http);
  stoppables.push({ name: "background jobs", stop: () => backgroundJobs.stop(config.shutdownTimeoutMs / 2) });
  if (cachePurge) stoppables.push({ name: "page cache purge", stop: () => cachePurge.stop() });
  for (const { name, server } of demoFiles.servers) stoppables.push({ name, stop: () => server.close() });
  stoppables.push({ name: "database", stop: () => database.close() });

  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    lifecycle.draining = true;
    const timeoutMs = config.shutdownTimeoutMs;
    logger.info({ signal, timeoutMs, openRequests: http.openRequests() }, "shutting down: finishing open requests");
    void shutDown(stoppables, { timeoutMs, logger }).then((outcome) => {
      if (outcome.done) {
        logger.info("shutdown complete");
        process.exit(0);
      }
      logger.error({ timeoutMs, step: outcome.step, openRequests: http.openRequests() }, "shutdown deadline passed");
      http.destroyConnections();
      process.exit(1);
    });
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}

main().catch((error: unknown) => {
  // A second process on the embedded database: the message says what to do; a stack trace would bury it.
  if (error instanceof DataDirInUseError) console.error(`Trapkracht kon niet starten.\n${error.message}`);
  else console.error("Trapkracht kon niet starten:", error);
  process.exit(1);
});
