/**
 * Soak benchmark (issue 27): does the production server's memory level off under a steady mixed
 * load? Starts the production build (`node build/server.js`, as `npm start` does) on PostgreSQL,
 * drives BENCH_CONNECTIONS (16) kept-alive connections of mixed shop traffic for `--minutes` (30) —
 * home, category pages, deeper pages of a category, product pages, search suggestions, the blog and
 * the cart, every other request with a cookie — and samples the server's memory every
 * BENCH_SAMPLE_SECONDS (5) over an IPC channel (bench/soak-probe.mjs, loaded into the server with
 * `--import`). The load runs on a worker thread (bench/soak-worker.mjs), as in bench:concurrency.
 *
 * Verdict: the first 20 % of the run is warm-up (caches filling, V8 sizing its heap, the database's
 * plans); the RSS at its end is the reference, and the run is flat when no later sample is more than
 * 10 % above it. The heap's low points (its used size right after a collection, the floor of each
 * fifth of the run) tell a leak (the floor keeps rising) from memory the process keeps but reuses.
 *
 *   npm run bench:soak                       # 30 minutes
 *   npm run bench:soak -- --minutes 5
 *   npm run bench:soak -- --minutes 5 --snapshots   # heap snapshots after warm-up and at the end, in tmp/soak/
 *
 * Its own database, BENCH_SOAK_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/trapkracht_soak),
 * created and seeded with BENCH_PRODUCTS (20 000) on the first run and reused after; `--fresh` drops
 * and seeds it again. The server process can be given Node flags with BENCH_NODE_FLAGS (for instance
 * `--max-semi-space-size=16`), and environment variables with BENCH_SERVER_ENV (`MALLOC_ARENA_MAX=2`).
 */
import "./production-env";
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { sql } from "drizzle-orm";
import { openDatabase } from "../app/db/client.server";
import { rowsOf } from "../app/db/rows.server";
import { buildApp } from "../tests/support/build";
import { ensureCatalogue, ensurePostgresDatabase, recreatePostgresDatabase } from "./support";

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (at < 0) return undefined;
  return args[at]!.includes("=") ? args[at]!.split("=")[1] : (args[at + 1] ?? "");
};
const MINUTES = Number(option("minutes") ?? process.env.BENCH_SOAK_MINUTES ?? 30);
const SNAPSHOTS = args.includes("--snapshots");
const FRESH = args.includes("--fresh");
const DB_URL = process.env.BENCH_SOAK_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/trapkracht_soak";
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 20_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const SAMPLE_SECONDS = Number(process.env.BENCH_SAMPLE_SECONDS ?? 5);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 10_000);
/** Share of the run that is warm-up, and how far above its end RSS may go afterwards. */
const WARM_UP_SHARE = 0.2;
const TOLERANCE = 0.1;

if (!(MINUTES > 0)) throw new Error(`--minutes expects a positive number, not "${option("minutes")}"`);

/** The pages of the mix and how often each is asked for (relative weights). */
const KINDS = [
  { name: "home", weight: 2, path: "/" },
  { name: "category", weight: 3 },
  { name: "paging", weight: 3 },
  { name: "product", weight: 4 },
  { name: "suggestions", weight: 4 },
  { name: "blog", weight: 1 },
  { name: "cart", weight: 1, path: "/cart" },
];

type Usage = NodeJS.MemoryUsage;
type Sample = { seconds: number } & Usage;
type Counts = Record<string, { ok: number; failed: number; timedOut: number }>;

const mb = (bytes: number) => bytes / 1024 / 1024;
const fmt = (bytes: number) => `${mb(bytes).toFixed(0)} MB`;

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** The URLs the load draws from: categories with their page counts, products, words, blog posts. */
async function loadMix() {
  const database = await openDatabase({ kind: "postgres", url: DB_URL, poolSize: 2 });
  const { db } = database;
  await ensureCatalogue(db, DB_URL, PRODUCTS);
  const categories = rowsOf<{ id: number; listed: number }>(
    await db.execute(sql`select category_id as id, listed from listed_product_counts
      where category_id is not null and listed > 0`),
  ).map((c) => ({ id: c.id, pages: Math.max(1, Math.min(Math.ceil(c.listed / 20), 500)) }));
  const artNos = rowsOf<{ art_no: number }>(
    await db.execute(sql`select art_no from products where is_listed order by random() limit 20000`),
  ).map((r) => r.art_no);
  const words = rowsOf<{ word: string }>(
    await db.execute(sql`select distinct lower(w) as word
      from (select regexp_split_to_table(short_description || ' ' || brand, '\s+') as w from products limit 5000) s
      where length(w) between 3 and 20 and w ~ '^[[:alnum:]]+$' limit 400`),
  ).map((r) => r.word);
  const blogSlugs = rowsOf<{ slug: string }>(await db.execute(sql`select slug from blog_posts`)).map((r) => r.slug);
  await database.close();
  return { kinds: KINDS, categories, artNos, words, blogSlugs };
}

