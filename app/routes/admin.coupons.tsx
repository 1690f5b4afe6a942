import { data } from "react-router";
import type { Route } from "./+types/admin.coupons";
import { CouponsPanel, type CouponActionResult } from "~/components/admin/coupons-panel";
import { errorText } from "~/components/admin/error-text";
import { requireAdmin } from "~/domain/auth/viewer.server";
import { COUPON_ADMIN_TOASTS, parseCouponForm } from "~/domain/coupons/coupon-admin";
import {
  createCoupon,
  deleteCoupon,
  listCoupons,
  setCouponActive,
  updateCoupon,
  type CouponWriteResult,
} from "~/domain/coupons/coupon-admin.server";
import { readForm } from "~/lib/form.server";

export function meta() {
  return [{ title: "Coupon Management | Admin Dashboard | Trapkracht" }, { name: "robots", content: "noindex" }];
}

/** "Coupon Management" (spec 1 §2.15): every coupon, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  try {
    return { coupons: await listCoupons(context.db), loadError: null };
  } catch (error) {
    context.logger.error({ err: error }, "admin coupon list failed");
    return { coupons: null, loadError: COUPON_ADMIN_TOASTS.loadFailed };
  }
}

const INTENTS = ["save", "toggle", "delete"] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAdmin(request, context);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (typeof intent !== "string" || !(INTENTS as readonly string[]).includes(intent)) {
    return data<CouponActionResult>(
      { ok: false, intent: "unknown", title: "Unknown action", description: "Reload the page and try again." },
      { status: 400 },
    );
  }
  const fail = (title: string, status: number, field?: string) =>
    data<CouponActionResult>({ ok: false, intent, title, ...(field ? { field } : {}) }, { status });
  const rawId = form.get("id");
  const id = typeof rawId === "string" && UUID.test(rawId) ? rawId.toLowerCase() : null;
  if (rawId != null && rawId !== "" && id == null) return fail("Coupon not found", 404);
  const actor = { id: viewer.id, email: viewer.email };

  let result: CouponWriteResult;
  let success: string;
  try {
    if (intent === "save") {
      const parsed = parseCouponForm((field) => {
        const value = form.get(field);
        return typeof value === "string" ? value : null;
      });
      // A form failure shows the server's message (spec 2 §8), next to the field it is about.
      if (!parsed.ok) return fail(parsed.message, 400, parsed.field);
      result = id
        ? await updateCoupon(context.db, actor, id, parsed.coupon)
        : await createCoupon(context.db, actor, parsed.coupon);
      success = id ? COUPON_ADMIN_TOASTS.updated : COUPON_ADMIN_TOASTS.created;
    } else {
      if (!id) return fail("Coupon not found", 404);
      if (intent === "toggle") {
        const active = form.get("active");
        if (active !== "true" && active !== "false") return fail(COUPON_ADMIN_TOASTS.updateFailed, 400);
        result = await setCouponActive(context.db, actor, id, active === "true");
        success = active === "true" ? COUPON_ADMIN_TOASTS.activated : COUPON_ADMIN_TOASTS.deactivated;
      } else {
        result = await deleteCoupon(context.db, actor, id);
        success = COUPON_ADMIN_TOASTS.deleted;
      }
    }
  } catch (error) {
    context.logger.error({ err: error, intent }, "admin coupon change failed");
    return data<CouponActionResult>(
      { ok: false, intent, title: COUPON_ADMIN_TOASTS.updateFailed, description: errorText(error) },
      { status: 500 },
    );
  }
  if (!result.ok) return fail(result.message, result.reason === "not-found" ? 404 : 400, result.field);
  context.logger.info({ couponId: result.coupon.id, intent, by: viewer.id }, "admin changed coupon");
  return data<CouponActionResult>({ ok: true, intent, title: success });
}

export default function AdminCoupons({ loaderData, actionData }: Route.ComponentProps) {
  return <CouponsPanel coupons={loaderData.coupons} loadError={loaderData.loadError} result={actionData} />;
}
