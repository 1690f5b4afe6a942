import crypto from "node:crypto";
import { data } from "react-router";
import type { Route } from "./+types/order-details.route";
import type { AdminActionResult } from "~/shared/admin-ui/admin-actions";
import { adminMoment } from "~/shared/admin-ui/admin-format";
import { OrderDetails, OrderDetailsDialog, type OrderDetailsView } from "./order-details-dialog";
import { ORDERS_LOAD_ERROR } from "./orders-panel";
import type { AdminChangeRow } from "~/features/admin-changes/index.server";
import { adminGuard, requireAdmin } from "~/features/accounts/index.server";
import { getDropshipmentJob, retryDropshipment, type DropshipmentJob } from "~/features/fulfilment/index.server";
import {
  changeOrderStatus,
  getAdminOrder,
  type AdminOrderDetails,
  listRefunds,
  refundOrder,
  type RefundView,
} from "~/features/orders/index.server";
import { listWithdrawals, type WithdrawalRecord, listInvoices } from "~/features/shopper-orders/index.server";
import {
  adminOrdersSearch,
  parseAdminOrdersQuery,
  allowedTransitions,
  isOrderStatus,
  transitionLabel,
} from "~/features/orders";
import { refundedPieces, withdrawalPrefill } from "~/features/orders/refund";
import { formatEuro } from "~/shared/money/money";
import { intentAction, refuse } from "~/shared/actions/intent-action.server";
import { hasInvalidCharacters } from "~/shared/forms/text-input";
import { adminChangeTitle, OrderTimeline, toTimelineView } from "~/features/order-timeline";
import { loadOrderTimeline, resendOrderMail } from "~/features/order-timeline/index.server";

export const NOT_FOUND = "Bestelling niet gevonden";

export function meta() {
  return [{ title: "Bestelling Details | Admin Dashboard | Trapkracht" }, { name: "robots", content: "noindex" }];
}

/** The list the dialog sits on, with its search and page, so closing returns to it. */
function listUrl(request: Request): string {
  const parsed = parseAdminOrdersQuery(new URL(request.url).searchParams);
  if (!parsed.ok) return "/admin/orders";
  const { query } = parsed;
  return `/admin/orders${adminOrdersSearch(query, { after: query.after ?? undefined, before: query.before ?? undefined })}`;
}

function changeSummary(change: AdminChangeRow): string {
  const before = (change.before ?? {}) as Record<string, unknown>;
  const after = (change.after ?? {}) as Record<string, unknown>;
  if (change.action === "status") return `Status ${String(before.status)} → ${String(after.status)}`;
  if (change.action === "retry-dropshipment") {
    return `Dropshipment retried (${String(before.dropshipmentStatus)} → ${String(after.dropshipmentStatus)})`;
  }
  if (change.action === "refund") {
    const refund = (after.refund ?? {}) as { amountCents?: number; restock?: boolean };
    return `Refunded ${formatEuro(Number(refund.amountCents ?? 0))}${refund.restock ? ", back in stock" : ""} (payment ${String(before.paymentStatus)} → ${String(after.paymentStatus)})`;
  }
  if (change.action === "resend-mail") return adminChangeTitle(change.action, change.before, change.after);
  return `${change.action}: ${JSON.stringify(change.before)} → ${JSON.stringify(change.after)}`;
}

