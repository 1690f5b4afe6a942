import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { asc } from "drizzle-orm";
import Stripe from "stripe";
import { outbox } from "../../app/db/schema";
import { FAKE_STRIPE_KEY, FAKE_WEBHOOK_SECRET } from "../support/fake-stripe";
import { useTestApp } from "../support/fixture";
import { serveOnLoopback, type LoopbackServer } from "../support/loopback-server";
import { bodyLimit, maxBodyBytes } from "../../server/body-limit";

/**
 * Request bodies are limited before they are read (issue 12: a 100 MB POST to /contact took the
 * process from 303 MB to 1.17 GB). The app runs in this test process, so its memory is ours to watch.
 */

const MiB = 1024 * 1024;
const LIMIT = 64 * 1024;
const TOO_LARGE = "Het verzoek is te groot";

type RawAnswer = { status: number; headers: Record<string, string | string[] | undefined>; body: string; sent: number };

/**
 * POSTs `total` bytes of form-like filler in 64 KiB pieces, written only as fast as the server takes
 * them (so the test itself never holds the body). With `declareLength` the request says how big it
 * is; without, it is sent chunked. Resolves with the answer as soon as one arrives, and stops sending.
 */
function streamPost(url: string, total: number, { declareLength }: { declareLength: boolean }): Promise<RawAnswer> {
  const piece = Buffer.alloc(LIMIT, "a");
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {
      "content-type": "application/x-www-form-urlencoded",
      origin: new URL(url).origin,
    };
    if (declareLength) headers["content-length"] = String(total);
    const req = httpRequest(url, { method: "POST", headers });
    let sent = 0;
    let answered = false;
    req.on("response", (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString(), sent });
      });
    });
    // The server closes the connection while we are still sending: expected once it has answered.
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    const write = () => {
      while (sent < total && !answered) {
        const size = Math.min(piece.length, total - sent);
        sent += size;
        if (!req.write(size === piece.length ? piece : piece.subarray(0, size))) return void req.once("drain", write);
      }
      if (!answered) req.end();
    };
    write();
  });
}

type SocketResult = { answers: string; error: Error | null };

/**
 * A POST that declares `total` bytes, written by hand on a bare socket as a browser's upload goes:
 * the head and a first 64 KiB piece, and the rest only once the whole answer has come in. With
 * `then`, that request follows on the same connection. Resolves when the server closes it.
 */
