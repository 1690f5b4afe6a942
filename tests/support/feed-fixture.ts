import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeEach } from "vitest";
import { loadConfig } from "../../app/shared/config/env.server";
import { jobs, supplierFeedRuns } from "../../app/db/schema";
import { startFeedRun, type NewRun } from "../../app/features/supplier-feed/runs.server";
import { useTestDatabase } from "./fixture";

/** The admin who starts the test files' feed runs (the change log names them). */
export const FEED_ACTOR = { id: "admin-1", email: "beheer@trapkracht.test" };

/**
 * A supplier-feed test file's set-up: a migrated database, a DATA_DIR of its own (removed at the end),
 * the shop's config for it, no runs or jobs left from the previous test, and `upload`, which writes a
 * feed file under DATA_DIR as the upload route does and queues its run (a product feed from
 * "feed.csv" unless the run says otherwise).
 */
export function useFeedFixture(label: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tk-${label}-`));
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, SEED_DEMO: "false", AUTH_SECRET: "x".repeat(40) });
  const database = useTestDatabase();
  const db = () => database.db;

  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  beforeEach(async () => {
    await db().delete(supplierFeedRuns);
    await db().delete(jobs);
  });

  let fileCounter = 0;
  async function upload(content: string | Buffer, run: Partial<NewRun> = {}) {
    const relative = path.join("supplier-feeds", `${label}-${fileCounter++}.feed`);
    fs.mkdirSync(path.join(dataDir, "supplier-feeds"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, relative), content);
    return startFeedRun(db(), FEED_ACTOR, {
      kind: "products",
      source: "upload",
      fileName: "feed.csv",
      storedPath: relative,
      ...run,
    });
  }

  return { dataDir, config, db, actor: FEED_ACTOR, upload };
}
