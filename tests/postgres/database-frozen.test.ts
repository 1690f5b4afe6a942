/**
 * A PostgreSQL server that stops answering (stopped process, full disk, network black hole) must not
 * hang the shop: the health check tells the load balancer within two seconds, pages fail within the
 * database timeouts, and all is well again once the server answers.
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../app/db/client.server";
import { rowsOf } from "../../app/db/rows.server";
import { isDatabaseUnavailable } from "../../app/db/unavailable.server";
import { createLogger } from "../../app/shared/logging/logger.server";
import { createProduct } from "../support/factories";
import {
  bundleServer,
  createPostgresDatabase,
  httpRequest,
  startServerProcess,
  waitFor,
  type ServerProcess,
} from "../support/server-process";

/** A loopback TCP proxy to the PostgreSQL server that can stop passing bytes on, in both directions. */
async function freezableProxy(target: URL) {
  let frozen = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
      if (frozen) socket.pause();
    }
    client.on("data", (chunk) => upstream.write(chunk));
    upstream.on("data", (chunk) => client.write(chunk));
    client.on("end", () => upstream.end());
    upstream.on("end", () => client.end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    freeze: () => {
      frozen = true;
      for (const socket of sockets) socket.pause();
    },
    thaw: () => {
      frozen = false;
      for (const socket of sockets) socket.resume();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = Date.now();
  const result = await work();
  return { ms: Date.now() - started, result };
}

let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let proxy: Awaited<ReturnType<typeof freezableProxy>>;
let bundle: ReturnType<typeof bundleServer>;
let server: ServerProcess;
let productPath = "";

beforeAll(async () => {
  database = await createPostgresDatabase("frozen");
  const setup = await database.open();
  const product = await createProduct(setup.db, { shortDescription: "Kettingolie 100 ml" });
  await setup.close();
  productPath = `/product/${product.artNo}`;
  proxy = await freezableProxy(new URL(database.url));
  const viaProxy = new URL(database.url);
  viaProxy.host = `127.0.0.1:${proxy.port}`;
  bundle = bundleServer();
  server = await startServerProcess(bundle.file, {
    DATABASE_URL: viaProxy.toString(),
    PAYMENT_PROVIDER: "local",
    LOCAL_PAYMENTS_ALLOWED: "true",
    // Short, so the test is quick; the connection timeout keeps its default (2 s).
    DATABASE_STATEMENT_TIMEOUT_MS: "2000",
  });
});

afterAll(async () => {
  proxy?.thaw();
  await server?.stop();
  bundle?.cleanup();
  await proxy?.close();
  await database?.drop();
});

describe("a database that stops answering", () => {
  it("gets a 503 from /readyz within 2 s and from pages within the timeouts, and recovers when it answers again", async () => {
    expect((await httpRequest(`${server.url}/readyz`)).status).toBe(200);
    expect((await httpRequest(`${server.url}${productPath}`)).status).toBe(200);

    proxy.freeze();

    const health = await timed(() => httpRequest(`${server.url}/readyz`, { timeoutMs: 10_000 }));
    expect(health.result.status).toBe(503);
    expect(health.result.body).toBe("not ready: database unavailable\n");
    expect(health.ms).toBeLessThan(2_500);

    // The maintenance lookup and then the page's own query each wait at most the client's query
    // timeout (statement 2 s + 1 s) or the connection timeout (2 s): 6 s, plus time to render.
    const page = await timed(() => httpRequest(`${server.url}${productPath}`, { timeoutMs: 20_000 }));
    expect(page.result.status).toBe(503);
    expect(page.result.body).toContain("Fout bij laden product");
    expect(page.result.body).not.toContain("Product Niet Gevonden");
    expect(page.ms).toBeLessThan(8_000);

    const again = await timed(() => httpRequest(`${server.url}/readyz`, { timeoutMs: 10_000 }));
    expect(again.result.status).toBe(503);
    expect(again.ms).toBeLessThan(2_500);

    proxy.thaw();

    const recovered = await waitFor(async () => (await httpRequest(`${server.url}/readyz`)).status === 200, 5_000);
    expect(recovered).toBeLessThan(5_000);
    const after = await httpRequest(`${server.url}${productPath}`, { timeoutMs: 10_000 });
    expect(after.status).toBe(200);
    expect(after.body).toContain("Kettingolie 100 ml");
    expect(server.alive()).toBe(true);
  }, 60_000);

  it("ends a transaction whose statement gets no answer within the statement limit plus 2 s: the rollback does not wait behind it", async () => {
    const own = await freezableProxy(new URL(database.url));
    const viaOwn = new URL(database.url);
    viaOwn.host = `127.0.0.1:${own.port}`;
    const statementMs = 2_000;
    const opened = await openDatabase({
      kind: "postgres",
      url: viaOwn.toString(),
      poolSize: 1,
      timeouts: { connectMs: 2_000, statementMs, lockMs: 1_000, idleInTransactionMs: 30_000 },
      // The closed connection logs "database connection lost"; expected here, so kept off the output.
      logger: createLogger("silent"),
    });
    try {
      const frozen = await timed(() =>
        opened.db
          .transaction(async (tx) => {
            await tx.execute(sql`select 1`);
            own.freeze();
            await tx.execute(sql`select 2`);
          })
          .then(
            () => null,
            (error: unknown) => error,
          ),
      );
      expect(isDatabaseUnavailable(frozen.result)).toBe(true);
      // The client gives up on the statement 1 s after the limit; the rollback must not then wait
      // out a second limit behind the unanswered statement on the same connection.
      expect(frozen.ms).toBeLessThan(statementMs + 2_000);

      own.thaw();
      // The abandoned connection is not handed out again: the next transaction gets a fresh one.
      const value = await opened.db.transaction(async (tx) => {
        const result = await tx.execute(sql`select 42 as value`);
        return rowsOf<{ value: number }>(result)[0]!.value;
      });
      expect(value).toBe(42);
    } finally {
      own.thaw();
      await opened.close();
      await own.close();
    }
  }, 30_000);

  it("opens its connections with the statement, lock and idle-in-transaction timeouts set on the server, and JIT off", async () => {
    const opened = await openDatabase({
      kind: "postgres",
      url: database.url,
      timeouts: { connectMs: 2_000, statementMs: 15_000, lockMs: 5_000, idleInTransactionMs: 30_000 },
    });
    try {
      const show = async (setting: string) => {
        const result = await opened.db.execute(sql`select current_setting(${setting}) as value`);
        return rowsOf<{ value: string }>(result)[0]!.value;
      };
      expect(await show("statement_timeout")).toBe("15s");
      expect(await show("lock_timeout")).toBe("5s");
      expect(await show("idle_in_transaction_session_timeout")).toBe("30s");
      expect(await show("jit")).toBe("off");
    } finally {
      await opened.close();
    }
  });
});
