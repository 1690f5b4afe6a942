import { parsePriceText } from "~/shared/money/money";

/**
 * The fields of the supplier's feeds (spec 1 §3), how their headers are recognised, and how one row
 * of text becomes a checked product or stock change. Pure: the reader gives text, the applier
 * writes what this returns. A field whose column the file does not have is left alone in the shop.
 */
import type { FeedKind } from "./schema";

export type { FeedKind };

export const PRODUCT_FIELDS = [
  "artNo",
  "brand",
  "shortDescription",
  "longDescriptionHtml",
  "consumerPrice",
  "discountedPrice",
  "category",
  "status",
  "images",
  "vat",
  "colour",
  "material",
  "size",
  "type",
  "keyword",
  "tags",
] as const;
export const STOCK_FIELDS = ["artNo", "quantity", "status"] as const;

export type ProductField = (typeof PRODUCT_FIELDS)[number];
export type StockField = (typeof STOCK_FIELDS)[number];
export type FeedField = ProductField | StockField;

/** Header names as suppliers write them, compared without case, spaces, dashes or underscores. */
const ALIASES: Record<FeedField, readonly string[]> = {
  artNo: ["artno", "artnr", "articleno", "articlenumber", "artikelnummer", "artikelnr"],
  brand: ["brand", "merk"],
  shortDescription: ["shortdescription", "omschrijving", "description", "name"],
  longDescriptionHtml: ["longdescriptionhtml", "longdescription", "lange omschrijving"],
  consumerPrice: ["consumerprice", "adviesprijs", "price", "prijs"],
  discountedPrice: ["discountedprice", "actieprijs", "saleprice"],
  category: ["category", "categoryid", "categorie", "categorieid"],
  status: ["status"],
  images: ["posimages", "images", "afbeeldingen"],
  vat: ["vat", "btw", "vatrate"],
  colour: ["colour", "color", "kleur"],
  material: ["material", "materiaal"],
  size: ["size", "maat"],
  type: ["type"],
  keyword: ["articlekeyword", "keyword", "keywords", "trefwoord"],
  tags: ["tags", "tag"],
  quantity: ["artquantity", "quantity", "voorraad", "stock", "qty"],
};

export const normaliseHeader = (name: string) => name.toLowerCase().replace(/[\s_\-.]/g, "");

export function fieldsOf(kind: FeedKind): readonly FeedField[] {
  return kind === "stock" ? STOCK_FIELDS : PRODUCT_FIELDS;
}

/**
 * Which field each column holds (null: a column the shop does not read). `columns` names a field's
 * header where the supplier uses a name of its own.
 */
