/**
 * Supplier feed benchmark (issue 15): a generated 1 000 000-product CSV feed and a 1 000 000-row
 * stock feed imported on PostgreSQL through the real import (the queue's `runFeedImport`): time,
 * rows per second and the process's peak memory (RSS, sampled, and the OS's max RSS), then the same
 * product file again (nothing changes), while a reader measures a product lookup's latency during
 * the import ("the shop serving normally").
 *
 *   npm run bench:feed    # postgres://postgres@127.0.0.1:5432/trapkracht_bench_feed, recreated each run
 *   BENCH_FEED_PRODUCTS=100000 npm run bench:feed
 *   BENCH_FEED_KEEP_CATALOGUE=1 npm run bench:feed   # stock feeds only, on the catalogue a full run left
 */
import "./production-env";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { once } from "node:events";
import { sql } from "drizzle-orm";
import { loadConfig } from "../app/shared/config/env.server";
import { openDatabase, type Db } from "../app/db/client.server";
import { rowsOf } from "../app/db/rows.server";
import { runFeedImport } from "../app/features/supplier-feed/import-job.server";
import { startFeedRun } from "../app/features/supplier-feed/runs.server";
import { createLogger } from "../app/shared/logging/logger.server";
import { ensurePostgresDatabase, percentile, recreatePostgresDatabase } from "./support";

const DB_URL = process.env.BENCH_FEED_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/trapkracht_bench_feed";
const PRODUCTS = Number(process.env.BENCH_FEED_PRODUCTS ?? 1_000_000);
const FIRST_ART_NO = 200_000;
const CATEGORIES = 40;
const logger = createLogger("warn");
/**
 * Keeps the database and its catalogue (when it holds exactly BENCH_FEED_PRODUCTS products) and runs
 * only the two stock feeds, after emptying `stock`: for iterating on the stock feed without the
 * minutes of a new catalogue. The default run recreates everything.
 */
const KEEP_CATALOGUE = process.env.BENCH_FEED_KEEP_CATALOGUE === "1";

const BRANDS = [
  "Shimano",
  "SRAM",
  "Continental",
  "Schwalbe",
  "KMC",
  "Lezyne",
  "Topeak",
  "Vittoria",
  "Park Tool",
  "Muc-Off",
];
const THINGS = ["Ketting", "Remblokken", "Buitenband", "Zadel", "Pedalen", "Cassette", "Stuurlint", "Kettingolie"];
const COLOURS = ["zwart", "wit", "rood", "blauw", "zilver"];

/** A supplier's product feed as suppliers write it: semicolons, comma decimals, HTML descriptions. */
async function writeProductFeed(file: string, variant = 0) {
  const out = fs.createWriteStream(file);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, "drain");
  };
  await write(
    "ArtNo;Brand;ShortDescription;LongDescriptionHTML;ConsumerPrice;DiscountedPrice;category_id;Status;PosImages;VAT;Colour;Material;Size;Type;ArticleKeyword\n",
  );
  let chunk = "";
  for (let i = 0; i < PRODUCTS; i++) {
    const artNo = FIRST_ART_NO + i;
    const price = 500 + ((i * 37 + variant) % 20_000);
    const euros = `${Math.floor(price / 100)},${String(price % 100).padStart(2, "0")}`;
    const offer = i % 9 === 0 ? `${Math.floor((price * 0.8) / 100)},95` : "";
    chunk +=
      `${artNo};${BRANDS[i % BRANDS.length]};${THINGS[i % THINGS.length]} ${i % 997}-${i % 89};` +
      `"<p>Artikel ${artNo} van de leverancier.</p><ul><li>Gewicht ${i % 500} g</li><li>Maat ${i % 60}</li></ul>";` +
      `${euros};${offer};${1 + (i % CATEGORIES)};${i % 25 === 0 ? 0 : 1};https://cdn.example.com/${artNo}.jpg;${i % 7 === 0 ? 9 : 21};` +
      `${COLOURS[i % COLOURS.length]};staal;${i % 60};onderdeel;fiets\n`;
    if (chunk.length > 256 * 1024) {
      await write(chunk);
      chunk = "";
    }
  }
  await write(chunk);
  out.end();
  await once(out, "finish");
}

async function writeStockFeed(file: string) {
  const out = fs.createWriteStream(file);
  let chunk = "ArtNo;ArtQuantity;Status\n";
  for (let i = 0; i < PRODUCTS; i++) {
    chunk += `${FIRST_ART_NO + i};${(i * 7) % 40};${i % 40 === 0 ? "uitverkocht" : "leverbaar"}\n`;
    if (chunk.length > 256 * 1024) {
      if (!out.write(chunk)) await once(out, "drain");
      chunk = "";
    }
  }
  out.end(chunk);
  await once(out, "finish");
}

/** Peak RSS while `work` runs, sampled every 100 ms. */
async function withMemory<T>(work: () => Promise<T>): Promise<{ result: T; peakRssMb: number; ms: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  const started = performance.now();
  try {
    const result = await work();
    return { result, peakRssMb: Math.round(peak / 1024 / 1024), ms: performance.now() - started };
  } finally {
    clearInterval(timer);
  }
}

