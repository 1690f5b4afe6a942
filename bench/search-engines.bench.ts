/**
 * Search engines compared (issue 30 item 13, docs/decisions/0048-search-engine-choice.md): the
 * shop's own search against the alternatives that can run on this machine, on the same questions.
 *
 *   1. Relevance: the 46 queries of the relevance set (tests/support/search-relevance-set.ts) on the
 *      demo catalogue; a query passes when its "must" products are in the first five and its
 *      "must not" products are not.
 *   2. Speed: a results page (the first 20 and the number of matches) for each kind of query, on
 *      the benchmark catalogue (BENCH_PRODUCTS, seeded as `npm run bench` does).
 *
 * Engines: ours (listProducts, relevance order); PostgreSQL full-text search (dutch snowball +
 * unaccent, GIN, ts_rank); pg_trgm alone (word similarity per word, GIN); an in-memory inverted
 * index with typo tolerance and prefix search (MiniSearch), standing in for Meilisearch and Typesense,
 * whose servers cannot be installed here (only npm and Debian packages are reachable).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_1m BENCH_PRODUCTS=1000000 npm run bench:search-engines
 *   BENCH_RUNS=5  # timed runs per query (after one untimed)
 */
import "./production-env";
import { sql, type SQL } from "drizzle-orm";
import MiniSearch, { type SearchResult } from "minisearch";
import { openDatabase, type Db } from "../app/db/client.server";
import { rowsOf } from "../app/db/rows.server";
import { listProducts } from "../app/features/catalogue/listing.server";
import { RELEVANCE_CASES, seedRelevanceCatalogue } from "../tests/support/search-relevance-set";
import { ensureCatalogue, ensurePostgresDatabase, percentile, recreatePostgresDatabase } from "./support";

const DB_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/trapkracht_bench";
const DEMO_URL = new URL(DB_URL);
DEMO_URL.pathname = "/trapkracht_engines_demo";
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PAGE = 20;

/** The query kinds of `npm run bench` (bench/catalogue.bench.ts), a few of each. */
const KINDS: Record<string, string[]> = {
  words: ["shimano", "ketting", "band", "zadel"],
  plurals: ["kettingen", "zadels", "banden", "remblokjes"],
  "two words": ["shimano ketting", "ketting shimano", "continental zwart", "brooks zadel"],
  typos: ["shimanno", "kettnig", "contintental", "zadle"],
};

type Engine = {
  name: string;
  /** Build what the engine needs (an index); returns a note on its cost. */
  prepare(db: Db): Promise<string>;
  /** The first `limit` ArtNos of a results page, and how many match. */
  page(db: Db, q: string, limit: number): Promise<{ artNos: number[]; total: number }>;
};

const ours: Engine = {
  name: "ours (blocks + trigram vocabulary)",
  prepare: async () => "the shop's own tables",
  async page(db, q, limit) {
    const listing = await listProducts(db, {
      categoryIds: null,
      q,
      filters: {},
      filterTypes: [],
      sort: "default",
      page: 1,
      pageSize: limit,
    });
    return { artNos: listing.products.map((p) => p.artNo), total: listing.total };
  },
};

/** What the PostgreSQL engines index: the name and brand, accent-free (unaccent is not IMMUTABLE). */
const INDEXED_TEXT = sql`engines_unaccent(lower(p.short_description || ' ' || coalesce(p.brand, '')))`;
/** The same expression for CREATE INDEX, which takes no table alias (the planner matches the two). */
const INDEX_EXPRESSION = sql`engines_unaccent(lower(short_description || ' ' || coalesce(brand, '')))`;

/** The first `limit` listed products that match, in `order`, and how many match: two statements side by side. */
async function pageAndCount(db: Db, matches: SQL, order: SQL, limit: number) {
  const [rows, count] = await Promise.all([
    db.execute(sql`
      SELECT p.art_no FROM products p JOIN listing_stock_order b USING (art_no)
      WHERE p.is_listed AND ${matches} ORDER BY ${order} LIMIT ${limit}`),
    db.execute(sql`SELECT count(*)::int AS n FROM products p WHERE p.is_listed AND ${matches}`),
  ]);
  return {
    artNos: rowsOf<{ art_no: number }>(rows).map((r) => Number(r.art_no)),
    total: rowsOf<{ n: number }>(count)[0]!.n,
  };
}

