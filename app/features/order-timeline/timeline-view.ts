import { adminMoment, type Moment } from "~/shared/admin-ui/admin-format";
import { formatEuro } from "~/shared/money/money";
import type { MailState, TimelineEntry, TimelineKind } from "./timeline-entry";

export type TimelineTone = "neutral" | "good" | "warn" | "bad";

/** One line of the timeline as the page draws it: formatted on the server, plain data to the browser. */
export type TimelineItemView = {
  key: string;
  kind: TimelineKind;
  at: Moment;
  title: string;
  details: string[];
  tone: TimelineTone;
  /** Who did it, for refunds and admin changes. */
  by: string | null;
  mail: {
    outboxId: number;
    state: MailState;
    stateText: string;
    to: string;
    error: string | null;
  } | null;
};

const PROVIDERS: Record<string, string> = { local: "test payment page", stripe: "Stripe" };

function providerName(provider: string | null): string {
  if (!provider) return "unknown provider";
  return Object.hasOwn(PROVIDERS, provider) ? PROVIDERS[provider]! : provider;
}

function pieces(lines: { productName: string; quantity: number }[]): string {
  return lines.map((l) => `${l.productName} × ${l.quantity}`).join(", ");
}

const field = (value: unknown, key: string): unknown =>
  value && typeof value === "object" && Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;

/** What an admin's change to the order did, in a line (the change log has the full before/after). */
export function adminChangeTitle(action: string, before: unknown, after: unknown): string {
  switch (action) {
    case "status": {
      const tracking = field(after, "trackingUrl");
      return `Status ${String(field(before, "status"))} → ${String(field(after, "status"))}${tracking ? ` (tracking ${String(tracking)})` : ""}`;
    }
    case "retry-dropshipment":
      return `Dropshipment retried (${String(field(before, "dropshipmentStatus"))} → ${String(field(after, "dropshipmentStatus"))})`;
    case "refund": {
      const refund = field(after, "refund");
      const amount = Number(field(refund, "amountCents") ?? 0);
      return `Refund of ${formatEuro(amount)} recorded (payment ${String(field(before, "paymentStatus"))} → ${String(field(after, "paymentStatus"))})`;
    }
    case "resend-mail":
      return `Mail #${String(field(before, "outboxId"))} sent again as #${String(field(after, "outboxId"))}`;
    default:
      return `Change: ${action}`;
  }
}

function mailStateText(entry: Extract<TimelineEntry, { kind: "mail" }>): string {
  switch (entry.state) {
    case "sent":
      return entry.sentAt ? `sent ${adminMoment(entry.sentAt).text}` : "sent";
    case "failed":
      return `failed after ${entry.attempts} attempt${entry.attempts === 1 ? "" : "s"}`;
    case "sending":
      return "sending";
    default:
      return entry.attempts > 0
        ? `waiting (${entry.attempts} failed attempt${entry.attempts === 1 ? "" : "s"})`
        : "waiting";
  }
}

function describe(entry: TimelineEntry): Omit<TimelineItemView, "key" | "kind" | "at"> {
  const none = { details: [], by: null, mail: null };
  switch (entry.kind) {
    case "placed":
      return {
        ...none,
        title: `Order placed: ${formatEuro(entry.totalCents)}`,
        details: entry.couponCode ? [`Coupon ${entry.couponCode}`] : [],
        tone: "neutral",
      };
    case "payment":
      return {
        ...none,
        title: `Paid ${formatEuro(entry.amountCents)} via ${providerName(entry.provider)}`,
        details: entry.method
          ? [[entry.method === "ideal" ? "iDEAL" : "card", entry.bank].filter(Boolean).join(", ")]
          : [],
        tone: "good",
      };
    case "withdrawal":
      return {
        ...none,
        title: `Withdrawal received (${entry.channel === "guest" ? "as a guest" : "from the account"})`,
        details: [
          pieces(entry.lines),
          ...(entry.reason ? [`Reason: ${entry.reason}`] : []),
          `Refund deadline ${adminMoment(entry.refundDueAt).text}`,
        ],
        tone: "warn",
      };
    case "refund":
      return {
        ...none,
        title: `Refund ${formatEuro(entry.amountCents)}: ${entry.status === "succeeded" ? "paid back" : entry.status}`,
        details: [
          `via ${providerName(entry.provider)}${entry.restock ? ", items back in stock" : ""}`,
          ...(entry.error ? [entry.error] : []),
        ],
        tone: entry.status === "failed" ? "bad" : entry.status === "succeeded" ? "good" : "warn",
        by: entry.by,
      };
    case "dropshipment-attempt":
      return {
        ...none,
        title: `Dropshipment attempt ${entry.attempt} of ${entry.maxAttempts}: ${entry.error ? "failed" : "succeeded"}`,
        details: entry.error ? [entry.error] : [],
        tone: entry.error ? "bad" : "good",
      };
    case "supplier-accepted":
      return {
        ...none,
        title: `Supplier accepted the order (${entry.supplierReference})`,
        details: [
          entry.statusTo === entry.statusFrom
            ? `Status stays ${entry.statusFrom}`
            : `Status ${entry.statusFrom} → ${entry.statusTo} automatically`,
          ...(entry.alreadyKnown ? ["The supplier already had it from an earlier attempt"] : []),
        ],
        tone: "good",
      };
    case "admin-change":
      return {
        ...none,
        title: adminChangeTitle(entry.action, entry.before, entry.after),
        tone: "neutral",
        by: entry.by,
      };
    case "mail":
      return {
        ...none,
        title: `Mail: ${entry.subject}`,
        details: [
          `${entry.mailKind} to ${entry.to}`,
          ...(entry.resentFromId ? [`Copy of mail #${entry.resentFromId}`] : []),
        ],
        tone: entry.state === "failed" ? "bad" : entry.state === "sent" ? "good" : "warn",
        mail: {
          outboxId: entry.outboxId,
          state: entry.state,
          stateText: mailStateText(entry),
          to: entry.to,
          error: entry.error,
        },
      };
  }
}

function keyOf(entry: TimelineEntry, index: number): string {
  switch (entry.kind) {
    case "mail":
      return `mail-${entry.outboxId}`;
    case "admin-change":
      return `change-${entry.id}`;
    case "refund":
    case "withdrawal":
      return `${entry.kind}-${entry.id}`;
    case "dropshipment-attempt":
      return `attempt-${entry.attempt}-${entry.at.getTime()}`;
    default:
      return `${entry.kind}-${index}`;
  }
}

/** The timeline as the page shows it: Amsterdam times (admin-format), amounts in euros, English words. */
export function toTimelineView(entries: TimelineEntry[]): TimelineItemView[] {
  return entries.map((entry, index) => ({
    key: keyOf(entry, index),
    kind: entry.kind,
    at: adminMoment(entry.at, { seconds: true }),
    ...describe(entry),
  }));
}