function postThenSendOn(url: string, path: string, total: number, then?: string): Promise<SocketResult> {
  const { hostname, port, origin } = new URL(url);
  const piece = Buffer.alloc(LIMIT, "a");
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let answers = "";
    let error: Error | null = null;
    let sent = 0;
    const sendRest = () => {
      while (sent < total) {
        const size = Math.min(piece.length, total - sent);
        sent += size;
        if (!socket.write(piece.subarray(0, size))) return void socket.once("drain", sendRest);
      }
      if (then) socket.write(then);
    };
    socket.on("error", (e) => (error = e));
    socket.on("close", () => resolve({ answers, error }));
    socket.on("data", (data: Buffer) => {
      const first = !answers.includes("</html>");
      answers += data.toString("latin1");
      if (first && answers.includes("</html>")) sendRest();
    });
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: ${hostname}\r\nOrigin: ${origin}\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${total}\r\n\r\n`,
    );
    sent = piece.length;
    socket.write(piece);
  });
}

/** Sends the given body in small chunked pieces (no Content-Length), as a proxy or script might. */
function chunkedPost(url: string, body: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: "POST", headers: { origin: new URL(url).origin, ...headers } });
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString(), sent: 0 }),
      );
    });
    req.on("error", reject);
    const bytes = Buffer.from(body);
    for (let i = 0; i < bytes.length; i += 1000) req.write(bytes.subarray(i, i + 1000));
    req.end();
  });
}

const contactForm = (message = "Wanneer wordt mijn bestelling bezorgd?") =>
  new URLSearchParams({
    firstName: "Anna",
    lastName: "de Vries",
    email: "anna@example.nl",
    subject: "Levertijd",
    message,
  }).toString();

function rssGrowthDuring<T>(run: () => Promise<T>): Promise<{ result: T; growthMiB: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  return run()
    .then((result) => ({ result, growthMiB: (Math.max(peak, process.memoryUsage().rss) - before) / MiB }))
    .finally(() => clearInterval(timer));
}

describe("request body limit", () => {
  const { app, database } = useTestApp({
    STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
    STRIPE_API_URL: "http://127.0.0.1:9",
  });
  const mails = () => database.db.select().from(outbox).orderBy(asc(outbox.id));

  beforeEach(async () => {
    await database.db.delete(outbox);
  });

  it("answers a 100 MB POST to /contact with 413 before reading it, and memory stays flat", async () => {
    const { result, growthMiB } = await rssGrowthDuring(() =>
      streamPost(`${app.url}/contact`, 100 * MiB, { declareLength: true }),
    );
    expect(result.status).toBe(413);
    expect(result.headers["content-type"]).toMatch(/^text\/html/);
    expect(result.body).toContain(`<h1>${TOO_LARGE}</h1>`);
    expect(result.body).toContain('<html lang="nl">');
    // The answer came long before the body could have been sent.
    expect(result.sent).toBeLessThan(50 * MiB);
    expect(growthMiB).toBeLessThan(50);
    expect(await mails()).toHaveLength(0);
  });

  it("cuts off a chunked body without Content-Length once it passes the limit", async () => {
    const { result, growthMiB } = await rssGrowthDuring(() =>
      streamPost(`${app.url}/contact`, 100 * MiB, { declareLength: false }),
    );
    expect(result.status).toBe(413);
    expect(result.body).toContain(TOO_LARGE);
    expect(result.sent).toBeLessThan(50 * MiB);
    expect(growthMiB).toBeLessThan(50);
    expect(await mails()).toHaveLength(0);
  });

  it("answers before the body is in, then takes the rest without a reset, so a client still sending reads the 413", async () => {
    // Cutting the connection at the answer made fetch fail with EPIPE on a 7 MB upload: the client's
    // next write met a reset, and the reset threw the unread 413 away.
    const { answers, error } = await postThenSendOn(
      app.url,
      "/contact",
      3 * MiB,
      `GET /contact HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
    );
    expect(error).toBeNull();
    expect(answers.startsWith("HTTP/1.1 413 ")).toBe(true);
    expect(answers).toContain(TOO_LARGE);
    // The dropped body was read through to its end: the next request on the connection is served.
    expect(answers).toMatch(/<\/html>\s*HTTP\/1\.1 200 /);
    expect(answers).toContain(`name="firstName"`);
    expect(await mails()).toHaveLength(0);
  });

  it("still takes a normal contact form, and the shop keeps serving after a refusal", async () => {
    await streamPost(`${app.url}/contact`, 2 * MiB, { declareLength: false });
    const res = await app.post("/contact", Object.fromEntries(new URLSearchParams(contactForm())));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/contact?verzonden=1");
    // The shop's copy and the confirmation to the sender.
    expect(await mails()).toHaveLength(2);
  });

  it("passes a chunked form within the limit on intact", async () => {
    const message = "Hoi,\nmijn bestelling met €-teken en ü kwam niet aan. ".repeat(40);
    const res = await chunkedPost(`${app.url}/contact`, contactForm(message), {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(res.status).toBe(302);
    const rows = await mails();
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).toContain("mijn bestelling met €-teken en ü kwam niet aan.");
  });

  it("draws the line at MAX_BODY_BYTES (64 KiB by default), by Content-Length", async () => {
    const filler = (total: number) => {
      const head = `${contactForm()}&pad=`;
      return head + "a".repeat(total - head.length);
    };
    const at = await app.get("/contact", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
      body: filler(LIMIT),
    });
    expect(at.status).toBe(302);
    const over = await app.get("/contact", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
      body: filler(LIMIT + 1),
    });
    expect(over.status).toBe(413);
    expect(await over.text()).toContain(TOO_LARGE);
  });

  it("gives the Stripe webhook its own limit and its exact raw body, chunked or not", async () => {
    // An event Stripe may send that the shop ignores, padded to well over a form's limit.
    const payload = JSON.stringify({
      id: "evt_groot",
      object: "event",
      type: "customer.updated",
      data: { object: { id: "cus_1", metadata: { notitie: "é".repeat(150_000) } } },
    });
    expect(Buffer.byteLength(payload)).toBeGreaterThan(4 * LIMIT);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: FAKE_WEBHOOK_SECRET });
    const headers = { "content-type": "application/json", "stripe-signature": signature };

    const whole = await fetch(`${app.url}/api/payments/stripe-webhook`, { method: "POST", headers, body: payload });
    expect(whole.status).toBe(200);
    expect(await whole.text()).toBe("ok");
    // Chunked: held back, then handed on byte for byte (the signature covers every byte).
    const chunked = await chunkedPost(`${app.url}/api/payments/stripe-webhook`, payload, headers);
    expect(chunked.status).toBe(200);
    expect(chunked.body).toBe("ok");

    const tooBig = await streamPost(`${app.url}/api/payments/stripe-webhook`, 2 * MiB, { declareLength: false });
    expect(tooBig.status).toBe(413);
    // The same route still refuses a bad signature: the limit is the only thing added.
    const forged = await fetch(`${app.url}/api/payments/stripe-webhook`, {
      method: "POST",
      headers: { ...headers, "stripe-signature": "t=1,v1=00" },
      body: payload,
    });
    expect(forged.status).toBe(400);
  });
});

