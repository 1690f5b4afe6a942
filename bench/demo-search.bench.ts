/**
 * The search on the embedded defaults (issue 30 item 11: "the PGlite demo as fast as today"): the
 * demo catalogue in PGlite, as `npm start` runs it, served by the production build in-process;
 * server response times over loopback of the results page and the suggestions for each kind of
 * query (bench/search-terms.ts).
 *
 *   npm run bench:demo-search
 *   BENCH_REQUESTS=200 npm run bench:demo-search
 *
 * Against another version of the shop (bench/README.md, "The embedded demo"): in that checkout,
 * `BENCH_SERVE=1 npm run bench:demo-search` serves its demo and prints its address; here,
 * `BENCH_AGAINST=<address> npm run bench:demo-search` sends each request to both in turn, the two
 * alternating which goes first, so a busy machine slows both alike. For a fair comparison serve this
 * checkout the same way and add `BENCH_THIS=<its address>`: then neither shop shares a process with
 * the client.
 */
import "./production-env";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { openDatabase } from "../app/db/client.server";
import { seedDemoIfEmpty } from "../app/db/seed/demo.server";
import { createLogger } from "../app/shared/logging/logger.server";
import { buildApp } from "../tests/support/build";
import { asShoppersType, pluralTerms, resultTerms, twoWordTerms, typoTerms } from "./search-terms";
import { percentile, serveShop, timeRequests } from "./support";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 120);
const WARMUP = 20;

const AGAINST = process.env.BENCH_AGAINST;

async function timed(url: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return performance.now() - started;
}

/** The same paths on this shop and on the other one, request by request, who goes first alternating. */
async function compareRequests(label: string, base: string, other: string, paths: string[]) {
  for (let i = 0; i < WARMUP; i++)
    await Promise.all([timed(base + paths[i % paths.length]), timed(other + paths[i % paths.length])]);
  const here: number[] = [];
  const there: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const path = paths[i % paths.length]!;
    if (i % 2) {
      there.push(await timed(other + path));
      here.push(await timed(base + path));
    } else {
      here.push(await timed(base + path));
      there.push(await timed(other + path));
    }
  }
  const figures = (times: number[]) => {
    const sorted = [...times].sort((a, b) => a - b);
    return `${percentile(sorted, 50).toFixed(1).padStart(6)} / ${percentile(sorted, 95).toFixed(1).padStart(6)}`;
  };
  console.log(`${label.padEnd(38)} other ${figures(there)}   this ${figures(here)}   (p50 / p95 ms, n=${REQUESTS})`);
}

/** This checkout's demo, served in this process; its address, and how to stop it. */
async function serveThisShop(): Promise<{ base: string; stop: () => Promise<void> }> {
  const database = await openDatabase({ kind: "pglite" });
  await seedDemoIfEmpty(database.db, createLogger("silent"));
  const { buildDir } = buildApp("bench");
  const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
  const { server, base } = await serveShop(database.db, build, buildDir, "0");
  return {
    base,
    stop: async () => {
      server.close();
      await database.close();
    },
  };
}

async function main() {
  // BENCH_THIS: this shop served by its own process too (BENCH_SERVE=1 in this checkout). Served in
  // this process, it shares the event loop with the client reading each page, and the other does not.
  const served = process.env.BENCH_THIS
    ? { base: process.env.BENCH_THIS, stop: async () => {} }
    : await serveThisShop();
  const { base } = served;
  if (process.env.BENCH_SERVE === "1") {
    console.log(`Serving the demo at ${base}; stop with Ctrl+C`);
    return new Promise<never>(() => {});
  }
  const results = (terms: string[]) => terms.map((t) => `/products?q=${encodeURIComponent(t)}`);
  const suggestions = (terms: string[]) => terms.map((t) => `/api/search-suggestions?q=${encodeURIComponent(t)}`);
  const measure = (label: string, paths: string[]) =>
    AGAINST
      ? compareRequests(label, base, AGAINST, paths)
      : timeRequests(
          label,
          paths.map((p) => base + p),
          { warmup: WARMUP, requests: REQUESTS },
        );

  console.log(
    `PGlite, demo catalogue, ${REQUESTS} requests a row after ${WARMUP} untimed${AGAINST ? `, alternating with ${AGAINST}` : ""}`,
  );
  await measure("results page, words", results(resultTerms));
  await measure("results page, plurals", results(pluralTerms));
  await measure("results page, two words", results(twoWordTerms));
  await measure("results page, typos", results(typoTerms));
  await measure("suggestions, words", suggestions(resultTerms));
  await measure("suggestions, plurals/two words/typos", suggestions(asShoppersType));
  await served.stop();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
