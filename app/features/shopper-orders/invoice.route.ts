import { data } from "react-router";
import type { Route } from "./+types/invoice.route";
import { getViewer } from "~/features/accounts/index.server";
import { renderInvoicePdf } from "./invoice-pdf.server";
import { formatInvoiceNumber } from "./invoice-number";
import { getInvoiceDocument } from "./invoices.server";
import { shopperOrderAccess } from "./shopper-access.http.server";

/**
 * GET /factuur/:number: an invoice or credit invoice as a PDF (issue 11), for an admin, for the
 * customer whose order it is, and for the guest whose order page opened that order. Anyone else
 * gets 404, the same as for a number that does not exist.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const number = /^\d{1,9}$/.test(params.number) ? Number(params.number) : NaN;
  const doc = Number.isSafeInteger(number) ? await getInvoiceDocument(context.db, number) : null;
  const notFound = () => data("Factuur niet gevonden", { status: 404 });
  if (!doc) throw notFound();
  const viewer = await getViewer(request, context);
  if (!viewer?.isAdmin && !(await shopperOrderAccess(request, context, doc.orderId))) throw notFound();
  const pdf = await renderInvoicePdf(doc);
  const name = `${doc.kind === "credit" ? "creditfactuur" : "factuur"}-${formatInvoiceNumber(doc.number)}.pdf`;
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
