import { and, asc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { productCategories, products, productTags, stock } from "~/db/schema";
import { getCategoryPath } from "./categories.server";
import type { ProductDetail } from "./product-detail-types";
import { sanitizeSupplierHtml } from "./sanitize.server";

export type { ProductDetail } from "./product-detail-types";

/** Product ids are supplier article numbers: positive integers that fit PostgreSQL's integer. */
export function parseArtNo(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 && n <= 2_147_483_647 ? n : null;
}

/** A listed product by ArtNo, or null when it does not exist or is not sellable (never listed). */
export async function getProductDetail(db: Db, artNo: number): Promise<ProductDetail | null> {
  const [row] = await db
    .select({
      product: products,
      stockQuantity: stock.quantity,
      categoryId: productCategories.id,
      categoryName: productCategories.name,
    })
    .from(products)
    .leftJoin(stock, eq(stock.artNo, products.artNo))
    .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
    .where(and(eq(products.artNo, artNo), eq(products.isListed, true)))
    .limit(1);
  if (!row) return null;

  const [tagRows, path] = await Promise.all([
    db
      .select({ tag: productTags.tag })
      .from(productTags)
      .where(eq(productTags.artNo, artNo))
      .orderBy(asc(productTags.tag)),
    row.categoryId == null ? Promise.resolve([]) : getCategoryPath(db, row.categoryId),
  ]);

  const p = row.product;
  return {
    artNo: p.artNo,
    brand: p.brand ?? "",
    shortDescription: p.shortDescription ?? "",
    descriptionHtml: sanitizeSupplierHtml(p.longDescriptionHtml),
    consumerPriceCents: p.consumerPriceCents ?? 0,
    discountedPriceCents: p.discountedPriceCents,
    effectivePriceCents: p.effectivePriceCents,
    referencePriceCents: p.referencePriceCents,
    vatRate: p.vatRate,
    images: p.images.filter((src) => src.trim() !== ""),
    stockQuantity: row.stockQuantity ?? null,
    tags: tagRows.map((t) => t.tag),
    category:
      row.categoryId != null && row.categoryName != null ? { id: row.categoryId, name: row.categoryName } : null,
    ancestors: path.slice(0, -1).map((c) => ({ id: c.id, name: c.name })),
    ingredients: p.ingredients?.trim() || null,
    allergens: p.allergens?.trim() || null,
    nutrition: Array.isArray(p.nutrition) ? p.nutrition.filter((r) => r && r.label) : [],
    colour: p.colour,
    material: p.material,
    size: p.size,
    type: p.type,
  };
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " " };

/** Plain text of (sanitised) HTML, cut at a word boundary: the meta description and JSON-LD text. */
export function plainTextSummary(html: string, max = 160): string {
  const text = html
    .replace(/<[^>]*>/g, " ")
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? "")
    .replace(/\s+/g, " ")
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max / 2)).trimEnd()}…`;
}
