/**
 * The search on the embedded defaults (issue 30 item 11: "the PGlite demo as fast as today"): the
 * demo catalogue in PGlite, as `npm start` runs it, served by the production build in-process;
 * server response times over loopback of the results page and the suggestions for each kind of
 * query (bench/search-terms.ts).
 *
 *   npm run bench:demo-search
 *   BENCH_REQUESTS=200 npm run bench:demo-search
 */
import "./production-env";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { openDatabase } from "../app/db/client.server";
import { seedDemoIfEmpty } from "../app/db/seed/demo.server";
import { createLogger } from "../app/lib/logger.server";
import { buildApp } from "../tests/support/build";
import { asShoppersType, pluralTerms, resultTerms, twoWordTerms, typoTerms } from "./search-terms";
import { serveShop, timeRequests } from "./support";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 120);
const WARMUP = 20;

const measure = (label: string, urls: string[]) => timeRequests(label, urls, { warmup: WARMUP, requests: REQUESTS });

async function main() {
  const database = await openDatabase({ kind: "pglite" });
  await seedDemoIfEmpty(database.db, createLogger("silent"));
  const { buildDir } = buildApp("bench");
  const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
  const { server, base } = await serveShop(database.db, build, buildDir, "0");
  const results = (terms: string[]) => terms.map((t) => `${base}/products?q=${encodeURIComponent(t)}`);
  const suggestions = (terms: string[]) =>
    terms.map((t) => `${base}/api/search-suggestions?q=${encodeURIComponent(t)}`);

  console.log(`PGlite, demo catalogue, ${REQUESTS} requests a row after ${WARMUP} untimed`);
  await measure("results page, words", results(resultTerms));
  await measure("results page, plurals", results(pluralTerms));
  await measure("results page, two words", results(twoWordTerms));
  await measure("results page, typos", results(typoTerms));
  await measure("suggestions, words", suggestions(resultTerms));
  await measure("suggestions, plurals/two words/typos", suggestions(asShoppersType));
  server.close();
  await database.close();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
