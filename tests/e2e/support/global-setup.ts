/**
 * Builds the app, opens a fresh in-memory database with the demo catalogue and serves the shop on a
 * loopback port for the browser tests.
 */
// First: the shop this process serves renders with production React (see the file).
import "../../setup/production-react";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "react-router";
import type { TestProject } from "vitest/node";
import { loadConfig } from "../../../app/shared/config/env.server";
import { startDemoFileServers } from "../../../app/features/connections/demo-servers.server";
import { openDatabase } from "../../../app/db/client.server";
import { seedDemoIfEmpty } from "../../../app/db/seed/demo.server";
import { createOrPromoteAdmin } from "../../../app/features/admin-users/admin-accounts.server";
import { DEMO_ADMIN_PASSWORD } from "../../../app/db/seed/demo-admin.server";
import { E2E_ADMINS, e2eAdminEmail } from "./admin-pool";
import { pointDemoImagesAtTestSupplier } from "../../../app/db/seed/supplier-images.server";
import { createLogger } from "../../../app/shared/logging/logger.server";
import { createApp } from "../../../server/app";
import { buildApp } from "../../support/build";
import { startMailbox } from "../../support/mailbox";
import { startE2eAddressRegister } from "./address-register";
import { createBackgroundJobs } from "../../../server/job-registry";
import { createPaymentProvider } from "../../../app/features/payments/provider.server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** HTTP endpoint of the loopback SMTP server that receives the shop's mail (tests/support/mailbox.ts). */
    mailboxUrl: string;
    /** The pages axe-core has checked on their load in this run (tests/e2e/support/browser.ts). */
    axeCheckedPagesFile: string;
  }
}

export default async function setup(project: TestProject) {
  const { buildDir, cleanup } = buildApp("e2e");
  const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;

  const database = process.env.TEST_DATABASE_URL
    ? await openDatabase({ kind: "postgres", url: process.env.TEST_DATABASE_URL })
    : await openDatabase({ kind: "pglite" });
  const logger = createLogger(process.env.TEST_LOG_LEVEL ?? "warn");
  await seedDemoIfEmpty(database.db, logger, { demoAdmin: true });
  // Admins for the admin journeys (signInAsAdmin): one account's sign-ins are rate-limited (10 in 15
  // minutes, as for a real shop), and the browser tests sign in as an admin more often than that.
  for (const admin of E2E_ADMINS) {
    await createOrPromoteAdmin(database.db, {
      email: e2eAdminEmail(admin),
      password: DEMO_ADMIN_PASSWORD,
      name: `E2E-beheerder ${admin}`,
    });
  }

  const mailbox = await startMailbox();
  const addressRegister = await startE2eAddressRegister();

  // Take the port first: PUBLIC_URL (links in e-mails, the origin check) must be the real address.
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // As `npm start` does: some products' images on the test supplier, for the image migration tool.
  await pointDemoImagesAtTestSupplier(database.db);
  // Uploaded files (carousel images, migrated images) go to a folder of this run, never the project's ./data.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "trapkracht-e2e-data-"));
  const baseConfig = loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    SEED_DEMO: "false",
    PORT: "0",
    PUBLIC_URL: baseUrl,
    AUTH_SECRET: "e2e-secret-0123456789-abcdefghijklmnopq",
    SMTP_URL: mailbox.smtpUrl,
    MAIL_FROM: "Trapkracht <noreply@trapkracht.test>",
    // As behind a proxy: each browser context names its own client address (X-Forwarded-For), so the
    // per-address rate limits see many shoppers, as they would in real life, not one machine.
    TRUST_PROXY: "loopback",
    // Checkout and profile fill street and city from this fake of PDOK's Locatieserver (ADR 0045).
    ADDRESS_LOOKUP_URL: addressRegister.pdok.url,
  });
  // The demo's loopback SFTP and FTP servers, as `npm start` has them (the SFTP and FTP tabs).
  const demoFiles = await startDemoFileServers(baseConfig);
  const config = demoFiles.config;
  // Background work runs as in the server: mail goes outbox → job worker → SMTP on loopback → the
  // tests' mailbox; paid orders go to the supplier.
  const payments = createPaymentProvider({ db: database.db, config, logger });
  const backgroundJobs = createBackgroundJobs({ db: database.db, config, logger, payments, pollMs: 200 });
  backgroundJobs.start();
  server.on("request", createApp({ db: database.db, config, logger, build, clientDir: path.join(buildDir, "client") }));
  project.provide("baseUrl", baseUrl);
  project.provide("mailboxUrl", mailbox.httpUrl);
  project.provide("addressRegisterControlUrl", addressRegister.controlUrl);
  // Beside the shop's data folder, not in it: the shop's own files are what the journeys look at.
  const axeDir = mkdtempSync(path.join(os.tmpdir(), "trapkracht-e2e-axe-"));
  const axeCheckedPagesFile = path.join(axeDir, "checked-pages.txt");
  writeFileSync(axeCheckedPagesFile, "");
  project.provide("axeCheckedPagesFile", axeCheckedPagesFile);

  return async () => {
    await backgroundJobs.stop();
    await mailbox.close();
    await addressRegister.close();
    for (const { server: fileServer } of demoFiles.servers) await fileServer.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await database.close();
    cleanup();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(axeDir, { recursive: true, force: true });
  };
}
