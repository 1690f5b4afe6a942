// Load generator of bench/concurrency.bench.ts, on a thread of its own so it never takes the event
// loop of the servers it measures: `connections` kept-alive connections, each asking for `url` again
// as soon as its last answer has arrived in full, for `seconds`. Plain JavaScript: a worker thread
// loads no TypeScript.
import http from "node:http";
import { parentPort, workerData } from "node:worker_threads";

const { url, connections, seconds, timeoutMs } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const times = [];
let ok = 0;
let failed = 0;
let timedOut = 0;
let bytes = 0;
const deadline = performance.now() + seconds * 1000;

function once() {
  return new Promise((resolve) => {
    const started = performance.now();
    let settled = false;
    const settle = (outcome, size = 0) => {
      if (settled) return;
      settled = true;
      if (outcome === "ok") {
        ok++;
        bytes += size;
        times.push(performance.now() - started);
      } else if (outcome === "timeout") timedOut++;
      else failed++;
      resolve();
    };
    const req = http.get(url, { agent, headers: { "accept-encoding": "gzip" }, timeout: timeoutMs }, (res) => {
      let size = 0;
      res.on("data", (chunk) => (size += chunk.length));
      res.on("end", () => settle(res.statusCode === 200 ? "ok" : "failed", size));
      res.on("error", () => settle("failed"));
    });
    req.on("timeout", () => {
      settle("timeout");
      req.destroy();
    });
    req.on("error", () => settle("failed"));
  });
}

async function loop() {
  while (performance.now() < deadline) await once();
}

await Promise.all(Array.from({ length: connections }, loop));
agent.destroy();
parentPort.postMessage({ ok, failed, timedOut, bytes, times });
