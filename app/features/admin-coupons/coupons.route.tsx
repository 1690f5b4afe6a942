import { data, type AppLoadContext } from "react-router";
import type { Route } from "./+types/coupons.route";
import { CouponsPanel, type CouponActionResult } from "./coupons-panel";
import { errorText } from "~/shared/errors/error-text";
import { adminGuard, requireAdmin } from "~/features/accounts/index.server";
import { COUPON_ADMIN_TOASTS, parseCouponForm } from "./coupon-admin";
import {
  createCoupon,
  deleteCoupon,
  listCoupons,
  setCouponActive,
  updateCoupon,
  type CouponWriteResult,
} from "./coupon-admin.server";
import { intentAction, Refusal, refuse } from "~/shared/actions/intent-action.server";

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const answer = (result: CouponActionResult, status = 200) => data<CouponActionResult>(result, { status });

const fail = (intent: string, title: string, status: number, field?: string) =>
  answer({ ok: false, intent, title, ...(field ? { field } : {}) }, status);

/** The posted coupon id: absent (a new coupon), a UUID, or a refusal (no such coupon can exist). */
function couponId({ form, intent }: { form: FormData; intent: string }) {
  const rawId = form.get("id");
  if (rawId == null || rawId === "") return { id: null };
  return typeof rawId === "string" && UUID.test(rawId)
    ? { id: rawId.toLowerCase() }
    : refuse(fail(intent, "Coupon not found", 404));
}

/** An existing coupon's id, required by toggle and delete. */
function existingCouponId(ctx: { form: FormData; intent: string }) {
  const parsed = couponId(ctx);
  if (parsed instanceof Refusal) return parsed;
  return parsed.id ? { id: parsed.id } : refuse(fail(ctx.intent, "Coupon not found", 404));
}

/** The service's answer as the toast the panel shows. */
function couponAnswer(
  ctx: { intent: string; viewer: { id: string }; context: AppLoadContext },
  result: CouponWriteResult,
  success: string,
) {
  if (!result.ok) return fail(ctx.intent, result.message, result.reason === "not-found" ? 404 : 400, result.field);
  ctx.context.logger.info(
    { couponId: result.coupon.id, intent: ctx.intent, by: ctx.viewer.id },
    "admin changed coupon",
  );
  return answer({ ok: true, intent: ctx.intent, title: success });
}

export const action = intentAction()({
  guard: adminGuard,
  intents: (intent) => ({
    save: intent({
      parse: (ctx) => {
        const id = couponId(ctx);
        if (id instanceof Refusal) return id;
        const parsed = parseCouponForm((field) => {
          const value = ctx.form.get(field);
          return typeof value === "string" ? value : null;
        });
        // A form failure shows the server's message (spec 2 §8), next to the field it is about.
        if (!parsed.ok) return refuse(fail(ctx.intent, parsed.message, 400, parsed.field));
        return { id: id.id, coupon: parsed.coupon };
      },
      run: async ({ id, coupon }, ctx) =>
        id
          ? couponAnswer(ctx, await updateCoupon(ctx.context.db, ctx.actor, id, coupon), COUPON_ADMIN_TOASTS.updated)
          : couponAnswer(ctx, await createCoupon(ctx.context.db, ctx.actor, coupon), COUPON_ADMIN_TOASTS.created),
    }),
    toggle: intent({
      parse: (ctx) => {
        const id = existingCouponId(ctx);
        if (id instanceof Refusal) return id;
        const active = ctx.form.get("active");
        if (active !== "true" && active !== "false")
          return refuse(fail(ctx.intent, COUPON_ADMIN_TOASTS.updateFailed, 400));
        return { id: id.id, active: active === "true" };
      },
      run: async ({ id, active }, ctx) =>
        couponAnswer(
          ctx,
          await setCouponActive(ctx.context.db, ctx.actor, id, active),
          active ? COUPON_ADMIN_TOASTS.activated : COUPON_ADMIN_TOASTS.deactivated,
        ),
    }),
    delete: intent({
      parse: existingCouponId,
      run: async ({ id }, ctx) =>
        couponAnswer(ctx, await deleteCoupon(ctx.context.db, ctx.actor, id), COUPON_ADMIN_TOASTS.deleted),
    }),
  }),
  unknown: () =>
    answer(
      { ok: false, intent: "unknown", title: "Unknown action", description: "Reload the page and try again." },
      400,
    ),
  logMessage: "admin coupon change failed",
  failed: (error, { intent }) =>
    answer({ ok: false, intent, title: COUPON_ADMIN_TOASTS.updateFailed, description: errorText(error) }, 500),
});

export default function AdminCoupons({ loaderData, actionData }: Route.ComponentProps) {
  return <CouponsPanel coupons={loaderData.coupons} loadError={loaderData.loadError} result={actionData} />;
}