function toView(
  order: AdminOrderDetails,
  job: DropshipmentJob | null,
  withdrawals: WithdrawalRecord[],
  refunds: RefundView[],
  invoiceList: { number: number; kind: "invoice" | "credit" }[],
  /** ?withdrawal=<id>: the refund form filled in from that withdrawal. */
  withdrawalId: string | null,
): OrderDetailsView {
  const live = refunds.filter((r) => r.status !== "failed");
  const earlier = live.map((r) => ({ lines: r.lines, shipping: r.shippingCents > 0 }));
  const piecesBack = refundedPieces(earlier);
  const refundedCents = live.reduce((n, r) => n + r.amountCents, 0);
  const { customer, address } = order;
  return {
    id: order.id,
    createdAt: adminMoment(order.createdAt),
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentProvider: order.paymentProvider,
    paidAt: order.paidAt ? adminMoment(order.paidAt) : null,
    customer: customer
      ? {
          name: `${customer.firstName} ${customer.lastName}`.trim(),
          email: customer.email,
          phone: customer.phone,
          isGuest: customer.isGuest,
        }
      : null,
    address: address
      ? {
          lines: [
            `${address.address} ${address.houseNumber}${address.houseNumberAddition ? ` ${address.houseNumberAddition}` : ""}`,
            `${address.postalCode} ${address.city}`,
            address.country,
          ],
        }
      : null,
    items: order.items,
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    couponCode: order.couponCode,
    shippingCents: order.shippingCents,
    totalCents: order.totalCents,
    vatLines: order.vatLines,
    dropshipment: {
      status: order.dropshipmentStatus,
      reference: order.dropshipmentReference,
      job: job
        ? {
            status: job.status,
            attempts: job.attempts,
            maxAttempts: job.maxAttempts,
            lastError: job.lastError,
            nextRunAt: job.status === "pending" ? adminMoment(job.runAt) : null,
            history: job.history.map((attempt) => ({
              attempt: attempt.attempt,
              startedAt: adminMoment(attempt.startedAt, { seconds: true }),
              finishedAt: adminMoment(attempt.finishedAt, { seconds: true }),
              error: attempt.error,
            })),
          }
        : null,
      canRetry: order.paymentStatus === "paid" && order.dropshipmentStatus === "failed",
    },
    withdrawals: withdrawals.map((w) => ({
      id: w.id,
      receivedAt: adminMoment(w.createdAt),
      refundDueAt: adminMoment(w.refundDueAt),
      channel: w.channel,
      reason: w.reason,
      lines: w.lines.map((l) => ({ productId: l.productId, productName: l.productName, quantity: l.quantity })),
    })),
    invoices: invoiceList.map((i) => ({ number: i.number, kind: i.kind })),
    refund: {
      // A fresh key per rendered form: the same form sent twice is one refund.
      key: crypto.randomUUID(),
      canRefund: order.paymentStatus === "paid" && refundedCents < order.totalCents,
      refundedCents,
      totalCents: order.totalCents,
      allocation: {
        items: order.items.map((i) => ({
          id: i.id,
          quantity: i.quantity,
          unitCents: i.priceCents,
          vatRate: i.vatRate,
        })),
        discountCents: order.discountCents,
        shippingCents: order.shippingCents,
      },
      earlier,
      items: order.items.map((i) => ({
        id: i.id,
        name: i.productName,
        quantity: i.quantity,
        left: i.quantity - (piecesBack.get(i.id) ?? 0),
        unitCents: i.priceCents,
      })),
      shippingLeft: order.shippingCents > 0 && !earlier.some((r) => r.shipping),
      prefill: withdrawalId ? withdrawalPrefill(order.items, earlier, withdrawals, withdrawalId) : null,
      refunds: refunds.map((r) => ({
        id: r.id,
        amountCents: r.amountCents,
        status: r.status,
        error: r.error,
        restock: r.restock,
        by: r.createdByEmail,
        at: adminMoment(r.createdAt),
      })),
    },
    transitions: allowedTransitions(order.status).map((to) => ({ to, label: transitionLabel(to) })),
    changes: order.changes.map((change) => ({
      id: change.id,
      at: adminMoment(change.createdAt),
      actorEmail: change.actorEmail,
      summary: changeSummary(change),
    })),
  };
}

