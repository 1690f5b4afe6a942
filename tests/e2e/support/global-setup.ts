/**
 * Builds the app, opens a fresh in-memory database with the demo catalogue and serves the shop on a
 * loopback port for the browser tests.
 */
import path from "node:path";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "react-router";
import type { TestProject } from "vitest/node";
import { loadConfig } from "../../../app/config/env.server";
import { openDatabase } from "../../../app/db/client.server";
import { seedDemoIfEmpty } from "../../../app/db/seed/demo.server";
import { createLogger } from "../../../app/lib/logger.server";
import { createApp } from "../../../server/app";
import { buildApp } from "../../support/build";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const { buildDir, cleanup } = buildApp("e2e");
  const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;

  const database = process.env.TEST_DATABASE_URL
    ? await openDatabase({ kind: "postgres", url: process.env.TEST_DATABASE_URL })
    : await openDatabase({ kind: "pglite" });
  const logger = createLogger(process.env.TEST_LOG_LEVEL ?? "warn");
  await seedDemoIfEmpty(database.db, logger);

  const server: Server = await new Promise((resolve) => {
    const s = createApp({
      db: database.db,
      config: loadConfig({ NODE_ENV: "production", SEED_DEMO: "false", PORT: "0" }),
      logger,
      build,
      clientDir: path.join(buildDir, "client"),
    }).listen(0, "127.0.0.1", () => resolve(s));
  });
  project.provide("baseUrl", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);

  return async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await database.close();
    cleanup();
  };
}