/**
 * The production app (the build the tests share) with server.ts bundled beside it, as `npm run build`
 * does: server.ts finds the React Router build next to itself. A file of its own, removed at the end.
 */
function buildServer() {
  const { buildDir, cleanup } = buildApp("soak");
  const file = path.join(buildDir, `server-soak-${process.pid}.js`);
  execFileSync(process.execPath, ["scripts/build-server.mjs"], {
    env: { ...process.env, SERVER_OUTFILE: file },
    stdio: "pipe",
  });
  return {
    file,
    cleanup: () => {
      rmSync(file, { force: true });
      cleanup();
    },
  };
}

async function main() {
  if (FRESH) await recreatePostgresDatabase(DB_URL);
  else await ensurePostgresDatabase(DB_URL);
  const mix = await loadMix();
  const { file, cleanup } = buildServer();

  const port = await freePort();
  const probe = fileURLToPath(new URL("./soak-probe.mjs", import.meta.url));
  const nodeFlags = (process.env.BENCH_NODE_FLAGS ?? "").split(/\s+/).filter(Boolean);
  const extraEnv = Object.fromEntries(
    (process.env.BENCH_SERVER_ENV ?? "")
      .split(/\s+/)
      .filter(Boolean)
      .map((pair) => [pair.split("=")[0]!, pair.slice(pair.indexOf("=") + 1)]),
  );
  const child = spawn(process.execPath, ["--import", probe, "--heapsnapshot-signal=SIGUSR2", ...nodeFlags, file], {
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: DB_URL,
      SEED_DEMO: "false",
      AUTH_SECRET: "soak-secret-0123456789-abcdefghijklmnop",
      LOG_LEVEL: "warn",
      // The shop's own test payment page: no payment is made in this load.
      LOCAL_PAYMENTS_ALLOWED: "true",
      TEST_SUPPLIER_ALLOWED: "true",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-20_000);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const poll = setInterval(() => {
      if (/Trapkracht draait op/.test(output)) {
        clearInterval(poll);
        resolve();
      } else if (child.exitCode !== null) {
        clearInterval(poll);
        reject(new Error(`the server did not start:\n${output}`));
      }
    }, 100);
  }).catch((error: unknown) => {
    cleanup();
    throw error;
  });

  // One question at a time over the IPC channel.
  let asked = 0;
  const ask = <T>(message: Record<string, unknown>) =>
    new Promise<T>((resolve) => {
      const id = ++asked;
      const listener = (answer: { id: number } & T) => {
        if (answer.id !== id) return;
        child.off("message", listener);
        resolve(answer);
      };
      child.on("message", listener);
      child.send({ ...message, id });
    });
  const memory = async () => (await ask<{ usage: Usage }>({ type: "memory" })).usage;
  const snapshotDir = path.resolve("tmp/soak");
  const snapshot = async (label: string) => {
    mkdirSync(snapshotDir, { recursive: true });
    const started = performance.now();
    const { file: written } = await ask<{ file: string }>({
      type: "snapshot",
      file: path.join(snapshotDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${label}.heapsnapshot`),
    });
    console.log(`heap snapshot (${label}): ${written} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  };

  const seconds = MINUTES * 60;
  const warmUpSeconds = seconds * WARM_UP_SHARE;
  const startedAt = performance.now();
  const elapsed = () => (performance.now() - startedAt) / 1000;
  const idle = await memory();
  console.log(
    `\n${mix.artNos.length} products, ${mix.categories.length} categories; ${CONNECTIONS} connections for ${MINUTES} min ` +
      `(warm-up ${(warmUpSeconds / 60).toFixed(1)} min); server pid ${child.pid}, RSS at start ${fmt(idle.rss)}, heap ${fmt(idle.heapUsed)}.\n`,
  );

  let counts: Counts = {};
  let firstFailure: string | null = null;
  const worker = new Worker(new URL("./soak-worker.mjs", import.meta.url), {
    workerData: {
      base: `http://127.0.0.1:${port}`,
      connections: CONNECTIONS,
      seconds,
      timeoutMs: TIMEOUT_MS,
      reportEveryMs: SAMPLE_SECONDS * 1000,
      mix,
    },
  });
  const loadDone = new Promise<void>((resolve, reject) => {
    worker.on("message", (message: { final: boolean; counts: Counts; firstFailure: string | null }) => {
      counts = message.counts;
      firstFailure = message.firstFailure;
      if (message.final) resolve();
    });
    worker.once("error", reject);
  });

  const samples: Sample[] = [];
  const total = () => Object.values(counts).reduce((n, c) => n + c.ok + c.failed + c.timedOut, 0);
  let printedAt = -Infinity;
  let snapshotTaken = !SNAPSHOTS;
  let running = true;
  void loadDone.then(() => (running = false));
  while (running) {
    const usage = await memory();
    const sample = { seconds: elapsed(), ...usage };
    samples.push(sample);
    if (sample.seconds - printedAt >= 30) {
      printedAt = sample.seconds;
      console.log(
        `${(sample.seconds / 60).toFixed(1).padStart(5)} min  RSS ${fmt(usage.rss).padStart(7)}  heap used ${fmt(usage.heapUsed).padStart(7)} of ${fmt(usage.heapTotal).padStart(7)}  external ${fmt(usage.external).padStart(6)}  buffers ${fmt(usage.arrayBuffers).padStart(6)}  requests ${total()}`,
      );
    }
    if (!snapshotTaken && sample.seconds >= warmUpSeconds) {
      snapshotTaken = true;
      await snapshot("after-warm-up");
    }
    await Promise.race([new Promise((resolve) => setTimeout(resolve, SAMPLE_SECONDS * 1000)), loadDone]);
  }
  await loadDone;
  const last = await memory();
  samples.push({ seconds: elapsed(), ...last });
  if (SNAPSHOTS) await snapshot("end");

  child.kill("SIGTERM");
  await exited;
  cleanup();

  // The verdict.
  const afterWarmUp = samples.filter((s) => s.seconds >= warmUpSeconds);
  const reference = afterWarmUp[0] ?? samples[samples.length - 1]!;
  const maxRss = Math.max(...afterWarmUp.map((s) => s.rss));
  const growth = maxRss / reference.rss - 1;
  const flat = growth <= TOLERANCE;
  // The heap's floor in each fifth of the run: the low point after a collection.
  const fifths = Array.from({ length: 5 }, (_, i) => {
    const part = samples.filter((s) => s.seconds >= (seconds * i) / 5 && s.seconds < (seconds * (i + 1)) / 5);
    return part.length
      ? {
          minutes: `${((MINUTES * i) / 5).toFixed(1)}–${((MINUTES * (i + 1)) / 5).toFixed(1)}`,
          rssMax: mb(Math.max(...part.map((s) => s.rss))),
          heapFloor: mb(Math.min(...part.map((s) => s.heapUsed))),
          heapTotalMax: mb(Math.max(...part.map((s) => s.heapTotal))),
          externalMax: mb(Math.max(...part.map((s) => s.external))),
        }
      : null;
  }).filter((f) => f !== null);
  const requests = total();
  const failed = Object.values(counts).reduce((n, c) => n + c.failed, 0);
  const timedOut = Object.values(counts).reduce((n, c) => n + c.timedOut, 0);

  console.log(`\n${requests} requests (${(requests / seconds).toFixed(1)}/s), ${failed} failed, ${timedOut} timed out`);
  for (const [kind, c] of Object.entries(counts)) {
    console.log(`  ${kind.padEnd(12)} ${String(c.ok).padStart(7)} ok  ${c.failed} failed  ${c.timedOut} timed out`);
  }
  if (firstFailure) console.log(`  first failure: ${firstFailure}`);
  console.log("\n  minutes      RSS max   heap floor   heap total max   external max");
  for (const f of fifths) {
    console.log(
      `  ${f.minutes.padEnd(11)} ${f.rssMax.toFixed(0).padStart(6)} MB ${f.heapFloor.toFixed(0).padStart(8)} MB ${f.heapTotalMax.toFixed(0).padStart(12)} MB ${f.externalMax.toFixed(0).padStart(10)} MB`,
    );
  }
  console.log(
    `\nRSS: start ${fmt(idle.rss)}, after warm-up (${(reference.seconds / 60).toFixed(1)} min) ${fmt(reference.rss)}, ` +
      `end ${fmt(last.rss)}, max after warm-up ${fmt(maxRss)} (${growth >= 0 ? "+" : ""}${(growth * 100).toFixed(1)} %). ` +
      `Heap used: start ${fmt(idle.heapUsed)}, end ${fmt(last.heapUsed)}.`,
  );
  console.log(
    flat
      ? "FLAT: RSS stayed within 10 % of its level after warm-up."
      : "NOT FLAT: RSS grew more than 10 % after warm-up.",
  );
  console.log(
    JSON.stringify({
      minutes: MINUTES,
      connections: CONNECTIONS,
      products: PRODUCTS,
      requests,
      failed,
      timedOut,
      rssStartMb: mb(idle.rss),
      rssAfterWarmUpMb: mb(reference.rss),
      rssEndMb: mb(last.rss),
      rssMaxAfterWarmUpMb: mb(maxRss),
      growthAfterWarmUp: growth,
      flat,
      fifths,
      samples: samples.map((s) => [Math.round(s.seconds), Math.round(mb(s.rss)), Math.round(mb(s.heapUsed))]),
    }),
  );
  if (!flat || failed > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
