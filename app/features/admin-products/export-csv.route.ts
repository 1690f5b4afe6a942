import type { Route } from "./+types/export-csv.route";
import { requireAdmin } from "~/features/accounts/index.server";
import { exportProductsCsv } from "./export-csv.server";
import { parseProductListFilters } from "./products-query";

const fileDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Amsterdam" });

/**
 * GET /admin/products/export.csv?<the list's filters> — the filtered Product Management list as CSV
 * (admins only), streamed batch by batch; private and never stored.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const filters = parseProductListFilters(new URL(request.url).searchParams);
  let body: ReadableStream<Uint8Array>;
  try {
    body = await exportProductsCsv(context.db, filters, (error) =>
      context.logger.error({ err: error }, "admin product export failed while streaming"),
    );
  } catch (error) {
    context.logger.error({ err: error }, "admin product export failed");
    return new Response("The products could not be exported. Try again.", {
      status: 500,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "private, no-store" },
    });
  }
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="products-${fileDay.format(new Date())}.csv"`,
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
    },
  });
}
