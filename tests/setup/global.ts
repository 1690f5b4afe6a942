/**
 * Runs once per `vitest run`: builds the app into a private folder (HTTP tests serve the real build)
 * and prepares a migrated database template that each test file clones.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../app/db/client.server";
import { buildApp } from "../support/build";

declare module "vitest" {
  export interface ProvidedContext {
    buildDir: string;
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const { buildDir, workDir, cleanup } = buildApp("test");
  project.provide("buildDir", buildDir);

  let postgresTemplate = "";
  const pgliteTemplate = path.join(workDir, "template.tar.gz");
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
  const embedded = await openDatabase({ kind: "pglite" });
  const client = (embedded.db as unknown as { $client: import("@electric-sql/pglite").PGlite }).$client;
  const dump = await client.dumpDataDir("gzip");
  writeFileSync(pgliteTemplate, Buffer.from(await dump.arrayBuffer()));
  await embedded.close();
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
