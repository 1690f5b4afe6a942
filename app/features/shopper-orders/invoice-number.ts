/** An invoice number as printed and shown: six digits, "000042". */
export function formatInvoiceNumber(number: number): string {
  return String(number).padStart(6, "0");
}

export function invoiceLabel(invoice: { number: number; kind: "invoice" | "credit" }): string {
  return `${invoice.kind === "credit" ? "Creditfactuur" : "Factuur"} ${formatInvoiceNumber(invoice.number)}`;
}
