import { describe, expect, it } from "vitest";
import { buildVatReturn, invoiceGrossPerRate, rubricOf, sumPerRate, wholeEurosInYourFavour } from "./vat-return";

describe("invoiceGrossPerRate", () => {
  it("shares discount and shipping over the rates in proportion to the goods", () => {
    // Goods 40,00 at 21 % and 10,00 at 9 %: discount 5,00 → 4,00 + 1,00; shipping 4,95 → 3,96 + 0,99.
    expect(
      invoiceGrossPerRate(
        [
          { rate: 9, goodsCents: 1000 },
          { rate: 21, goodsCents: 4000 },
        ],
        500,
        495,
      ),
    ).toEqual([
      { rate: 21, grossCents: 3996 },
      { rate: 9, grossCents: 999 },
    ]);
  });

  it("gives the odd cent to the larger remainder", () => {
    // Discount 4,78 over 39,99 : 7,77 → 400,24 + 77,76 → 400 + 78; shipping 4,95 → 414,47 + 80,53
    // → 414 + 81. 21 %: 3999 − 400 + 414 = 4013; 9 %: 777 − 78 + 81 = 780; together 47,93 paid.
    expect(
      invoiceGrossPerRate(
        [
          { rate: 21, goodsCents: 3999 },
          { rate: 9, goodsCents: 777 },
        ],
        478,
        495,
      ),
    ).toEqual([
      { rate: 21, grossCents: 4013 },
      { rate: 9, grossCents: 780 },
    ]);
  });
});

describe("rubricOf", () => {
  it("puts 21 % in 1a, 9 % in 1b, 0 % in 1e and anything else in 1c", () => {
    expect([21, 9, 0, 6].map((rate) => rubricOf(rate).rubric)).toEqual(["1a", "1b", "1e", "1c"]);
    expect(rubricOf(21).label).toBe("Leveringen/diensten belast met hoog tarief");
  });
});

describe("wholeEurosInYourFavour", () => {
  it("rounds down, also below zero", () => {
    expect([12399, 12300, 99, 0, -1, -12301].map(wholeEurosInYourFavour)).toEqual([123, 123, 0, 0, -1, -124]);
  });
});

describe("buildVatReturn", () => {
  it("takes the credit notes off the invoices per rate and always shows 21, 9 and 0 %", () => {
    const invoices = sumPerRate([
      { rate: 21, grossCents: 3996, vatCents: 694 },
      { rate: 9, grossCents: 999, vatCents: 82 },
      { rate: 21, grossCents: 12100, vatCents: 2100 },
    ]);
    const credits = sumPerRate([{ rate: 21, grossCents: 1800, vatCents: 312 }]);
    const vat = buildVatReturn(invoices, credits, { invoices: 2, credits: 1 });
    // 21 %: gross 39,96 + 121,00 − 18,00 = 142,96; VAT 6,94 + 21,00 − 3,12 = 24,82; turnover 118,14.
    // 9 %: gross 9,99, VAT 0,82, turnover 9,17.
    expect(
      vat.lines.map((l) => [l.rubric, l.rate, l.turnoverCents, l.vatCents, l.returnTurnoverEuros, l.returnVatEuros]),
    ).toEqual([
      ["1a", 21, 11814, 2482, 118, 24],
      ["1b", 9, 917, 82, 9, 0],
      ["1e", 0, 0, 0, 0, 0],
    ]);
    expect(vat.lines[0]!.credits).toEqual({ grossCents: 1800, vatCents: 312 });
    // 142,96 + 9,99 = 152,95 incl. VAT; VAT 24,82 + 0,82 = 25,64; 5a in euros 24 + 0 = 24.
    expect(vat).toMatchObject({
      totalGrossCents: 15295,
      totalVatCents: 2564,
      returnVatEuros: 24,
      invoiceCount: 2,
      creditCount: 1,
    });
  });
});
