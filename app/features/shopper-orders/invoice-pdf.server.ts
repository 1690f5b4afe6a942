import PDFDocument from "pdfkit";
import { COMPANY, COMPANY_ADDRESS } from "~/features/content";
import { formatEuro } from "~/shared/money/money";
import { formatInvoiceNumber, invoiceLabel } from "./invoice-number";
import type { InvoiceDocument } from "./invoices.server";
import { shortOrderId } from "./short-id";

const day = new Intl.DateTimeFormat("nl-NL", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Europe/Amsterdam",
});
// pdfkit's standard fonts speak WinAnsi: € and é are there, a narrow no-break space is not.
const euro = (cents: number) => formatEuro(cents).replace(/\u00a0|\u202f/g, " ");

/**
 * The invoice (or credit invoice) as a PDF (issue 11), with pdfkit's built-in Helvetica: the shop's
 * name, address, KvK and btw number, the customer, date and number, the lines with their VAT rate,
 * subtotal, discount, shipping, total and the VAT per rate. A4, one page for a normal order.
 */
export function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const pdf = new PDFDocument({ size: "A4", margin: 50, info: { Title: title(doc), Author: COMPANY.legalName } });
  const chunks: Buffer[] = [];
  pdf.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  const credit = doc.kind === "credit";
  const sign = (cents: number) => euro(credit ? -cents : cents);

  pdf.font("Helvetica-Bold").fontSize(18).text(COMPANY.legalName);
  pdf.font("Helvetica").fontSize(9).fillColor("#334155");
  pdf.text(`${COMPANY_ADDRESS}, ${COMPANY.country}`);
  pdf.text(`KvK ${COMPANY.kvk} · btw ${COMPANY.vat} · ${COMPANY.email}`);
  pdf.moveDown(1.5).fillColor("#000000");

  pdf.font("Helvetica-Bold").fontSize(14).text(title(doc));
  pdf.font("Helvetica").fontSize(10).moveDown(0.5);
  pdf.text(`Factuurnummer: ${formatInvoiceNumber(doc.number)}`);
  pdf.text(`Factuurdatum: ${day.format(doc.issuedAt)}`);
  pdf.text(`Bestelling: #${shortOrderId(doc.orderId)} van ${day.format(doc.orderDate)}`);
  if (doc.creditsInvoice) pdf.text(`Crediteert factuur ${formatInvoiceNumber(doc.creditsInvoice)}`);
  pdf.moveDown();
  pdf.font("Helvetica-Bold").text("Aan");
  pdf.font("Helvetica").text(doc.customer.name || doc.customer.email);
  for (const line of doc.customer.address) pdf.text(line);
  pdf.text(doc.customer.email);
  pdf.moveDown(1.5);

  const columns = { artNo: 50, name: 110, quantity: 330, unit: 370, vat: 440, total: 480 };
  const row = (cells: Record<keyof typeof columns, string>, bold = false) => {
    const y = pdf.y;
    pdf.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(9);
    pdf.text(cells.artNo, columns.artNo, y, { width: 55 });
    pdf.text(cells.name, columns.name, y, { width: 215 });
    const nameBottom = pdf.y;
    pdf.text(cells.quantity, columns.quantity, y, { width: 35, align: "right" });
    pdf.text(cells.unit, columns.unit, y, { width: 65, align: "right" });
    pdf.text(cells.vat, columns.vat, y, { width: 35, align: "right" });
    pdf.text(cells.total, columns.total, y, { width: 65, align: "right" });
    pdf.x = 50;
    pdf.y = Math.max(nameBottom, pdf.y) + 4;
  };
  row({ artNo: "ArtNo", name: "Omschrijving", quantity: "Aantal", unit: "Prijs", vat: "Btw", total: "Bedrag" }, true);
  pdf.moveTo(50, pdf.y).lineTo(545, pdf.y).strokeColor("#cbd5e1").stroke().moveDown(0.3);
  for (const line of doc.lines) {
    row({
      artNo: line.artNo,
      name: line.name,
      quantity: String(line.quantity),
      unit: euro(line.unitCents),
      vat: `${line.vatRate}%`,
      total: sign(line.totalCents),
    });
  }
  pdf.moveTo(50, pdf.y).lineTo(545, pdf.y).stroke().moveDown(0.5);

  const total = (label: string, value: string, bold = false) => {
    const y = pdf.y;
    pdf.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(10);
    pdf.text(label, 330, y, { width: 140 });
    pdf.text(value, 470, y, { width: 75, align: "right" });
    pdf.x = 50;
  };
  total("Subtotaal", sign(doc.subtotalCents));
  if (doc.discountCents > 0)
    total(doc.couponCode ? `Korting (${doc.couponCode})` : "Korting", sign(-doc.discountCents));
  total("Verzendkosten", doc.shippingCents > 0 ? sign(doc.shippingCents) : credit ? euro(0) : "Gratis");
  total(credit ? "Totaal gecrediteerd" : "Totaal", sign(doc.totalCents), true);
  for (const vat of doc.vatLines) total(`Waarvan btw ${vat.rate}%`, sign(vat.amountCents));
  pdf.moveDown(2).font("Helvetica").fontSize(9).fillColor("#334155");
  pdf.text(
    credit
      ? "Dit bedrag is terugbetaald met het betaalmiddel waarmee je betaalde."
      : "Betaald bij bestelling. Alle prijzen zijn inclusief btw.",
    50,
  );
  pdf.end();
  return done;
}

const title = (doc: InvoiceDocument) => invoiceLabel(doc);
