import { data } from "react-router";
import type { Route } from "./+types/export-csv.route";
import { requireAdmin } from "~/features/accounts/index.server";
import { parseAdminOrdersQuery } from "~/features/orders";
import { exportOrdersCsv } from "./export-csv.server";

const fileDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Amsterdam" });

/**
 * GET /admin/orders/export.csv?<the list's filters> — the filtered All Orders list as CSV (admins
 * only), streamed batch by batch. Private and never stored: it holds customers' names and addresses.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const parsed = parseAdminOrdersQuery(new URL(request.url).searchParams);
  if (!parsed.ok) {
    throw data(parsed.error, { status: 400, headers: { "cache-control": "private, no-store" } });
  }
  const { after: _after, before: _before, ...filters } = parsed.query;
  let body: ReadableStream<Uint8Array>;
  try {
    body = await exportOrdersCsv(context.db, filters, (error) =>
      context.logger.error({ err: error }, "admin order export failed while streaming"),
    );
  } catch (error) {
    context.logger.error({ err: error }, "admin order export failed");
    throw data("The orders could not be exported. Try again.", {
      status: 500,
      headers: { "cache-control": "private, no-store" },
    });
  }
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="orders-${fileDay.format(new Date())}.csv"`,
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
    },
  });
}
