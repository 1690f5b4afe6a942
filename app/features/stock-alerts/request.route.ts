import { data, redirect } from "react-router";
import type { Route } from "./+types/request.route";
import { STOCK_ALERT_TEXT, stockAlertSchema, type StockAlertActionData } from "./stock-alert-schema";
import { requestStockAlert } from "./stock-alerts.server";
import { readForm } from "~/shared/actions/form.server";

/** There is no page here: the product page's form posts to it. */
export function loader() {
  return redirect("/");
}

/** "Mail me als het weer leverbaar is" (product page): starts the double opt-in. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const parsed = stockAlertSchema.safeParse({ artNo: form.get("artNo"), email: form.get("email") });
  if (!parsed.success) {
    const emailIssue = parsed.error.issues.find((issue) => issue.path[0] === "email");
    return data<StockAlertActionData>(
      emailIssue
        ? { ok: false, message: emailIssue.message, field: "email" }
        : { ok: false, message: STOCK_ALERT_TEXT.unavailable },
      { status: 400 },
    );
  }
  try {
    const result = await requestStockAlert(context.db, parsed.data, {
      clientIp: context.clientIp,
      publicUrl: context.config.publicUrl,
    });
    if (result.ok) return data<StockAlertActionData>({ ok: true, message: STOCK_ALERT_TEXT.requested });
    const answers = {
      "rate-limited": [STOCK_ALERT_TEXT.rateLimited, 429],
      "in-stock": [STOCK_ALERT_TEXT.inStock, 409],
      unavailable: [STOCK_ALERT_TEXT.unavailable, 404],
    } as const;
    const [message, status] = answers[result.reason];
    return data<StockAlertActionData>({ ok: false, message }, { status });
  } catch (error) {
    context.logger.error({ err: error, artNo: parsed.data.artNo }, "stock alert could not be stored");
    return data<StockAlertActionData>({ ok: false, message: STOCK_ALERT_TEXT.failed }, { status: 500 });
  }
}
