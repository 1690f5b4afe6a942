import type { Route } from "./+types/test-supplier-orders.route";
import { CONTENT_TYPE } from "./supplier-message";
import { receiveTestSupplierOrder } from "./test-supplier.server";

/** An order message is a few KiB; the test supplier reads no more than this. */
const MAX_BODY_BYTES = 64 * 1024;

const answer = (body: string, status: number, contentType = CONTENT_TYPE) =>
  new Response(body, { status, headers: { "Content-Type": contentType, "Cache-Control": "no-store" } });

/**
 * POST /api/test-supplier/orders: the built-in test supplier (docs/supplier-api.md), where paid
 * orders go while no SUPPLIER_API_URL is configured. It does not exist next to a real supplier.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (context.config.supplier.apiUrl) return answer("Niet gevonden", 404, "text/plain; charset=utf-8");
  if (request.method !== "POST") return answer("Methode niet toegestaan", 405, "text/plain; charset=utf-8");
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_BODY_BYTES) return answer("Bericht te groot", 413, "text/plain; charset=utf-8");
  const body = await request.text();
  if (Buffer.byteLength(body) > MAX_BODY_BYTES) return answer("Bericht te groot", 413, "text/plain; charset=utf-8");
  const result = await receiveTestSupplierOrder(context.db, body);
  return answer(result.body, result.status);
}

export function loader() {
  return answer("Methode niet toegestaan", 405, "text/plain; charset=utf-8");
}
