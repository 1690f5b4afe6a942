import crypto from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll } from "vitest";

/**
 * A small fake of the Stripe API on loopback, spoken to by the REAL `stripe` SDK (STRIPE_API_URL):
 * POST /v1/checkout/sessions and GET /v1/checkout/sessions/:id, with Stripe's form encoding, auth
 * and error shapes. Tests act as the shopper on Stripe's page (`pay`, `expire`) and as Stripe's
 * webhook sender (`deliver`, correctly signed with the SDK's own test-header helper).
 */

export const FAKE_STRIPE_KEY = "sk_test_fake_0123456789";
export const FAKE_WEBHOOK_SECRET = "whsec_test_fake_0123456789abcdef";

export type FakeSession = {
  id: string;
  object: "checkout.session";
  amount_total: number;
  currency: "eur";
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  mode: string;
  payment_status: "paid" | "unpaid";
  status: "open" | "complete" | "expired";
  success_url: string;
  cancel_url: string;
  expires_at: number;
  locale: string | null;
  url: string | null;
  created: number;
  /** Set when the shopper paid (Stripe's PaymentIntent of the session). */
  payment_intent: string | null;
};

export type FakeRefund = {
  id: string;
  object: "refund";
  amount: number;
  payment_intent: string;
  status: "succeeded";
  metadata: Record<string, string>;
};

export type FakeStripe = {
  url: string;
  /** The create requests as the fake received them (nested form fields parsed). */
  created: Record<string, unknown>[];
  sessions: Map<string, FakeSession>;
  /** Refunds made, in order (a repeated idempotency key returns the first and adds nothing). */
  refunds: FakeRefund[];
  /** When true every API call answers 500 (Stripe unreachable for the shop). */
  down: boolean;
  /** The shopper paid on Stripe's page: complete and paid (nothing is told to the shop). */
  pay: (id: string, opts?: { asyncPending?: boolean }) => FakeSession;
  expire: (id: string) => FakeSession;
  /** A signed webhook delivery of `type` for the session as it is now. */
  webhook: (type: string, id: string, secret?: string) => { body: string; signature: string };
  /** POSTs that delivery to the shop's webhook endpoint. */
  deliver: (appUrl: string, type: string, id: string, secret?: string) => Promise<Response>;
  close: () => Promise<void>;
};

/** The shop's environment for paying through this fake: Stripe as the provider, at the fake's address. */
export function fakeStripeEnv(stripe: Pick<FakeStripe, "url">): Record<string, string> {
  return {
    PAYMENT_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
  };
}

/**
 * A fake Stripe for the enclosing file or `describe` block: started in beforeAll, closed in afterAll.
 * The returned object reaches it once started (like useTestApp's `app`), so a useTestApp after this
 * call can take `fakeStripeEnv(stripe)` as its environment.
 */
export function useFakeStripe(): FakeStripe {
  let current: FakeStripe | undefined;
  beforeAll(async () => {
    current = await startFakeStripe();
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });
  const get = (): FakeStripe => {
    if (!current)
      throw new Error("The fake Stripe is not started yet: use it in tests and in hooks registered after it.");
    return current;
  };
  return new Proxy({} as FakeStripe, {
    get: (_, key) => Reflect.get(get(), key),
    set: (_, key, value) => Reflect.set(get(), key, value),
  });
}

