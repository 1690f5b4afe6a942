import { eq, inArray } from "drizzle-orm";
import type { Config } from "~/shared/config/env.server";
import type { Db } from "~/db/client.server";
import { customers, orders } from "~/db/schema";
import type { AdminActor } from "~/features/admin-changes/index.server";
import { changeOrderStatus } from "~/features/orders/index.server";
import { isUuid, transitionProblem } from "~/features/orders";

/** More than a page (25) can be selected only by hand-made requests: refused rather than run long. */
export const BULK_SHIP_MAX = 100;

export type BulkShipCandidate = {
  id: string;
  customerName: string;
  status: string;
  /** Why it cannot be marked shipped (English, the admin reads it), or null when it can. */
  problem: string | null;
};

/** The selected ids: uuids only, lower case, each once, in the order given. Null when too many. */
export function selectedOrderIds(values: readonly string[]): string[] | null {
  const ids = [...new Set(values.flatMap((v) => v.split(",")).map((v) => v.trim().toLowerCase()))].filter(isUuid);
  return ids.length > BULK_SHIP_MAX ? null : ids;
}

/** What the confirmation lists: each selected order that exists, and whether it can move to shipped. */
export async function bulkShipCandidates(db: Db, ids: readonly string[]): Promise<BulkShipCandidate[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: orders.id,
      status: orders.status,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(inArray(orders.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        id,
        customerName: `${row.firstName} ${row.lastName}`.trim() || row.email,
        status: row.status,
        problem: transitionProblem(row.status, "shipped"),
      },
    ];
  });
}

export type BulkShipOutcome = {
  shipped: string[];
  /** Orders that did not move, each with the reason: none is skipped silently. */
  refused: { id: string; message: string }[];
};

/**
 * "Mark as shipped" for several orders: each one through the single-order status change, so each
 * is locked, checked, recorded and mailed in its own transaction exactly as from its own page. A
 * second submit of the same selection (double click, back and resend) finds them shipped already:
 * changeOrderStatus refuses "already shipped" under the row lock, so no shopper is mailed twice.
 */
export async function bulkMarkShipped(
  db: Db,
  actor: AdminActor,
  ids: readonly string[],
  config: Pick<Config, "publicUrl" | "authSecret">,
): Promise<BulkShipOutcome> {
  const outcome: BulkShipOutcome = { shipped: [], refused: [] };
  for (const orderId of ids) {
    const result = await changeOrderStatus(db, actor, { orderId, to: "shipped" }, config);
    if (result.ok) outcome.shipped.push(orderId);
    else
      outcome.refused.push({
        id: orderId,
        message: result.reason === "not-found" ? "The order does not exist." : result.message,
      });
  }
  return outcome;
}