async function unaccentFunction(db: Db) {
  await db.execute(sql`CREATE EXTENSION IF NOT EXISTS unaccent`);
  await db.execute(sql`
    CREATE OR REPLACE FUNCTION engines_unaccent(text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$`);
}

async function timedIndex(db: Db, statement: ReturnType<typeof sql>, name: string): Promise<string> {
  const started = performance.now();
  await db.execute(statement);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const size = rowsOf<{ size: string }>(
    await db.execute(sql`SELECT pg_size_pretty(pg_relation_size(${name}::regclass)) AS size`),
  )[0]!.size;
  return `index built in ${seconds} s, ${size}`;
}

const fullText: Engine = {
  name: "PostgreSQL full-text (dutch + unaccent)",
  async prepare(db) {
    await unaccentFunction(db);
    await db.execute(sql`DROP INDEX IF EXISTS engines_fts_idx`);
    return timedIndex(
      db,
      sql`CREATE INDEX engines_fts_idx ON products USING gin (to_tsvector('dutch'::regconfig, ${INDEX_EXPRESSION}))`,
      "engines_fts_idx",
    );
  },
  async page(db, q, limit) {
    const query = sql`plainto_tsquery('dutch'::regconfig, engines_unaccent(lower(${q})))`;
    const vector = sql`to_tsvector('dutch'::regconfig, ${INDEXED_TEXT})`;
    return pageAndCount(
      db,
      sql`${vector} @@ ${query}`,
      sql`ts_rank(${vector}, ${query}) DESC, b.in_stock DESC, b.sort_key, p.art_no`,
      limit,
    );
  },
};

const trigram: Engine = {
  name: "pg_trgm alone (word similarity ≥ 0.6 per word)",
  async prepare(db) {
    await unaccentFunction(db);
    await db.execute(sql`DROP INDEX IF EXISTS engines_trgm_idx`);
    return timedIndex(
      db,
      sql`CREATE INDEX engines_trgm_idx ON products USING gin (${INDEX_EXPRESSION} gin_trgm_ops)`,
      "engines_trgm_idx",
    );
  },
  async page(db, q, limit) {
    const words = q.toLowerCase().split(/\s+/).filter(Boolean);
    const every = sql.join(
      words.map((w) => sql`engines_unaccent(${w}) <% ${INDEXED_TEXT}`),
      sql` AND `,
    );
    const distance = sql.join(
      words.map((w) => sql`(engines_unaccent(${w}) <<-> ${INDEXED_TEXT})`),
      sql` + `,
    );
    return pageAndCount(db, every, sql`${distance}, b.in_stock DESC, b.sort_key, p.art_no`, limit);
  },
};