/**
 * The hook for routes with their own limit (the admin uploads to come): a prefix with a bigger limit,
 * and streamed routes that get the body as it arrives. Served by a bare Express app on loopback.
 */
describe("route body limits", () => {
  let served: LoopbackServer;
  let url = "";
  /** For the streamed route: bytes the handler had received when it saw the first piece. */
  let firstPieceSeenWhileSending = false;

  beforeAll(async () => {
    const app = express();
    app.use(
      bodyLimit(LIMIT, [
        { prefix: "/groot", maxBytes: 4 * LIMIT },
        { prefix: "/admin/uploads", maxBytes: 8 * MiB, streamed: true },
      ]),
    );
    app.post("/admin/uploads/foto", (req, res) => {
      let received = 0;
      req.on("data", (chunk: Buffer) => {
        if (received === 0) firstPieceSeenWhileSending = !req.complete;
        received += chunk.length;
      });
      req.on("end", () => res.json({ received, limit: maxBodyBytes(res) }));
    });
    app.post("/{*splat}", (req, res) => {
      let received = 0;
      req.on("data", (chunk: Buffer) => (received += chunk.length));
      req.on("end", () => res.json({ received, limit: maxBodyBytes(res) }));
    });
    served = await serveOnLoopback(app);
    url = served.url;
  });
  afterAll(() => served.close());

  it("gives a prefix its own limit, by Content-Length and chunked", async () => {
    for (const declareLength of [true, false]) {
      const within = await streamPost(`${url}/groot/x`, 3 * LIMIT, { declareLength });
      expect(within.status).toBe(200);
      expect(JSON.parse(within.body)).toEqual({ received: 3 * LIMIT, limit: 4 * LIMIT });
      expect((await streamPost(`${url}/groot`, 4 * LIMIT + 1, { declareLength })).status).toBe(413);
    }
  });

  it("cuts off a refused body that goes on arriving past the linger time", async () => {
    const lingering = express();
    lingering.use(bodyLimit(LIMIT, [], { lingerMs: 50 }));
    const { url: at, close } = await serveOnLoopback(lingering);
    try {
      // A client that declares 64 MiB and sends one piece, then nothing: the server ends it, not the test.
      const { hostname, port } = new URL(at);
      const closed = await new Promise<{ answer: string; error: Error | null }>((resolve) => {
        const socket = connect(Number(port), hostname);
        let answer = "";
        let error: Error | null = null;
        socket.on("data", (data: Buffer) => (answer += data.toString("latin1")));
        socket.on("error", (e) => (error = e));
        socket.on("close", () => resolve({ answer, error }));
        socket.write(`POST /x HTTP/1.1\r\nHost: ${hostname}\r\nContent-Length: ${64 * MiB}\r\n\r\n`);
        socket.write(Buffer.alloc(LIMIT, "a"));
      });
      expect(closed.answer.startsWith("HTTP/1.1 413 ")).toBe(true);
      expect(closed.answer).toContain(TOO_LARGE);
    } finally {
      await close();
    }
  });

  it("matches whole path segments only", async () => {
    expect((await streamPost(`${url}/grootte`, 2 * LIMIT, { declareLength: false })).status).toBe(413);
    const small = await streamPost(`${url}/grootte`, 100, { declareLength: false });
    expect(JSON.parse(small.body)).toEqual({ received: 100, limit: LIMIT });
  });

  it("passes a streamed route's body on as it arrives, and refuses a declared size over its limit", async () => {
    const res = await streamPost(`${url}/admin/uploads/foto`, 3 * MiB, { declareLength: false });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ received: 3 * MiB, limit: 8 * MiB });
    expect(firstPieceSeenWhileSending).toBe(true);
    expect((await streamPost(`${url}/admin/uploads/foto`, 9 * MiB, { declareLength: true })).status).toBe(413);
  });
});
