import type { ResolveMailAttachment } from "~/features/mail/index.server";
import { getInvoiceDocument } from "./invoices.server";
import { renderInvoicePdf } from "./invoice-pdf.server";
import { formatInvoiceNumber } from "./invoice-number";

/** The file name a mail's invoice carries ("factuur-000042.pdf"), also shown in the admin's E-mails tab. */
export function mailAttachmentFilename(kind: "invoice" | "credit", number: number): string {
  return `${kind === "credit" ? "creditfactuur" : "factuur"}-${formatInvoiceNumber(number)}.pdf`;
}

/**
 * Makes an outbox row's attachment when the mail is sent: an invoice PDF from its order. The mail
 * queue gets it from the job registry (server/job-registry.ts), so mail knows nothing of invoices.
 */
export const resolveMailAttachment: ResolveMailAttachment = async (db, ref) => {
  const doc = await getInvoiceDocument(db, ref.number);
  if (!doc) throw new Error(`invoice ${ref.number} not found for a mail attachment`);
  return {
    filename: mailAttachmentFilename(doc.kind, doc.number),
    content: await renderInvoicePdf(doc),
    contentType: "application/pdf",
  };
};
