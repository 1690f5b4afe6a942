import { allocate } from "~/features/cart-checkout/vat";

/**
 * The VAT return (btw-aangifte) of a period, from the invoices and credit notes dated in it (ADR
 * 0035). Per rate: the amount incl. VAT the documents add up to ("gross") and the VAT they print
 * ("Waarvan btw"); the turnover excl. VAT is gross − VAT, so turnover + VAT is to the cent what the
 * invoices minus the credit notes say. Pure: unit-tested beside this file.
 */
export type RateAmounts = { rate: number; grossCents: number; vatCents: number };

export type VatRubric = "1a" | "1b" | "1c" | "1e";

/** The rubrics of the Dutch VAT return a sale at this rate goes in, with the form's own words. */
export function rubricOf(rate: number): { rubric: VatRubric; label: string } {
  if (rate === 21) return { rubric: "1a", label: "Leveringen/diensten belast met hoog tarief" };
  if (rate === 9) return { rubric: "1b", label: "Leveringen/diensten belast met laag tarief" };
  if (rate === 0) return { rubric: "1e", label: "Leveringen/diensten belast met 0% of niet bij u belast" };
  return { rubric: "1c", label: "Leveringen/diensten belast met overige tarieven, behalve 0%" };
}

/**
 * What an order's invoice charged per rate, VAT included: the goods at each rate minus their share of
 * the discount plus their share of the shipping, shared in proportion to the goods (largest
 * remainder, rates from high to low) — exactly as priceOrder did when it computed the invoice's VAT.
 */
export function invoiceGrossPerRate(
  goodsPerRate: readonly { rate: number; goodsCents: number }[],
  discountCents: number,
  shippingCents: number,
): { rate: number; grossCents: number }[] {
  const rates = [...goodsPerRate].sort((a, b) => b.rate - a.rate);
  const goods = rates.map((r) => r.goodsCents);
  const discounts = allocate(discountCents, goods);
  const shipping = allocate(shippingCents, goods);
  return rates.map((r, i) => ({ rate: r.rate, grossCents: r.goodsCents - discounts[i]! + shipping[i]! }));
}

/** Adds amounts per rate together. */
export function sumPerRate(parts: readonly RateAmounts[]): Map<number, { grossCents: number; vatCents: number }> {
  const sums = new Map<number, { grossCents: number; vatCents: number }>();
  for (const p of parts) {
    const sum = sums.get(p.rate) ?? { grossCents: 0, vatCents: 0 };
    sum.grossCents += p.grossCents;
    sum.vatCents += p.vatCents;
    sums.set(p.rate, sum);
  }
  return sums;
}

/**
 * The return's figures are whole euros, and the Belastingdienst lets you round in your own favour:
 * turnover and VAT owed down (a negative figure, more credited than invoiced, further down).
 */
export const wholeEurosInYourFavour = (cents: number) => Math.floor(cents / 100);

export type VatReturnLine = {
  rubric: VatRubric;
  label: string;
  rate: number;
  invoices: { grossCents: number; vatCents: number };
  credits: { grossCents: number; vatCents: number };
  /** Invoices minus credit notes. */
  turnoverCents: number;
  vatCents: number;
  /** What goes in the return: whole euros, rounded in the shop's favour. */
  returnTurnoverEuros: number;
  returnVatEuros: number;
};

export type VatReturn = {
  lines: VatReturnLine[];
  invoiceCount: number;
  creditCount: number;
  /** Invoices minus credit notes, VAT included: what the documents' totals add up to. */
  totalGrossCents: number;
  totalVatCents: number;
  /** Rubric 5a, "Verschuldigde btw": the VAT of the lines above, in whole euros as filled in. */
  returnVatEuros: number;
};

/** The rates always shown (21 %, 9 %, 0 %), then any other rate the documents have, high to low. */
const ALWAYS = [21, 9, 0];

export function buildVatReturn(
  invoices: Map<number, { grossCents: number; vatCents: number }>,
  credits: Map<number, { grossCents: number; vatCents: number }>,
  counts: { invoices: number; credits: number },
): VatReturn {
  const rates = [...new Set([...ALWAYS, ...invoices.keys(), ...credits.keys()])].sort((a, b) => b - a);
  const zero = { grossCents: 0, vatCents: 0 };
  const lines = rates.map((rate): VatReturnLine => {
    const inv = invoices.get(rate) ?? zero;
    const cred = credits.get(rate) ?? zero;
    const grossCents = inv.grossCents - cred.grossCents;
    const vatCents = inv.vatCents - cred.vatCents;
    const turnoverCents = grossCents - vatCents;
    return {
      ...rubricOf(rate),
      rate,
      invoices: { ...inv },
      credits: { ...cred },
      turnoverCents,
      vatCents,
      returnTurnoverEuros: wholeEurosInYourFavour(turnoverCents),
      returnVatEuros: wholeEurosInYourFavour(vatCents),
    };
  });
  const totalVatCents = lines.reduce((sum, l) => sum + l.vatCents, 0);
  return {
    lines,
    invoiceCount: counts.invoices,
    creditCount: counts.credits,
    totalGrossCents: lines.reduce((sum, l) => sum + l.turnoverCents + l.vatCents, 0),
    totalVatCents,
    returnVatEuros: lines.reduce((sum, l) => sum + l.returnVatEuros, 0),
  };
}
