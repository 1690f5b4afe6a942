import { eq } from "drizzle-orm";
import type { Config } from "~/shared/config/env.server";
import type { DbExecutor } from "~/db/client.server";
import { customers, orders } from "~/db/schema";
import { enqueueMail } from "~/features/mail/index.server";
import { isMailedStatus, orderStatusMail } from "~/features/mail-templates/index.server";
import { guestOrderToken } from "./guest-order.server";

/**
 * Queues the shopper's mail about an order's new status (processing, shipped, completed, cancelled), in the
 * caller's transaction: exactly one mail per change. Other states send nothing.
 */
export async function enqueueOrderStatusMail(
  tx: DbExecutor,
  config: Pick<Config, "publicUrl" | "authSecret">,
  orderId: string,
  status: string,
  trackingUrl: string | null = null,
  { supplierAccepted = false }: { supplierAccepted?: boolean } = {},
): Promise<void> {
  if (!isMailedStatus(status)) return;
  const [customer] = await tx
    .select({ email: customers.email, firstName: customers.firstName })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!customer?.email) return;
  const orderUrl = `${config.publicUrl}/bestelling?code=${encodeURIComponent(guestOrderToken(config.authSecret ?? "", orderId))}`;
  await enqueueMail(tx, {
    kind: `order-status-${status}`,
    to: customer.email,
    orderId,
    ...orderStatusMail(status, { orderId, firstName: customer.firstName, orderUrl, trackingUrl, supplierAccepted }),
  });
}
