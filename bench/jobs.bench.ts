/**
 * Job queue benchmark (ADR 0010): the cost of enqueueing a job (one INSERT in the caller's
 * transaction) and how fast one worker (concurrency 2) drains 500 no-op jobs, on PGlite and on
 * PostgreSQL. The figures compare with pg-boss 10.4 in the ADR.
 *
 *   npm run bench:jobs       # PostgreSQL at postgres://postgres@127.0.0.1:5432/trapkracht_bench_jobs (recreated)
 */
import { openDatabase, type Database } from "../app/db/client.server";
import { enqueueJob } from "../app/shared/jobs/queue.server";
import { createJobWorker } from "../app/shared/jobs/worker.server";
import { createLogger } from "../app/shared/logging/logger.server";
import { percentile, recreatePostgresDatabase } from "./support";

declare module "../app/shared/jobs/queue.server" {
  interface JobPayloads {
    /** This benchmark's no-op jobs. */
    bench: { i: number };
  }
}

const DB_URL = process.env.BENCH_JOBS_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/trapkracht_bench_jobs";
const JOBS = 500;

async function recreatePostgres(): Promise<Database> {
  await recreatePostgresDatabase(DB_URL);
  return openDatabase({ kind: "postgres", url: DB_URL });
}

async function measure(label: string, database: Database) {
  const { db } = database;
  const enqueueMs: number[] = [];
  for (let i = 0; i < JOBS; i++) {
    const start = performance.now();
    await db.transaction((tx) => enqueueJob(tx, "bench", { i }));
    enqueueMs.push(performance.now() - start);
  }
  enqueueMs.sort((a, b) => a - b);
  const worker = createJobWorker({
    db,
    logger: createLogger("silent"),
    queues: { bench: { backoff: { baseMs: 1_000, maxMs: 1_000 }, leaseMs: 60_000, run: async () => undefined } },
    batchSize: JOBS,
  });
  const start = performance.now();
  let done = 0;
  while (done < JOBS) done += await worker.runOnce();
  const drainMs = performance.now() - start;
  await worker.stop();
  console.log(
    `${label}: enqueue p50 ${percentile(enqueueMs, 50).toFixed(2)} ms, p95 ${percentile(enqueueMs, 95).toFixed(2)} ms; ` +
      `${JOBS} jobs run in ${drainMs.toFixed(0)} ms (${((JOBS / drainMs) * 1000).toFixed(0)} jobs/s)`,
  );
  await database.close();
}

await measure("PGlite (in memory)", await openDatabase({ kind: "pglite" }));
await measure("PostgreSQL", await recreatePostgres());
