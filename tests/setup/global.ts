/**
 * Runs once per `vitest run`: provides the production build (HTTP tests serve it; tests/support/build.ts
 * keeps one per version of the sources) and migrated database templates that each test file clones.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { MIGRATIONS_DIR, openDatabase } from "../../app/db/client.server";
import { buildApp } from "../support/build";

declare module "vitest" {
  export interface ProvidedContext {
    buildDir: string;
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const { buildDir, cleanup } = buildApp("test");
  project.provide("buildDir", buildDir);

  let postgresTemplate = "";
  if (process.env.TEST_DATABASE_URL) {
    // A migrated template database; each test file gets CREATE DATABASE … TEMPLATE of it.
    postgresTemplate = `trapkracht_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${postgresTemplate}`);
    await admin.query(`CREATE DATABASE ${postgresTemplate}`);
    await admin.end();
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${postgresTemplate}`;
    const database = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 1 });
    await database.close();
  }
  // Also on PostgreSQL: the embedded database's own tests (the data-folder lock) need PGlite.
  const pgliteTemplate = await migratedPgliteTemplate();
  project.provide("pgliteTemplate", pgliteTemplate);
  project.provide("postgresTemplate", postgresTemplate);

  return async () => {
    if (postgresTemplate && process.env.TEST_DATABASE_URL) {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${postgresTemplate} WITH (FORCE)`);
      await admin.end();
    }
    cleanup();
  };
}

/**
 * The test databases' buffer cache. PGlite zeroes its shared buffers at every start, and each test file
 * starts its own database from the template: at PostgreSQL's default of 128 MB that was a quarter of
 * the start's CPU (ADR 0055). A test database holds a few hundred rows; production keeps the default.
 */
const TEMPLATE_SETTINGS = "ALTER SYSTEM SET shared_buffers = '16MB'";

/**
 * A dump of a migrated empty PGlite database, kept in tmp/builds per version of the migrations and of
 * PGlite, so a run whose migrations did not change skips migrating (each test file loads the dump).
 */
async function migratedPgliteTemplate(): Promise<string> {
  const hash = createHash("sha256");
  // PGlite's package.json is not among its exports: read it as a file.
  hash.update(readFileSync(path.resolve("node_modules/@electric-sql/pglite/package.json")));
  hash.update(TEMPLATE_SETTINGS);
  for (const name of readdirSync(MIGRATIONS_DIR, { recursive: true }).map(String).sort()) {
    const file = path.join(MIGRATIONS_DIR, name);
    if (!statSync(file).isFile()) continue;
    hash.update(`${name}\n`);
    hash.update(readFileSync(file));
  }
  const template = path.resolve("tmp/builds", `pglite-template-${hash.digest("hex").slice(0, 24)}.tar.gz`);
  if (existsSync(template)) return template;
  const embedded = await openDatabase({ kind: "pglite" });
  const client = (embedded.db as unknown as { $client: import("@electric-sql/pglite").PGlite }).$client;
  // Written to postgresql.auto.conf: every database loaded from the dump starts with it.
  await client.exec(TEMPLATE_SETTINGS);
  const dump = await client.dumpDataDir("gzip");
  await embedded.close();
  // Written aside and moved into place whole: a parallel run never loads half a dump.
  const partial = `${template}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, template);
  return template;
}
