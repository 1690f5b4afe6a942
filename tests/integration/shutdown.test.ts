/**
 * SIGTERM while shoppers keep keep-alive connections busy (a deploy, a scale-down): the production
 * server finishes what it started, tells clients to go elsewhere, stops its workers before the
 * database, and exits 0 — or, past its deadline, cuts what is left and exits 1.
 */
import http from "node:http";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase } from "../../app/db/client.server";
import { bundleServer, httpRequest, startServerProcess, waitFor, type ServerProcess } from "../support/server-process";

type Target = { env: Record<string, string>; cleanup: () => Promise<void> };

/** The database as an operator configures it: DATABASE_URL in the PostgreSQL pass, else DATA_DIR. */
async function createTarget(): Promise<Target> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    const dataDir = mkdtempSync(path.join(tmpdir(), "trapkracht-shutdown-"));
    // From the migrated template: a fresh on-disk migration takes ~10 s.
    const seeded = await openDatabase({
      kind: "pglite",
      dataDir: path.join(dataDir, "pglite"),
      loadDataDir: new Blob([readFileSync(inject("pgliteTemplate"))]),
    });
    await seeded.close();
    return { env: { DATA_DIR: dataDir }, cleanup: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `trapkracht_shutdown_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject("postgresTemplate")}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString(), PAYMENT_PROVIDER: "local", LOCAL_PAYMENTS_ALLOWED: "true" },
    cleanup: async () => {
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** A loopback port nothing listens on: the mail worker runs, and has nothing to send anyway. */
async function refusedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

type Outcome = { startedAt: number; status?: number; connection?: string; error?: string };

/** A shopper on one keep-alive connection, asking for page after page until told to stop. */
async function browse(server: ServerProcess, agent: http.Agent, outcomes: Outcome[], until: () => boolean) {
  const paths = ["/about", "/products", "/healthz", "/contact"];
  for (let i = 0; !until(); i++) {
    const outcome: Outcome = { startedAt: Date.now() };
    outcomes.push(outcome);
    try {
      const res = await httpRequest(`${server.url}${paths[i % paths.length]}`, { agent, timeoutMs: 15_000 });
      outcome.status = res.status;
      outcome.connection = String(res.headers.connection ?? "");
    } catch (error) {
      outcome.error = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      // Refused: the server stopped listening; nothing more to ask.
      if (outcome.error === "ECONNREFUSED") return;
    }
  }
}

/**
 * A form post whose body arrives slowly: its first half is sent now, the rest after `restAfterMs`,
 * so the request is in the middle of being read when SIGTERM comes.
 */
function slowPost(server: ServerProcess, restAfterMs: number | null) {
  const body = `firstName=Anna&lastName=&email=anna%40example.nl&message=${"a".repeat(400)}`;
  const half = Math.floor(body.length / 2);
  return new Promise<{ status: number; connection: string; body: string }>((resolve, reject) => {
    const req = http.request(`${server.url}/contact`, {
      method: "POST",
      agent: false,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "content-length": String(Buffer.byteLength(body)),
        origin: server.url,
      },
    });
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, connection: String(res.headers.connection ?? ""), body: text }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.write(body.slice(0, half));
    if (restAfterMs !== null) setTimeout(() => req.end(body.slice(half)), restAfterMs);
  });
}

let bundle: ReturnType<typeof bundleServer>;
let target: Target;
let server: ServerProcess | undefined;

beforeAll(() => {
  bundle = bundleServer();
});
afterAll(() => {
  bundle?.cleanup();
});
afterEach(async () => {
  await server?.stop();
  await target?.cleanup();
});

describe("SIGTERM under keep-alive load", () => {
  it("answers every request it had started, closes keep-alive connections, stops http → workers → database and exits 0", async () => {
    target = await createTarget();
    server = await startServerProcess(bundle.file, {
      ...target.env,
      SMTP_URL: `smtp://127.0.0.1:${await refusedPort()}`,
    });
    const running = server;

    let stopBrowsing = false;
    const outcomes: Outcome[] = [];
    const agents = Array.from({ length: 4 }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
    const shoppers = agents.map((agent) => browse(running, agent, outcomes, () => stopBrowsing));

    // Every connection open and in use (slow on a busy machine, so counted rather than timed).
    await waitFor(async () => outcomes.filter((o) => o.status === 200).length >= 8, 30_000);
    const slow = slowPost(running, 1_500);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const signalledAt = Date.now();
    running.child.kill("SIGTERM");

    const exit = await running.exited;
    const exitedAfter = Date.now() - signalledAt;
    stopBrowsing = true;
    await Promise.all(shoppers);
    for (const agent of agents) agent.destroy();

    expect(exit).toEqual({ code: 0, signal: null });
    // It waited for the slow post (whose body ends 1.2 s after the signal), within the 10 s deadline.
    expect(exitedAfter).toBeGreaterThan(1_000);
    expect(exitedAfter).toBeLessThan(10_000);

    // The request that was being read when the signal came was answered in full, with "go elsewhere".
    const posted = await slow;
    expect(posted.status).toBe(400);
    expect(posted.body).toContain("Controleer de gemarkeerde velden.");
    expect(posted.connection).toBe("close");

    const before = outcomes.filter((o) => o.startedAt < signalledAt);
    // "After" is after the server itself handled the signal (its log line's time, same clock): a
    // request sent in the few milliseconds before that is still answered as any other.
    const handledAt = Number(
      running.logs().find((line) => line.msg === "shutting down: finishing open requests")?.time,
    );
    expect(handledAt).toBeGreaterThanOrEqual(signalledAt);
    const after = outcomes.filter((o) => o.startedAt > handledAt);
    expect(before.length).toBeGreaterThan(8);
    for (const outcome of before) expect(outcome.error, JSON.stringify(outcome)).toBeUndefined();
    for (const outcome of before) expect(outcome.status, JSON.stringify(outcome)).toBe(200);
    // After the signal: answered with Connection: close, or refused because nobody listens any more.
    for (const outcome of after) {
      if (outcome.error === undefined) expect(outcome.connection, JSON.stringify(outcome)).toBe("close");
      else expect(["ECONNREFUSED", "ECONNRESET"]).toContain(outcome.error);
    }

    const steps = running
      .logs()
      .filter((line) => line.msg === "shutdown step done")
      .map((line) => line.step);
    // The embedded demo (no DATABASE_URL) also runs its loopback SFTP and FTP servers, stopped before the database.
    const demoServers = "DATABASE_URL" in target.env ? [] : ["demo SFTP server", "demo FTP server"];
    expect(steps).toEqual(["http", "background jobs", ...demoServers, "database"]);
    expect(running.logs().some((line) => line.msg === "shutdown complete")).toBe(true);
  }, 120_000);

  it("past SHUTDOWN_TIMEOUT_MS cuts the requests that are left and exits 1 with a log line", async () => {
    target = await createTarget();
    server = await startServerProcess(bundle.file, { ...target.env, SHUTDOWN_TIMEOUT_MS: "1500" });
    const running = server;

    // A post whose body never completes: only the deadline ends it.
    const stuck = slowPost(running, null).then(
      () => "answered",
      (error: NodeJS.ErrnoException) => error.code ?? error.message,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const signalledAt = Date.now();
    running.child.kill("SIGTERM");

    const exit = await running.exited;
    const exitedAfter = Date.now() - signalledAt;
    expect(exit).toEqual({ code: 1, signal: null });
    expect(exitedAfter).toBeGreaterThanOrEqual(1_400);
    // The stuck post never ends on its own, so only the deadline can have ended the process; the
    // bound is loose because a loaded CI machine took 6.5 s to exit (1.5 s deadline).
    expect(exitedAfter).toBeLessThan(30_000);
    expect(await stuck).toBe("ECONNRESET");
    const deadline = running.logs().find((line) => line.msg === "shutdown deadline passed");
    expect(deadline).toMatchObject({ level: 50, timeoutMs: 1500, step: "http", openRequests: 1 });
  }, 120_000);
  it("says 503 on /readyz at once after SIGTERM, still answers new requests for SHUTDOWN_DRAIN_DELAY_MS, finishes a slow request, then exits 0", async () => {
    const DRAIN_MS = 8_000;
    target = await createTarget();
    // The drain delay is what the proxy's health check has to notice the 503 in: readiness must flip
    // well inside it. 8 s, because a loaded CI machine can take seconds to answer one probe.
    server = await startServerProcess(bundle.file, { ...target.env, SHUTDOWN_DRAIN_DELAY_MS: String(DRAIN_MS) });
    const running = server;
    expect((await httpRequest(`${running.url}/readyz`)).status).toBe(200);

    const slow = slowPost(running, 1_500);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const signalledAt = Date.now();
    running.child.kill("SIGTERM");

    // Each probe on a new connection, as a proxy's health check makes them.
    const notReadyAfter = await waitFor(
      async () => (await httpRequest(`${running.url}/readyz`)).status === 503,
      DRAIN_MS,
    );
    expect(notReadyAfter).toBeLessThan(DRAIN_MS);
    const probe = await httpRequest(`${running.url}/readyz`);
    expect(probe).toMatchObject({ status: 503, body: "not ready: shutting down\n" });
    expect(probe.headers["cache-control"]).toBe("no-store");
    // Alive all the same, and a request that still comes in (the proxy has not noticed yet) is answered.
    expect((await httpRequest(`${running.url}/healthz`)).status).toBe(200);
    expect((await httpRequest(`${running.url}/about`)).status).toBe(200);

    const posted = await slow;
    expect(posted.status).toBe(400);
    expect(posted.body).toContain("Controleer de gemarkeerde velden.");

    // The drain delay comes before HTTP stops: the port refuses new connections only once it is over.
    // (Read from the outside: the order of the "shutdown step done" log lines was checked here, and
    // once, on a loaded CI machine, a line was missing from the captured output.)
    await waitFor(async () => {
      try {
        await httpRequest(`${running.url}/healthz`, { timeoutMs: 2_000 });
        return false;
      } catch (error) {
        return (error as NodeJS.ErrnoException).code === "ECONNREFUSED";
      }
    }, DRAIN_MS + 30_000);
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(DRAIN_MS);

    const exit = await running.exited;
    expect(exit).toEqual({ code: 0, signal: null });
  }, 120_000);
});
