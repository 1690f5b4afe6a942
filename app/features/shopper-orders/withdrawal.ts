/**
 * The withdrawal right ("herroepingsrecht", 14 days) as the shop applies it (issue 11): the period
 * runs from the day the order was completed (delivered, for the shop's purposes), or from payment
 * when it never got that far. Pure: shared by the pages and the server.
 */
export const WITHDRAWAL_DAYS = 14;
/** The shop refunds within 14 days of receiving the withdrawal. */
export const REFUND_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

export const WITHDRAWAL_TEXT = {
  button: "Bestelling herroepen",
  confirm: "Herroeping bevestigen",
  closed: "De bedenktijd van 14 dagen voor deze bestelling is voorbij; herroepen kan niet meer.",
  notPaid: "Deze bestelling is niet betaald; er valt niets te herroepen.",
  refunded: "Deze bestelling is al helemaal terugbetaald; er valt niets meer te herroepen.",
  nothingLeft: "Alle artikelen van deze bestelling zijn al herroepen.",
  noItems: "Kies ten minste één artikel om te herroepen.",
  tooMany: "Je kunt niet meer stuks herroepen dan je hebt besteld (en nog niet herroepen).",
  reasonTooLong: "Houd de reden korter dan 1000 tekens.",
} as const;

/** Why the function is closed, in the shopper's words. */
export const WITHDRAWAL_REFUSAL = {
  "not-paid": WITHDRAWAL_TEXT.notPaid,
  refunded: WITHDRAWAL_TEXT.refunded,
  closed: WITHDRAWAL_TEXT.closed,
} as const;

export type WithdrawalOrder = {
  status: string;
  paymentStatus: string;
  paidAt: Date | null;
  completedAt: Date | null;
};

export type WithdrawalWindow =
  { open: true; endsAt: Date } | { open: false; reason: keyof typeof WITHDRAWAL_REFUSAL; endsAt: Date | null };

/** Whether the order can still be withdrawn from at `now`, and until when. */
export function withdrawalWindow(order: WithdrawalOrder, now: Date = new Date()): WithdrawalWindow {
  const start = order.completedAt ?? order.paidAt;
  if (order.paymentStatus === "refunded") return { open: false, reason: "refunded", endsAt: null };
  if (!start || order.status === "cancelled" || order.paymentStatus !== "paid")
    return { open: false, reason: "not-paid", endsAt: null };
  const endsAt = new Date(start.getTime() + WITHDRAWAL_DAYS * DAY_MS);
  return now.getTime() <= endsAt.getTime() ? { open: true, endsAt } : { open: false, reason: "closed", endsAt };
}

export function refundDueDate(receivedAt: Date): Date {
  return new Date(receivedAt.getTime() + REFUND_DAYS * DAY_MS);
}

export type WithdrawableItem = {
  id: number;
  productName: string;
  priceCents: number;
  ordered: number;
  withdrawn: number;
};

/** How many of each item are still there to withdraw. */
export const remainingOf = (item: WithdrawableItem) => Math.max(0, item.ordered - item.withdrawn);

export type WithdrawalChoice = { orderItemId: number; quantity: number };

/**
 * The form's choice (`qty-<itemId>` → number of pieces) checked against what is left: at least one
 * piece, never more than remains. Returns the lines or a Dutch problem.
 */
export function parseWithdrawalChoice(
  items: readonly WithdrawableItem[],
  form: Record<string, string | undefined>,
): { ok: true; lines: WithdrawalChoice[] } | { ok: false; message: string } {
  const lines: WithdrawalChoice[] = [];
  for (const item of items) {
    const raw = (form[`qty-${item.id}`] ?? "0").trim();
    if (!/^\d{1,4}$/.test(raw)) return { ok: false, message: WITHDRAWAL_TEXT.tooMany };
    const quantity = Number(raw);
    if (quantity > remainingOf(item)) return { ok: false, message: WITHDRAWAL_TEXT.tooMany };
    if (quantity > 0) lines.push({ orderItemId: item.id, quantity });
  }
  if (lines.length === 0) return { ok: false, message: WITHDRAWAL_TEXT.noItems };
  return { ok: true, lines };
}
