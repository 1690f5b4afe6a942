import crypto from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { localPaymentSessions, type LocalPaymentMethod } from "~/db/schema";
import type { CheckoutSession, PaymentProvider, SessionState } from "./provider";

/** Like a Stripe Checkout Session: the shopper has 30 minutes to pay. */
export const LOCAL_SESSION_MINUTES = 30;

export type LocalSession = typeof localPaymentSessions.$inferSelect;

/** The page's own answer about a session: expired when its time ran out unpaid. */
export function effectiveStatus(session: Pick<LocalSession, "status" | "paid" | "expiresAt">, now = new Date()) {
  if (session.status === "open" && !session.paid && session.expiresAt.getTime() <= now.getTime()) return "expired";
  return session.status;
}

/** Where the provider sends the shopper back: `{CHECKOUT_SESSION_ID}` filled in, exactly as Stripe does. */
export function fillSessionId(url: string, sessionId: string): string {
  return url.replaceAll("{CHECKOUT_SESSION_ID}", sessionId).replaceAll("%7BCHECKOUT_SESSION_ID%7D", sessionId);
}

/**
 * The embedded default provider: sessions in our own table, paid on the built-in page
 * /betaalpagina/:id. There are no webhooks: the page confirms the order itself, server-side,
 * through the same confirmPayment the Stripe webhook uses.
 */
export function createLocalProvider(deps: { db: Db; publicUrl: string }): PaymentProvider {
  const { db } = deps;
  const pageUrl = (id: string) => `${deps.publicUrl}/betaalpagina/${encodeURIComponent(id)}`;
  return {
    name: "local",
    async createCheckoutSession(input): Promise<CheckoutSession> {
      const id = `lps_${crypto.randomBytes(18).toString("base64url")}`;
      await db.insert(localPaymentSessions).values({
        id,
        orderId: input.orderId,
        amountTotalCents: input.totalCents,
        shippingCents: input.shippingCents,
        discountCents: input.discountCents,
        lines: input.lines,
        customerEmail: input.customerEmail,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        expiresAt: sql`now() + make_interval(mins => ${LOCAL_SESSION_MINUTES})`,
      });
      return { id, url: pageUrl(id) };
    },
    async retrieveSession(sessionId): Promise<SessionState | null> {
      const session = await getLocalSession(db, sessionId);
      if (!session) return null;
      return {
        id: session.id,
        orderId: session.orderId,
        status: effectiveStatus(session),
        paid: session.paid,
        amountTotalCents: session.amountTotalCents,
        url: pageUrl(session.id),
      };
    },
    async expireSession(sessionId): Promise<SessionState | null> {
      if (!(await getLocalSession(db, sessionId))) return null;
      await db
        .update(localPaymentSessions)
        .set({ status: "expired" })
        .where(
          and(
            eq(localPaymentSessions.id, sessionId),
            eq(localPaymentSessions.status, "open"),
            eq(localPaymentSessions.paid, false),
          ),
        );
      return this.retrieveSession(sessionId);
    },
    async refund(input) {
      // The test page moved no real money: a refund of a paid session is acknowledged, with an id
      // derived from the key (the same key, the same refund), as Stripe's idempotency would.
      const session = await getLocalSession(db, input.sessionId);
      if (!session?.paid) throw new Error("Local payment session is not paid");
      if (input.amountCents <= 0 || input.amountCents > session.amountTotalCents)
        throw new Error("Refund amount is more than the payment");
      return { id: `lre_${crypto.createHash("sha256").update(input.idempotencyKey).digest("base64url").slice(0, 24)}` };
    },
    async parseWebhook() {
      // The local page confirms server-side; nothing posts webhooks to this provider.
      return { type: "ignored" };
    },
  };
}

export async function getLocalSession(db: Db, sessionId: string): Promise<LocalSession | null> {
  if (!/^lps_[A-Za-z0-9_-]{10,64}$/.test(sessionId)) return null;
  const [row] = await db.select().from(localPaymentSessions).where(eq(localPaymentSessions.id, sessionId)).limit(1);
  return row ?? null;
}

/**
 * The tester pressed "Betalen": the session becomes paid and complete, once, and only while open
 * and not expired. Returns the session as it now is (also when it was paid before: a double click
 * or a reload goes on to the success page), or null when it can no longer be paid.
 */
export async function payLocalSession(
  db: Db,
  sessionId: string,
  payment: { method: LocalPaymentMethod; bank: string | null },
): Promise<LocalSession | null> {
  const [paid] = await db
    .update(localPaymentSessions)
    .set({ paid: true, status: "complete", paymentMethod: payment.method, bank: payment.bank, paidAt: sql`now()` })
    .where(
      and(
        eq(localPaymentSessions.id, sessionId),
        eq(localPaymentSessions.status, "open"),
        eq(localPaymentSessions.paid, false),
        gt(localPaymentSessions.expiresAt, sql`now()`),
      ),
    )
    .returning();
  if (paid) return paid;
  const existing = await getLocalSession(db, sessionId);
  return existing?.paid ? existing : null;
}