/** Parses Stripe's form encoding (`line_items[0][price_data][currency]=eur`) into nested values. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(path[i + 1]!);
      const slot = node as Record<string, unknown>;
      if (last) slot[part] = value;
      else {
        slot[part] ??= nextIsIndex ? [] : {};
        node = slot[part] as Record<string, unknown>;
      }
    });
  }
  return root;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json", "request-id": `req_${crypto.randomUUID()}`, ...headers });
  res.end(JSON.stringify(body));
}

const stripeError = (type: string, message: string, code?: string) => ({ error: { type, message, code } });

export async function startFakeStripe(opts: { secretKey?: string; webhookSecret?: string } = {}): Promise<FakeStripe> {
  const secretKey = opts.secretKey ?? FAKE_STRIPE_KEY;
  const webhookSecret = opts.webhookSecret ?? FAKE_WEBHOOK_SECRET;
  const sessions = new Map<string, FakeSession>();
  const created: Record<string, unknown>[] = [];
  let url = "";

  const byKey = new Map<string, FakeRefund>();
  const fake: FakeStripe = {
    url: "",
    created,
    sessions,
    refunds: [],
    down: false,
    pay(id, payOpts = {}) {
      const session = sessions.get(id);
      if (!session) throw new Error(`fake stripe: no session ${id}`);
      session.status = "complete";
      session.payment_status = payOpts.asyncPending ? "unpaid" : "paid";
      session.payment_intent ??= `pi_test_${crypto.randomBytes(12).toString("hex")}`;
      return session;
    },
    expire(id) {
      const session = sessions.get(id);
      if (!session) throw new Error(`fake stripe: no session ${id}`);
      session.status = "expired";
      return session;
    },
    webhook(type, id, secret = webhookSecret) {
      const session = sessions.get(id);
      if (!session) throw new Error(`fake stripe: no session ${id}`);
      const body = JSON.stringify({
        id: `evt_${crypto.randomBytes(12).toString("hex")}`,
        object: "event",
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        type,
        data: { object: { ...session } },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret });
      return { body, signature };
    },
    async deliver(appUrl, type, id, secret) {
      const { body, signature } = fake.webhook(type, id, secret);
      return fetch(`${appUrl}/api/payments/stripe-webhook`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body,
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    if (fake.down) {
      return send(res, 500, stripeError("api_error", "fake outage"), { "stripe-should-retry": "false" });
    }
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return send(res, 401, stripeError("invalid_request_error", "Invalid API Key provided"));
    }
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    if (req.method === "POST" && path === "/v1/checkout/sessions") {
      const params = parseStripeForm(body);
      created.push(params);
      const lines = (params.line_items ?? []) as { quantity: string; price_data: { unit_amount: string } }[];
      const id = `cs_test_${crypto.randomBytes(16).toString("hex")}`;
      const session: FakeSession = {
        id,
        object: "checkout.session",
        amount_total: lines.reduce((sum, l) => sum + Number(l.price_data.unit_amount) * Number(l.quantity), 0),
        currency: "eur",
        customer_email: (params.customer_email as string) ?? null,
        client_reference_id: (params.client_reference_id as string) ?? null,
        metadata: (params.metadata as Record<string, string>) ?? {},
        mode: String(params.mode),
        payment_status: "unpaid",
        status: "open",
        success_url: String(params.success_url),
        cancel_url: String(params.cancel_url),
        expires_at: Number(params.expires_at),
        locale: (params.locale as string) ?? null,
        url: `${url}/c/pay/${id}`,
        created: Math.floor(Date.now() / 1000),
        payment_intent: null,
      };
      sessions.set(id, session);
      return send(res, 200, session);
    }
    if (req.method === "POST" && path === "/v1/refunds") {
      // Stripe's idempotency: the same key answers the first result again.
      const key = String(req.headers["idempotency-key"] ?? "");
      const earlier = key ? byKey.get(key) : undefined;
      if (earlier) return send(res, 200, earlier);
      const params = parseStripeForm(body);
      const intent = String(params.payment_intent ?? "");
      const paid = [...sessions.values()].find((s) => s.payment_intent === intent && s.payment_status === "paid");
      if (!paid)
        return send(
          res,
          400,
          stripeError("invalid_request_error", `No such payment_intent: '${intent}'`, "resource_missing"),
        );
      const amount = Number(params.amount ?? paid.amount_total);
      const refunded = fake.refunds.filter((r) => r.payment_intent === intent).reduce((sum, r) => sum + r.amount, 0);
      if (!(amount > 0) || amount + refunded > paid.amount_total) {
        return send(
          res,
          400,
          stripeError(
            "invalid_request_error",
            "Refund amount is greater than unrefunded amount on charge",
            "amount_too_large",
          ),
        );
      }
      const refund: FakeRefund = {
        id: `re_test_${crypto.randomBytes(12).toString("hex")}`,
        object: "refund",
        amount,
        payment_intent: intent,
        status: "succeeded",
        metadata: (params.metadata as Record<string, string>) ?? {},
      };
      fake.refunds.push(refund);
      if (key) byKey.set(key, refund);
      return send(res, 200, refund);
    }
    const expiring = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (req.method === "POST" && expiring) {
      const session = sessions.get(decodeURIComponent(expiring[1]!));
      if (!session) {
        return send(
          res,
          404,
          stripeError("invalid_request_error", `No such checkout.session: '${expiring[1]}'`, "resource_missing"),
        );
      }
      if (session.status !== "open") {
        return send(
          res,
          400,
          stripeError(
            "invalid_request_error",
            `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
          ),
        );
      }
      session.status = "expired";
      return send(res, 200, session);
    }
    const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (req.method === "GET" && match) {
      const session = sessions.get(decodeURIComponent(match[1]!));
      if (!session) {
        return send(
          res,
          404,
          stripeError("invalid_request_error", `No such checkout.session: '${match[1]}'`, "resource_missing"),
        );
      }
      return send(res, 200, session);
    }
    return send(res, 404, stripeError("invalid_request_error", `Unrecognized request URL (${req.method}: ${path})`));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.url = url;
  return fake;
}
