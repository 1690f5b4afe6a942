import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { CartQuote } from "./quote";
import { CartSummary, freeShippingHint } from "./cart-summary";

const nbsp = "\u00a0";

const quote = (totals: Partial<CartQuote["totals"]>, coupon: CartQuote["coupon"] = null): CartQuote => ({
  lines: [],
  sellable: true,
  coupon,
  totals: {
    subtotalCents: 4995,
    discountCents: 0,
    shippingCents: 495,
    totalCents: 5490,
    vat: [
      { rate: 21, amountCents: 476 },
      { rate: 9, amountCents: 227 },
    ],
    freeShippingRemainingCents: 5,
    ...totals,
  },
});

/** The summary's rows as "label=value" pairs, in order. */
function rows(html: string): string[] {
  return [...html.matchAll(/<dt>([^<]*)<\/dt><dd[^>]*>([^<]*)<\/dd>/g)].map((m) => `${m[1]}=${m[2]}`);
}

describe("CartSummary", () => {
  it("shows subtotal, shipping, total, the VAT per rate and the free-shipping hint", () => {
    const html = renderToStaticMarkup(<CartSummary quote={quote({})} busy={false} />);
    expect(rows(html)).toEqual([
      `Subtotaal=€${nbsp}49,95`,
      `Verzendkosten=€${nbsp}4,95`,
      `Totaal=€${nbsp}54,90`,
      `Btw 21%=€${nbsp}4,76`,
      `Btw 9%=€${nbsp}2,27`,
    ]);
    expect(html).toContain(`Nog €${nbsp}0,05 te besteden voor gratis verzending`);
  });

  it("shows the discount and free shipping, without the hint, once the threshold is reached", () => {
    const coupon = { code: "ZOMER10", valid: true, discountCents: 600, message: "", couponId: "c" };
    const html = renderToStaticMarkup(
      <CartSummary
        quote={quote(
          {
            subtotalCents: 6000,
            discountCents: 600,
            shippingCents: 0,
            totalCents: 5400,
            freeShippingRemainingCents: 0,
          },
          coupon,
        )}
        busy
      />,
    );
    expect(rows(html)).toEqual(
      expect.arrayContaining([`Korting (ZOMER10)=− €${nbsp}6,00`, "Verzendkosten=Gratis", `Totaal=€${nbsp}54,00`]),
    );
    expect(html).not.toContain("te besteden voor gratis verzending");
    expect(html).toContain('aria-busy="true"');
  });

  it("words the hint as the spec does", () => {
    expect(freeShippingHint(1234)).toBe(`Nog €${nbsp}12,34 te besteden voor gratis verzending`);
  });
});
