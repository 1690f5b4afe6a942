/** A mail's state as the admin reads it: waiting in the outbox, being sent, sent, or given up. */
export type MailState = "waiting" | "sending" | "sent" | "failed";

/** One thing that happened to an order (timeline.server.ts assembles them, oldest first). */
export type TimelineEntry =
  | { kind: "placed"; at: Date; totalCents: number; couponCode: string | null }
  | {
      kind: "payment";
      at: Date;
      provider: string | null;
      amountCents: number;
      /** The local test provider's method and bank; Stripe keeps those on its side. */
      method: string | null;
      bank: string | null;
    }
  | {
      kind: "withdrawal";
      at: Date;
      id: string;
      channel: string;
      refundDueAt: Date;
      reason: string | null;
      lines: { productName: string; quantity: number }[];
    }
  | {
      kind: "refund";
      at: Date;
      id: string;
      amountCents: number;
      status: string;
      error: string | null;
      restock: boolean;
      provider: string;
      by: string;
    }
  | {
      kind: "dropshipment-attempt";
      /** When the attempt started. */
      at: Date;
      attempt: number;
      maxAttempts: number;
      finishedAt: Date;
      /** Null when the supplier accepted the order. */
      error: string | null;
    }
  | {
      kind: "supplier-accepted";
      at: Date;
      supplierReference: string;
      alreadyKnown: boolean;
      statusFrom: string;
      statusTo: string;
    }
  | { kind: "admin-change"; at: Date; id: number; action: string; by: string; before: unknown; after: unknown }
  | {
      kind: "mail";
      /** When it was queued. */
      at: Date;
      outboxId: number;
      mailKind: string;
      to: string;
      subject: string;
      state: MailState;
      attempts: number;
      /** The last delivery error (a waiting mail that failed before is retried). */
      error: string | null;
      sentAt: Date | null;
      resentFromId: number | null;
    };

export type TimelineKind = TimelineEntry["kind"];
