import type { Config } from "~/shared/config/env.server";
import { getViewer, type SessionDeps } from "~/features/accounts/index.server";
import { isUuid } from "~/features/orders";
import { GUEST_ORDER_COOKIE, verifyGuestOrderToken } from "./guest-order.server";
import { isViewersOrder } from "./withdrawal.server";

/*
 * HTTP adapter (docs/architecture.md "Layers"): which order the request may open, read from its
 * cookies (the guest's signed order cookie, the session). Route modules use it; services get ids.
 */

/** The order id the request's guest cookie opens, or null. */
export function guestOrderIdOf(request: Request, secret: string): string | null {
  const match = (request.headers.get("cookie") ?? "").match(new RegExp(`(?:^|;\\s*)${GUEST_ORDER_COOKIE}=([^;]+)`));
  return verifyGuestOrderToken(secret, match?.[1] ?? null);
}

/**
 * Who may withdraw from this order: the signed-in customer whose confirmed address placed it
 * ("account"), or the guest whose signed cookie opened it on /bestelling ("guest"); anyone else gets
 * null, the same whether the order exists or not.
 */
export async function shopperOrderAccess(
  request: Request,
  deps: SessionDeps & { config: Pick<Config, "authSecret"> },
  orderId: string,
): Promise<{ channel: "account" | "guest"; userId: string | null } | null> {
  if (!isUuid(orderId)) return null;
  if (guestOrderIdOf(request, deps.config.authSecret ?? "") === orderId) return { channel: "guest", userId: null };
  const viewer = await getViewer(request, deps);
  if (!viewer?.emailVerified) return null;
  return (await isViewersOrder(deps.db, viewer, orderId)) ? { channel: "account", userId: viewer.id } : null;
}
