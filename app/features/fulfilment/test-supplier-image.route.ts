import type { Route } from "./+types/test-supplier-image.route";
import { testSupplierImage } from "./test-supplier-images.server";

const notFound = () =>
  new Response("Niet gevonden", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/**
 * GET /api/test-supplier/images/<artNo>-<n>.jpg|png: product photos on the built-in test
 * supplier's "site", so the embedded demo's image migration downloads real files. Like the test
 * supplier's order endpoint it does not exist next to a real supplier (SUPPLIER_API_URL).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (context.config.supplier.apiUrl) return notFound();
  const image = await testSupplierImage(context.db, params.file);
  if (!image) return notFound();
  return new Response(new Uint8Array(image.body), {
    headers: {
      "Content-Type": image.contentType,
      "Content-Length": String(image.body.length),
      "Cache-Control": "public, max-age=3600",
    },
  });
}