type Doc = { id: number; name: string; brand: string; inStock: boolean; sortKey: string };
const fold = (term: string) => term.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** Meilisearch's and Typesense's defaults: one typo from 5 letters, two from 9; the last word a prefix; every word. */
function inMemory(): Engine {
  let index: MiniSearch<Doc> | null = null;
  let docs = new Map<number, Doc>();
  return {
    name: "in-memory index with typos + prefix (MiniSearch)",
    async prepare(db) {
      const heapBefore = process.memoryUsage().heapUsed;
      const started = performance.now();
      const rows = rowsOf<{ art_no: number; name: string; brand: string | null; in_stock: boolean; sort_key: string }>(
        await db.execute(sql`
          SELECT p.art_no, p.short_description AS name, p.brand, b.in_stock, b.sort_key
          FROM products p JOIN listing_stock_order b USING (art_no) WHERE p.is_listed`),
      );
      index = new MiniSearch<Doc>({
        fields: ["name", "brand"],
        processTerm: (term) => fold(term),
        searchOptions: {
          combineWith: "AND",
          boost: { name: 2 },
          prefix: (_term, i, terms) => i === terms.length - 1,
          fuzzy: (term) => (term.length >= 9 ? 2 : term.length >= 5 ? 1 : false),
        },
      });
      docs = new Map();
      for (const r of rows) {
        const doc = {
          id: Number(r.art_no),
          name: r.name,
          brand: r.brand ?? "",
          inStock: r.in_stock,
          sortKey: r.sort_key,
        };
        docs.set(doc.id, doc);
      }
      index.addAll([...docs.values()]);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const mb = ((process.memoryUsage().heapUsed - heapBefore) / 1e6).toFixed(0);
      return `loaded and indexed in ${seconds} s, ~${mb} MB of heap`;
    },
    async page(_db, q, limit) {
      const words = q.split(/\s+/).filter(Boolean).map(fold);
      const last = words[words.length - 1] ?? "";
      // Meilisearch's ranking rules (words, typo, attribute, exactness, then the shop's sort) rather
      // than BM25: fewer typos first, then every word found in the name, then in stock, then the name.
      const rank = (hit: SearchResult) => {
        const typos = hit.terms.filter((t) => !words.includes(t) && !t.startsWith(last)).length;
        const inName = hit.terms.every((t) => hit.match[t]?.includes("name")) ? 0 : 1;
        return { typos, inName, doc: docs.get(Number(hit.id))! };
      };
      const ranked = index!.search(q).map((hit) => ({ hit, ...rank(hit) }));
      ranked.sort(
        (a, b) =>
          a.typos - b.typos ||
          a.inName - b.inName ||
          Number(b.doc.inStock) - Number(a.doc.inStock) ||
          a.doc.sortKey.localeCompare(b.doc.sortKey),
      );
      return { artNos: ranked.slice(0, limit).map((r) => Number(r.hit.id)), total: ranked.length };
    },
  };
}

async function relevance(engines: Engine[]) {
  await recreatePostgresDatabase(DEMO_URL.toString());
  const demo = await openDatabase({ kind: "postgres", url: DEMO_URL.toString() });
  await seedRelevanceCatalogue(demo.db);
  console.log(`\nRelevance set: ${RELEVANCE_CASES.length} queries on the demo catalogue (first five)`);
  for (const engine of engines) {
    await engine.prepare(demo.db);
    const failed: string[] = [];
    for (const { q, must, mustNot = [] } of RELEVANCE_CASES) {
      const top = (await engine.page(demo.db, q, 5)).artNos;
      if (!must.every((a) => top.includes(a)) || mustNot.some((a) => top.includes(a))) failed.push(q);
    }
    const passed = RELEVANCE_CASES.length - failed.length;
    console.log(
      `${engine.name.padEnd(50)} ${passed}/${RELEVANCE_CASES.length}   missed: ${failed.join(", ") || "none"}`,
    );
  }
  await demo.close();
}

async function speed(engines: Engine[]) {
  await ensurePostgresDatabase(DB_URL);
  const database = await openDatabase({ kind: "postgres", url: DB_URL });
  await ensureCatalogue(database.db, DB_URL, PRODUCTS);
  console.log(
    `\nSpeed: a results page (first ${PAGE} and the count) at ${PRODUCTS} products, ${RUNS} runs a query, p50 / p95 ms`,
  );
  for (const engine of engines) {
    console.log(`${engine.name}: ${await engine.prepare(database.db)}`);
    for (const [kind, terms] of Object.entries(KINDS)) {
      const times: number[] = [];
      const totals: string[] = [];
      for (const q of terms) {
        const first = await engine.page(database.db, q, PAGE);
        totals.push(`${q} ${first.total}`);
        for (let i = 0; i < RUNS; i++) {
          const started = performance.now();
          await engine.page(database.db, q, PAGE);
          times.push(performance.now() - started);
        }
      }
      times.sort((a, b) => a - b);
      console.log(
        `  ${kind.padEnd(10)} p50 ${percentile(times, 50).toFixed(1).padStart(7)}  p95 ${percentile(times, 95).toFixed(1).padStart(7)}   matches: ${totals.join(", ")}`,
      );
    }
  }
  await database.db.execute(sql`DROP INDEX IF EXISTS engines_fts_idx`);
  await database.db.execute(sql`DROP INDEX IF EXISTS engines_trgm_idx`);
  await database.close();
}

async function main() {
  const engines = [ours, fullText, trigram, inMemory()];
  if (process.env.BENCH_SKIP_RELEVANCE !== "1") await relevance(engines);
  if (process.env.BENCH_SKIP_SPEED !== "1") await speed(engines);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