export function mapHeader(
  kind: FeedKind,
  header: readonly string[],
  columns: Partial<Record<string, string>> = {},
): (FeedField | null)[] {
  const fields = fieldsOf(kind);
  const byName = new Map<string, FeedField>();
  for (const field of fields) for (const alias of ALIASES[field]) byName.set(normaliseHeader(alias), field);
  for (const [field, name] of Object.entries(columns)) {
    if (name && (fields as readonly string[]).includes(field)) byName.set(normaliseHeader(name), field as FeedField);
  }
  const taken = new Set<FeedField>();
  return header.map((name) => {
    const field = byName.get(normaliseHeader(name)) ?? null;
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

/** What a header must have: ArtNo always, and the quantity in a stock feed. */
export function missingColumns(kind: FeedKind, present: ReadonlySet<FeedField>): string[] {
  const needed: FeedField[] = kind === "stock" ? ["artNo", "quantity"] : ["artNo"];
  return needed.filter((f) => !present.has(f)).map((f) => (f === "quantity" ? "ArtQuantity" : "ArtNo"));
}

/** A checked product row: only the fields the file has. Prices in cents; texts trimmed, empty → null. */
export type ProductChange = {
  artNo: number;
  brand?: string | null;
  shortDescription?: string | null;
  longDescriptionHtml?: string | null;
  consumerPriceCents?: number | null;
  discountedPriceCents?: number | null;
  categoryId?: number | null;
  status?: number;
  images?: string[];
  vatRate?: number;
  colour?: string | null;
  material?: string | null;
  size?: string | null;
  type?: string | null;
  articleKeyword?: string | null;
  tags?: string[];
};

export type StockChange = { artNo: number; quantity: number | null; status?: string | null };

export type Checked<T> = { ok: true; value: T } | { ok: false; artNo: string | null; reason: string };

const VAT_RATES = new Set([0, 9, 21]);
/**
 * The highest price a feed may set: € 100 000,00. Far above any bicycle part, far below what the
 * shop's integer cents columns hold (2 147 483 647 cents), so a typo such as `99999999999` is a
 * rejected row instead of a database error (issue 27).
 */
export const MAX_FEED_PRICE_CENTS = 10_000_000;
const MAX_PRICE_TEXT = "€ 100.000,00";
const MAX_TEXT = 500;
const MAX_HTML = 200_000;

// C0 controls other than tab and line breaks, and DEL: never meaningful in a product's text.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

function text(value: string | undefined, max = MAX_TEXT): string | null | { tooLong: true } {
  const cleaned = (value ?? "").replace(CONTROL, "").trim();
  if (cleaned === "") return null;
  return cleaned.length > max ? { tooLong: true } : cleaned;
}

export function parseArtNo(value: string | undefined): number | null {
  const raw = (value ?? "").trim();
  if (!/^\d{1,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 ? n : null;
}

const FIELD_LABEL: Record<FeedField, string> = {
  artNo: "ArtNo",
  brand: "Brand",
  shortDescription: "ShortDescription",
  longDescriptionHtml: "LongDescriptionHTML",
  consumerPrice: "ConsumerPrice",
  discountedPrice: "DiscountedPrice",
  category: "Category",
  status: "Status",
  images: "PosImages",
  vat: "VAT",
  colour: "Colour",
  material: "Material",
  size: "Size",
  type: "Type",
  keyword: "ArticleKeyword",
  tags: "Tags",
  quantity: "ArtQuantity",
};

/** One product row (field → text) checked; `categories` are the shop's category ids. */
export function checkProductRow(
  row: Partial<Record<FeedField, string>>,
  categories: ReadonlySet<number>,
): Checked<ProductChange> {
  const rawArtNo = row.artNo?.trim() || null;
  const artNo = parseArtNo(row.artNo);
  const fail = (reason: string): Checked<ProductChange> => ({ ok: false, artNo: rawArtNo, reason });
  if (artNo === null) return fail(rawArtNo ? `ArtNo "${rawArtNo}" is not a positive whole number` : "ArtNo is empty");
  const change: ProductChange = { artNo };

  const texts = [
    ["brand", "brand", MAX_TEXT],
    ["shortDescription", "shortDescription", MAX_TEXT],
    ["longDescriptionHtml", "longDescriptionHtml", MAX_HTML],
    ["colour", "colour", MAX_TEXT],
    ["material", "material", MAX_TEXT],
    ["size", "size", MAX_TEXT],
    ["type", "type", MAX_TEXT],
    ["keyword", "articleKeyword", MAX_TEXT],
  ] as const;
  for (const [field, key, max] of texts) {
    if (!(field in row)) continue;
    const value = text(row[field], max);
    if (value && typeof value === "object") return fail(`${FIELD_LABEL[field]} is longer than ${max} characters`);
    change[key] = value;
  }

  // Prices are the supplier's text ("12,95", "1.234,50"), read by the shop's one price parser:
  // empty or unreadable is 0 (spec 1 §5), and a product without a consumer price is not listed.
  for (const [field, key] of [
    ["consumerPrice", "consumerPriceCents"],
    ["discountedPrice", "discountedPriceCents"],
  ] as const) {
    if (!(field in row)) continue;
    const cents = parsePriceText(row[field]);
    if (cents > MAX_FEED_PRICE_CENTS)
      return fail(
        `${FIELD_LABEL[field]} "${row[field]?.trim().slice(0, 40)}" is more than the maximum of ${MAX_PRICE_TEXT}`,
      );
    change[key] = cents > 0 ? cents : null;
  }
  if ("category" in row) {
    const raw = (row.category ?? "").trim();
    if (raw === "") change.categoryId = null;
    else {
      const id = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
      if (!categories.has(id)) return fail(`Category "${raw}" is not a category of the shop`);
      change.categoryId = id;
    }
  }
  if ("status" in row) {
    const raw = (row.status ?? "").trim().toLowerCase();
    if (raw === "" || raw === "1" || raw === "active" || raw === "actief") change.status = 1;
    else if (raw === "0" || raw === "inactive" || raw === "inactief") change.status = 0;
    else return fail(`Status "${row.status?.trim()}" is not 1 or 0`);
  }
  if ("vat" in row) {
    const raw = (row.vat ?? "").trim().replace(/%$/, "").trim();
    const rate = raw === "" ? 21 : /^\d{1,2}$/.test(raw) ? Number(raw) : NaN;
    if (!VAT_RATES.has(rate)) return fail(`VAT "${row.vat?.trim()}" is not 21, 9 or 0`);
    change.vatRate = rate;
  }
  if ("images" in row) {
    const urls = (row.images ?? "")
      .split(";")
      .map((u) => u.trim())
      .filter(Boolean);
    const bad = urls.find((u) => !/^https?:\/\/[^\s"'<>]+$/i.test(u) || u.length > 2000);
    if (bad) return fail(`PosImages: "${bad.slice(0, 80)}" is not a web address`);
    change.images = urls;
  }
  if ("tags" in row) {
    const tags = [
      ...new Set(
        (row.tags ?? "")
          .split(/[;,|]/)
          .map((t) => t.replace(CONTROL, "").trim().toLowerCase())
          .filter(Boolean),
      ),
    ].sort();
    if (tags.some((t) => t.length > 50)) return fail("Tags: a tag is longer than 50 characters");
    change.tags = tags;
  }
  return { ok: true, value: change };
}

/** One stock row checked: ArtQuantity a whole number ≥ 0, or empty for "unknown". */
export function checkStockRow(row: Partial<Record<FeedField, string>>): Checked<StockChange> {
  const rawArtNo = row.artNo?.trim() || null;
  const artNo = parseArtNo(row.artNo);
  if (artNo === null)
    return {
      ok: false,
      artNo: rawArtNo,
      reason: rawArtNo ? `ArtNo "${rawArtNo}" is not a positive whole number` : "ArtNo is empty",
    };
  const raw = (row.quantity ?? "").trim();
  let quantity: number | null = null;
  if (raw !== "") {
    // "12", and "12,0" / "12.00" as some exports write whole numbers.
    const match = /^(\d{1,9})(?:[.,]0+)?$/.exec(raw);
    if (!match)
      return { ok: false, artNo: rawArtNo, reason: `ArtQuantity "${raw}" is not a whole number of 0 or more` };
    quantity = Number(match[1]);
  }
  const change: StockChange = { artNo, quantity };
  if ("status" in row) {
    const status = text(row.status, 50);
    if (status && typeof status === "object") return { ok: false, artNo: rawArtNo, reason: "Status is too long" };
    change.status = status;
  }
  return { ok: true, value: change };
}