/** A shopper's product lookup every 50 ms while the import runs: its latency p50/p95. */
function probeLatency(db: Db) {
  const times: number[] = [];
  let stop = false;
  const loop = (async () => {
    let i = 0;
    while (!stop) {
      const artNo = FIRST_ART_NO + ((i++ * 7919) % PRODUCTS);
      const started = performance.now();
      await db.execute(
        sql`SELECT p.art_no, p.brand, p.short_description, p.effective_price_cents, s.quantity FROM products p LEFT JOIN stock s USING (art_no) WHERE p.art_no = ${artNo}`,
      );
      times.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return async () => {
    stop = true;
    await loop;
    times.sort((a, b) => a - b);
    return { p50: percentile(times, 50), p95: percentile(times, 95), n: times.length };
  };
}

async function importFile(db: Db, config: ReturnType<typeof loadConfig>, file: string, kind: "products" | "stock") {
  const relative = path.relative(config.dataDir, file);
  const run = await startFeedRun(db, null, {
    kind,
    source: "upload",
    fileName: path.basename(file),
    storedPath: relative,
  });
  const probe = probeLatency(db);
  const measured = await withMemory(() => runFeedImport({ db, config, logger }, run.id));
  const latency = await probe();
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(
      sql`SELECT status, rows_read, created, changed, unchanged, rejected, error FROM supplier_feed_runs WHERE id = ${run.id}`,
    ),
  );
  if (row?.status !== "succeeded") throw new Error(`import failed: ${JSON.stringify(row)}`);
  return { ...measured, report: row, latency };
}

/** The catalogue a full run left, when it has the benchmark's size: emptied of stock, vacuumed. */
async function keptCatalogue(): Promise<Db | null> {
  await ensurePostgresDatabase(DB_URL);
  const database = await openDatabase({ kind: "postgres", url: DB_URL, poolSize: 4 });
  const db = database.db;
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM products`));
  if (row?.n !== PRODUCTS) {
    await database.close();
    return null;
  }
  console.log(`keeping the catalogue of ${PRODUCTS.toLocaleString("en")} products; emptying stock…`);
  await db.execute(sql`TRUNCATE stock`);
  await db.execute(sql`DELETE FROM supplier_feed_runs`);
  await db.execute(sql`VACUUM (ANALYZE) products, stock, listing_stock_order, supplier_feed_seen, supplier_feed_runs`);
  closeKept = () => database.close();
  return db;
}
let closeKept: (() => Promise<void>) | null = null;

async function main() {
  const kept = KEEP_CATALOGUE ? await keptCatalogue() : null;
  if (KEEP_CATALOGUE && !kept) console.log("no catalogue of that size to keep: recreating");
  if (!kept) await recreatePostgresDatabase(DB_URL);
  const database = kept
    ? { db: kept, close: () => closeKept!() }
    : await openDatabase({ kind: "postgres", url: DB_URL, poolSize: 4 });
  const db = database.db;
  if (!kept)
    await db.execute(sql`
      INSERT INTO product_categories (id, name, level)
      SELECT id, 'Feedcategorie ' || id, 1 FROM generate_series(1, ${CATEGORIES}) id`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-feed-"));
  const config = loadConfig({
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    DATABASE_URL: DB_URL,
    AUTH_SECRET: "b".repeat(40),
  });
  fs.mkdirSync(path.join(dataDir, "supplier-feeds"));
  const productFile = path.join(dataDir, "supplier-feeds", "producten.csv");
  const stockFile = path.join(dataDir, "supplier-feeds", "voorraad.csv");

  console.log(`writing a ${PRODUCTS.toLocaleString("en")}-product feed and a stock feed…`);
  if (!kept) await writeProductFeed(productFile);
  else fs.writeFileSync(productFile, "");
  await writeStockFeed(stockFile);
  const productBytes = fs.statSync(productFile).size;
  const stockBytes = fs.statSync(stockFile).size;
  fs.copyFileSync(productFile, productFile + ".again");
  const baseRss = Math.round(process.memoryUsage().rss / 1024 / 1024);

  const lines: string[] = [];
  const report = (label: string, bytes: number, r: Awaited<ReturnType<typeof importFile>>) => {
    const line =
      `${label.padEnd(34)} ${(r.ms / 1000).toFixed(1).padStart(7)} s  ${Math.round((PRODUCTS / r.ms) * 1000)
        .toLocaleString("en")
        .padStart(7)} rows/s  ` +
      `file ${(bytes / 1024 / 1024).toFixed(0)} MB  peak RSS ${r.peakRssMb} MB  ` +
      `lookup during import p50 ${r.latency.p50.toFixed(1)} / p95 ${r.latency.p95.toFixed(1)} ms  ` +
      `created ${r.report.created} changed ${r.report.changed} unchanged ${r.report.unchanged} rejected ${r.report.rejected}`;
    lines.push(line);
    console.log(line);
  };

  if (!kept) {
    report("product feed, new catalogue", productBytes, await importFile(db, config, productFile, "products"));
    await db.execute(sql`VACUUM (ANALYZE) products, listing_stock_order`);
  }
  report("stock feed, every row new", stockBytes, await importFile(db, config, stockFile, "stock"));
  if (!kept) {
    fs.copyFileSync(productFile + ".again", productFile);
    report("product feed again (no change)", productBytes, await importFile(db, config, productFile, "products"));
  }
  await writeStockFeed(stockFile);
  report("stock feed again (no change)", stockBytes, await importFile(db, config, stockFile, "stock"));

  console.log(
    `\nbaseline RSS before the imports: ${baseRss} MB; OS max RSS of the process: ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`,
  );
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
