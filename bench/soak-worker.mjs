// Load generator of bench/soak.bench.ts, on a thread of its own (as bench/load-worker.mjs): `connections`
// kept-alive connections, each asking for the next URL of the mix as soon as its last answer has
// arrived in full, until `seconds` have passed. Every other request carries a cookie (not a session:
// a returning visitor's), so it is rendered instead of served from the page cache. Reports its counts
// every `reportEveryMs` and once more at the end. Plain JavaScript: a worker thread loads no TypeScript.
import http from "node:http";
import { parentPort, workerData } from "node:worker_threads";

const { base, connections, seconds, timeoutMs, reportEveryMs, mix } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const deadline = performance.now() + seconds * 1000;

/** Per kind of page: answers, failures (status other than 200 or an error) and time-outs. */
const counts = Object.fromEntries(mix.kinds.map((kind) => [kind.name, { ok: 0, failed: 0, timedOut: 0 }]));
let sent = 0;
let firstFailure = null;

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const totalWeight = mix.kinds.reduce((n, kind) => n + kind.weight, 0);

/** The next request of the mix: a kind by its weight, then one of its URLs at random. */
function nextRequest() {
  let r = Math.random() * totalWeight;
  const kind = mix.kinds.find((k) => (r -= k.weight) < 0) ?? mix.kinds[0];
  let path;
  switch (kind.name) {
    case "product":
      path = `/product/${pick(mix.artNos)}`;
      break;
    case "category":
      path = `/products?cat=${pick(mix.categories).id}`;
      break;
    case "paging": {
      const category = pick(mix.categories);
      path = `/products?cat=${category.id}&page=${1 + Math.floor(Math.random() * category.pages)}`;
      break;
    }
    case "suggestions": {
      // What a shopper types: a prefix of a word of the catalogue, now and then with a typo.
      const word = pick(mix.words);
      let q = word.slice(0, 2 + Math.floor(Math.random() * (word.length - 1)));
      if (Math.random() < 0.3) q += String.fromCharCode(97 + Math.floor(Math.random() * 26));
      path = `/api/search-suggestions?q=${encodeURIComponent(q)}`;
      break;
    }
    case "blog":
      path = Math.random() < 0.3 || mix.blogSlugs.length === 0 ? "/blog" : `/blog/${pick(mix.blogSlugs)}`;
      break;
    default:
      path = kind.path;
  }
  const headers = { "accept-encoding": "gzip" };
  if (sent++ % 2 === 1) headers.cookie = `bezoeker=${Math.floor(Math.random() * 1e9)}; theme=licht`;
  return { kind: kind.name, path, headers };
}

function once() {
  return new Promise((resolve) => {
    const { kind, path, headers } = nextRequest();
    const tally = counts[kind];
    let settled = false;
    const settle = (outcome, detail) => {
      if (settled) return;
      settled = true;
      tally[outcome]++;
      if (outcome !== "ok" && !firstFailure) firstFailure = `${path}: ${detail}`;
      resolve();
    };
    const req = http.get(base + path, { agent, headers, timeout: timeoutMs }, (res) => {
      res.on("data", () => {});
      res.on("end", () => settle(res.statusCode === 200 ? "ok" : "failed", `status ${res.statusCode}`));
      res.on("error", (error) => settle("failed", error.message));
    });
    req.on("timeout", () => {
      settle("timedOut", "time-out");
      req.destroy();
    });
    req.on("error", (error) => settle("failed", error.message));
  });
}

const report = (final) => parentPort.postMessage({ final, counts, firstFailure });
const timer = setInterval(() => report(false), reportEveryMs);

async function loop() {
  while (performance.now() < deadline) await once();
}

await Promise.all(Array.from({ length: connections }, loop));
clearInterval(timer);
agent.destroy();
report(true);
