import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type Database } from "../../app/db/client.server";
import { TEST_AUTH_SECRET } from "./app";

let bundles = 0;

/**
 * Bundles server.ts as `npm run build` does (scripts/build-server.mjs), next to the test run's private
 * React Router build, so `node <file>` is the production entry with its signals and shutdown. A file
 * of its own per test file: parallel files never share one.
 */
export function bundleServer(): { file: string; cleanup: () => void } {
  const file = path.join(inject("buildDir"), `server-${process.pid}-${bundles++}.js`);
  execFileSync(process.execPath, ["scripts/build-server.mjs"], {
    env: { ...process.env, SERVER_OUTFILE: file },
    stdio: "pipe",
  });
  return { file, cleanup: () => rmSync(file, { force: true }) };
}

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  /** Every stdout line so far (JSON log lines and the start banner). */
  stdout: () => string[];
  stderr: () => string;
  /** The JSON log lines so far, parsed. */
  logs: () => Record<string, unknown>[];
  /** Resolves when the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  alive: () => boolean;
  stop: () => Promise<void>;
};

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * Starts the production server (`node build/server.js`) in a child process on a free loopback port,
 * given as PORT so that PUBLIC_URL (redirects, origin check) is the real address. The child gets only
 * the variables given here and PATH/HOME, never the test run's own DATABASE_URL.
 */
export async function startServerProcess(
  file: string,
  env: Record<string, string>,
  /** How long the start (migrations included) may take before the test gives up. */
  { startTimeoutMs = 60_000 }: { startTimeoutMs?: number } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [file], {
    cwd: process.cwd(),
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      SEED_DEMO: "false",
      AUTH_SECRET: TEST_AUTH_SECRET,
      LOG_LEVEL: "info",
      // These servers play the shop under test: paid orders go to its own test supplier.
      TEST_SUPPLIER_ALLOWED: "true",
      // Fault tests (a frozen or restarted database) ask what a page does without its database,
      // not what a page kept in memory looks like.
      PAGE_CACHE_TTL_MS: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const out: string[] = [];
  let partial = "";
  let err = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    const parts = (partial + chunk).split("\n");
    partial = parts.pop()!;
    out.push(...parts);
  });
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (err += chunk));
  let ended = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => {
      ended = true;
      resolve({ code, signal });
    }),
  );

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start within ${startTimeoutMs} ms:\n${out.join("\n")}\n${err}`)),
      startTimeoutMs,
    );
    const poll = setInterval(() => {
      const banner = out.map((line) => /Trapkracht draait op (http:\/\/\S+)/.exec(line)).find(Boolean);
      if (banner || ended) {
        clearInterval(poll);
        clearTimeout(timer);
        if (banner) resolve(banner[1]!);
        else reject(new Error(`server exited at start:\n${out.join("\n")}\n${err}`));
      }
    }, 50);
  });

  return {
    url,
    child,
    stdout: () => [...out],
    stderr: () => err,
    logs: () =>
      out.flatMap((line) => {
        if (!line.startsWith("{")) return [];
        return [JSON.parse(line) as Record<string, unknown>];
      }),
    exited,
    alive: () => !ended,
    stop: async () => {
      if (ended) return;
      child.kill("SIGKILL");
      await exited;
    },
  };
}

/** A fresh PostgreSQL database cloned from the run's migrated template, named by URL. */
export async function createPostgresDatabase(label: string): Promise<{
  url: string;
  name: string;
  open: () => Promise<Database>;
  drop: () => Promise<void>;
}> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error("TEST_DATABASE_URL is required for this test file");
  const name = `trapkracht_${label}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject("postgresTemplate")}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    open: () => openDatabase({ kind: "postgres", url: url.toString(), poolSize: 2 }),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export type HttpAnswer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/**
 * One HTTP request with node:http (keep-alive agents and a chosen local address, which fetch cannot
 * do): the local address gives each simulated shopper its own client IP for the per-IP limits.
 */
export function httpRequest(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    agent?: http.Agent;
    localAddress?: string;
    /** Give up (reject) when no complete answer came within this time. */
    timeoutMs?: number;
  } = {},
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const done = (settle: () => void) => {
      clearTimeout(timer);
      settle();
    };
    const req = http.request(
      url,
      {
        method: options.method ?? "GET",
        headers: options.body
          ? { "content-length": String(Buffer.byteLength(options.body)), ...options.headers }
          : options.headers,
        agent: options.agent,
        localAddress: options.localAddress,
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => done(() => resolve({ status: res.statusCode ?? 0, headers: res.headers, body })));
        res.on("error", (error) => done(() => reject(error)));
      },
    );
    req.on("error", (error) => done(() => reject(error)));
    if (options.timeoutMs) {
      const ms = options.timeoutMs;
      timer = setTimeout(() => req.destroy(new Error(`no answer within ${ms} ms`)), ms);
    }
    req.end(options.body);
  });
}

/** Polls until `check` is true, or fails after `timeoutMs`; answers how long it took. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check().catch(() => false)) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`not reached within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
