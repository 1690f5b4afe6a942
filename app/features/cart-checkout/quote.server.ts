import { eq, inArray, sql } from "drizzle-orm";
import { products, siteSettings, stock } from "~/db/schema/index";
import { evaluateCoupon } from "~/features/coupons/index.server";
import { offerOf } from "~/features/catalogue";
import type { DbExecutor } from "~/db/client.server";
import { priceOrder, type ShippingRule } from "./pricing";
import { MAX_LINE_QUANTITY, type CartQuote, type QuoteLine } from "./quote";

// The types live in a plain module so the cart and checkout components can read a quote too.
export type { CartQuote, CouponResult, LineProblem, QuoteLine } from "./quote";
export { MAX_LINE_QUANTITY } from "./quote";

export type QuoteInput = { items: { artNo: number; quantity: number }[]; couponCode?: string | null };

export type QuoteOptions = {
  /**
   * Inside the place-order transaction: lock the coupon and count the uses reserved by open orders
   * (`lockCouponForOrder`), so two checkouts cannot both take a coupon's last use.
   */
  reserveCoupon?: boolean;
};

const DEFAULT_SHIPPING: ShippingRule = { shippingFeeCents: 495, freeShippingThresholdCents: 5000 };

/** Same ArtNo twice becomes one line (first position kept); quantities whole, 1..99. */
export function mergeCartLines(items: QuoteInput["items"]): { artNo: number; quantity: number }[] {
  const merged = new Map<number, number>();
  for (const item of items) {
    if (!Number.isSafeInteger(item.artNo) || item.artNo <= 0) continue;
    const quantity = Number.isFinite(item.quantity) ? Math.floor(item.quantity) : 1;
    merged.set(item.artNo, (merged.get(item.artNo) ?? 0) + Math.max(1, quantity));
  }
  return [...merged].map(([artNo, quantity]) => ({ artNo, quantity: Math.min(MAX_LINE_QUANTITY, quantity) }));
}

/**
 * Prices a cart from the database: current price and VAT per product, stock, the coupon rule and
 * the shipping rule from site settings, through `priceOrder`. Only ArtNo and quantity of the input
 * are read; everything about money comes from here. Used by /cart, the checkout and (inside its
 * transaction, with `reserveCoupon`) placing the order. Totals and the coupon count only the lines
 * that can be sold as they are; a cart with any problem line is not `sellable`.
 */
export async function quoteCart(db: DbExecutor, input: QuoteInput, opts: QuoteOptions = {}): Promise<CartQuote> {
  const wanted = mergeCartLines(input.items);
  const artNos = wanted.map((w) => w.artNo);
  // One after the other: inside a transaction both run on one connection anyway.
  const rows = artNos.length
    ? await db
        .select({
          artNo: products.artNo,
          brand: products.brand,
          name: products.shortDescription,
          image: sql<string | null>`${products.images}[1]`,
          consumerPriceCents: products.consumerPriceCents,
          discountedPriceCents: products.discountedPriceCents,
          effectivePriceCents: products.effectivePriceCents,
          referencePriceCents: products.referencePriceCents,
          vatRate: products.vatRate,
          isListed: products.isListed,
          stockQuantity: stock.quantity,
        })
        .from(products)
        .leftJoin(stock, eq(stock.artNo, products.artNo))
        .where(inArray(products.artNo, artNos))
    : [];
  const settings = await db
    .select({
      shippingFeeCents: siteSettings.shippingFeeCents,
      freeShippingThresholdCents: siteSettings.freeShippingThresholdCents,
    })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1))
    .limit(1);
  const byArtNo = new Map(rows.map((r) => [r.artNo, r]));

  const lines: QuoteLine[] = wanted.map(({ artNo, quantity }) => {
    const p = byArtNo.get(artNo);
    if (!p || !p.isListed) {
      return {
        artNo,
        name: p?.name ?? "",
        brand: p?.brand ?? "",
        image: p?.image ?? null,
        unitPriceCents: 0,
        originalPriceCents: null,
        vatRate: p?.vatRate ?? 21,
        quantity,
        lineTotalCents: 0,
        stockQuantity: null,
        problem: "not-found",
      };
    }
    const offer = offerOf(p);
    const stockQuantity = p.stockQuantity ?? null;
    const problem =
      stockQuantity == null || stockQuantity <= 0
        ? "out-of-stock"
        : stockQuantity < quantity
          ? "insufficient-stock"
          : null;
    return {
      artNo,
      name: p.name ?? "",
      brand: p.brand ?? "",
      image: p.image || null,
      unitPriceCents: p.effectivePriceCents,
      originalPriceCents: offer.onOffer ? offer.wasCents : null,
      vatRate: p.vatRate,
      quantity,
      lineTotalCents: p.effectivePriceCents * quantity,
      stockQuantity,
      problem,
    };
  });

  const sellableLines = lines.filter((l) => l.problem === null);
  const goodsCents = sellableLines.reduce((sum, l) => sum + l.lineTotalCents, 0);
  const wantsCoupon = input.couponCode != null && input.couponCode.trim() !== "";
  const coupon = wantsCoupon
    ? await evaluateCoupon(db, input.couponCode, goodsCents, { reserve: opts.reserveCoupon === true })
    : null;
  const totals = priceOrder(sellableLines, coupon?.valid ? coupon.discountCents : 0, settings[0] ?? DEFAULT_SHIPPING);
  return { lines, totals, coupon, sellable: lines.length > 0 && sellableLines.length === lines.length };
}