/** "Bestelling Details" (spec 1 §2.15) for one order: /admin/orders/:orderId (also reached by ?order=). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const closeTo = listUrl(request);
  try {
    const order = await getAdminOrder(context.db, params.orderId);
    if (!order) return data({ closeTo, order: null, timeline: [], error: NOT_FOUND }, { status: 404 });
    const [job, withdrawals, refunds, invoiceList, timeline] = await Promise.all([
      getDropshipmentJob(context.db, order.id),
      listWithdrawals(context.db, order.id),
      listRefunds(context.db, order.id),
      listInvoices(context.db, order.id),
      loadOrderTimeline(context.db, order.id),
    ]);
    const withdrawalId = new URL(request.url).searchParams.get("withdrawal");
    return {
      closeTo,
      order: toView(order, job, withdrawals, refunds, invoiceList, withdrawalId),
      timeline: toTimelineView(timeline ?? []),
      error: null,
    };
  } catch (error) {
    context.logger.error({ err: error, orderId: params.orderId }, "admin order details failed");
    return data({ closeTo, order: null, timeline: [], error: ORDERS_LOAD_ERROR }, { status: 500 });
  }
}

const RETRY_REFUSED: Record<string, string> = {
  "order-not-found": NOT_FOUND,
  "not-paid": "Only a paid order is sent to the supplier.",
  "not-failed": "The dropshipment has not failed, so there is nothing to retry.",
};

const answer = (result: AdminActionResult, status = 200) => data<AdminActionResult>(result, { status });

const failure = (intent: string, title: string, description: string | undefined, status: number) =>
  answer({ ok: false, intent, title, description }, status);

/** Moving the order on (or cancelling it), refunds, "retry now" for a failed dropshipment, resending a mail. */
export const action = intentAction<{ orderId: string }>()({
  guard: adminGuard,
  intents: (intent) => ({
    status: intent({
      toasts: { failed: "Failed to update order" },
      parse: ({ form, intent: name, toasts }) => {
        const to = form.get("status");
        if (!isOrderStatus(to)) return refuse(failure(name, toasts.failed, "Choose a valid order status.", 400));
        const rawTracking = to === "shipped" ? String(form.get("trackingUrl") ?? "").trim() : "";
        if (
          rawTracking &&
          (!/^https?:\/\/[^\s"'<>]+$/i.test(rawTracking) ||
            rawTracking.length > 500 ||
            hasInvalidCharacters(rawTracking))
        ) {
          return refuse(failure(name, toasts.failed, "The tracking link must be a web address (https://…).", 400));
        }
        return { to, trackingUrl: rawTracking || null };
      },
      run: async ({ to, trackingUrl }, { context, actor, viewer, params, intent: name, toasts }) => {
        const orderId = params.orderId;
        const result = await changeOrderStatus(context.db, actor, { orderId, to, trackingUrl }, context.config);
        if (!result.ok) {
          const notFound = result.reason === "not-found";
          return failure(name, toasts.failed, notFound ? NOT_FOUND : result.message, notFound ? 404 : 409);
        }
        context.logger.info({ orderId, from: result.from, to, by: viewer.id }, "admin changed order status");
        return answer({
          ok: true,
          intent: name,
          title: "Order updated",
          description: `The order is now ${result.to} (was ${result.from}).`,
        });
      },
    }),
    refund: intent({
      toasts: { failed: "Refund not made" },
      parse: ({ form, intent: name, toasts }) => {
        const lines: { orderItemId: number; quantity: number }[] = [];
        for (const [key, value] of form) {
          const match = /^refund-qty-(\d{1,9})$/.exec(key);
          if (!match || typeof value !== "string") continue;
          const quantity = /^\d{1,4}$/.test(value.trim()) ? Number(value.trim()) : NaN;
          if (Number.isNaN(quantity))
            return refuse(failure(name, toasts.failed, "Enter whole numbers of pieces.", 400));
          lines.push({ orderItemId: Number(match[1]), quantity });
        }
        const confirmed = String(form.get("confirmedAmountCents") ?? "").trim();
        if (!/^\d{1,9}$/.test(confirmed)) {
          return refuse(failure(name, toasts.failed, "Confirm the amount to pay back first.", 400));
        }
        return {
          lines,
          shipping: form.get("refundShipping") === "on",
          restock: form.get("restock") === "on",
          idempotencyKey: String(form.get("refundKey") ?? ""),
          confirmedAmountCents: Number(confirmed),
        };
      },
      run: async (input, { context, actor, viewer, params, intent: name, toasts }) => {
        const orderId = params.orderId;
        const result = await refundOrder(context.db, context.payments, actor, { orderId, ...input });
        if (!result.ok) return failure(name, toasts.failed, result.message, result.status);
        context.logger.info(
          { orderId, refundId: result.refundId, amountCents: result.amountCents, by: viewer.id },
          "admin refunded an order",
        );
        return answer({
          ok: true,
          intent: name,
          title: result.repeated ? "Already refunded" : "Refund made",
          description: `${formatEuro(result.amountCents)} paid back${result.full ? "; the order is fully refunded" : ""}.`,
        });
      },
    }),
    "retry-dropshipment": intent({
      toasts: { failed: "Failed to retry the dropshipment" },
      run: async (_input, { context, actor, viewer, params, intent: name, toasts }) => {
        const orderId = params.orderId;
        const result = await retryDropshipment(context.db, actor, orderId);
        if (!result.ok) {
          const status = result.reason === "order-not-found" ? 404 : 409;
          return failure(name, toasts.failed, RETRY_REFUSED[result.reason], status);
        }
        context.logger.info({ orderId, by: viewer.id }, "admin retried a dropshipment");
        return answer({
          ok: true,
          intent: name,
          title: "Dropshipment queued again",
          description: "The order is sent to the supplier again now.",
        });
      },
    }),
    "resend-mail": intent({
      toasts: { failed: "Mail not sent again" },
      parse: ({ form, intent: name, toasts }) => {
        // An outbox row id: digits only, so a control character or anything else is refused here.
        const raw = form.get("outboxId");
        if (typeof raw !== "string" || !/^[1-9]\d{0,9}$/.test(raw)) {
          return refuse(failure(name, toasts.failed, "Choose a mail of this order to resend.", 400));
        }
        return Number(raw);
      },
      run: async (outboxId, { context, actor, viewer, params, intent: name, toasts }) => {
        const orderId = params.orderId;
        const result = await resendOrderMail(context.db, actor, { orderId, outboxId });
        if (!result.ok) return failure(name, toasts.failed, "This order has no such mail.", 404);
        context.logger.info(
          { orderId, outboxId: result.outboxId, copyOf: outboxId, by: viewer.id },
          "admin resent a mail",
        );
        return answer({
          ok: true,
          intent: name,
          title: "Mail queued again",
          description: `A copy goes to ${result.to} (mail #${result.outboxId}).`,
        });
      },
    }),
  }),
  unknown: () =>
    answer(
      { ok: false, intent: "unknown", title: "Unknown action", description: "Reload the page and try again." },
      400,
    ),
  logMessage: "admin order action failed",
  failed: (_error, { intent, toasts }) => failure(intent, toasts.failed, "An unexpected error occurred.", 500),
});

export default function AdminOrderDetailsRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { order, closeTo, error, timeline } = loaderData;
  if (!order) {
    return (
      <OrderDetailsDialog closeTo={closeTo}>
        <p role="alert" className="font-medium text-danger" lang={error === NOT_FOUND ? "nl" : "en"}>
          {error}
        </p>
      </OrderDetailsDialog>
    );
  }
  const search = closeTo.slice("/admin/orders".length);
  return (
    <OrderDetailsDialog closeTo={closeTo} description={`Order ${order.id}`}>
      <OrderDetails order={order} action={`/admin/orders/${order.id}${search}`} result={actionData} />
      <div className="mt-6">
        <OrderTimeline entries={timeline} action={`/admin/orders/${order.id}${search}`} />
      </div>
    </OrderDetailsDialog>
  );
}
