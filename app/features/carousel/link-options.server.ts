import { and, asc, eq, ilike, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "~/db/client.server";
import { productCategories, products } from "~/db/schema";
import { searchSuggestions } from "~/features/search/index.server";
import {
  categoryLink,
  FIXED_PAGES,
  matchingPages,
  parseSlideLink,
  productLink,
  SLIDE_LINK_MESSAGE,
  type SlideLinkOption,
} from "./slide-link";

const MAX_CATEGORIES = 6;
const parent = alias(productCategories, "parent");

/** "Kettingen (Fietsonderdelen)": a category with the one above it, as names repeat across the tree. */
const categoryLabel = (name: string, parentName: string | null) => (parentName ? `${name} (${parentName})` : name);
const productLabel = (description: string | null, brand: string | null, artNo: number) =>
  `${description ?? `Artikel ${artNo}`}${brand ? ` – ${brand}` : ""} (${artNo})`;

/** `%` and `_` typed by the admin are letters, not wildcards. */
const likeTerm = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The link field's suggestions for what the admin typed: the fixed pages whose name matches, up to
 * six categories by name, and up to six listed products (the shop's own search: name, or an
 * article number typed in full).
 */
export async function searchSlideLinks(db: Db, rawTerm: string): Promise<SlideLinkOption[]> {
  const term = rawTerm.trim().slice(0, 100);
  const options: SlideLinkOption[] = matchingPages(term);
  if (term.length < 2) return options;
  const categories = await db
    .select({ id: productCategories.id, name: productCategories.name, parentName: parent.name })
    .from(productCategories)
    .leftJoin(parent, eq(parent.id, productCategories.parentId))
    .where(ilike(productCategories.name, likeTerm(term)))
    .orderBy(asc(productCategories.level), asc(productCategories.name), asc(productCategories.id))
    .limit(MAX_CATEGORIES);
  for (const c of categories) {
    options.push({ link: categoryLink(c.id), label: categoryLabel(c.name, c.parentName), kind: "category" });
  }
  const found = await searchSuggestions(db, term);
  if (/^[1-9]\d{0,9}$/.test(term) && Number(term) <= 2_147_483_647) {
    const [byNumber] = await db
      .select({ artNo: products.artNo, description: products.shortDescription, brand: products.brand })
      .from(products)
      .where(and(eq(products.artNo, Number(term)), eq(products.isListed, true)))
      .limit(1);
    if (byNumber && !found.some((p) => p.artNo === byNumber.artNo)) {
      options.push({
        link: productLink(byNumber.artNo),
        label: productLabel(byNumber.description, byNumber.brand, byNumber.artNo),
        kind: "product",
      });
    }
  }
  for (const p of found) {
    options.push({
      link: productLink(p.artNo),
      label: productLabel(p.shortDescription, p.brand, p.artNo),
      kind: "product",
    });
  }
  return options;
}

/**
 * Whether `link` may be stored: one of the three forms (parseSlideLink), and its category exists or
 * its product is for sale (a link to a product nobody can buy would be a dead end on the home page).
 */
export async function checkSlideLink(db: Db, link: string): Promise<{ ok: true } | { ok: false; message: string }> {
  const target = parseSlideLink(link);
  if (!target) return { ok: false, message: SLIDE_LINK_MESSAGE };
  if (target.kind === "category") {
    const [row] = await db
      .select({ id: productCategories.id })
      .from(productCategories)
      .where(eq(productCategories.id, target.id))
      .limit(1);
    if (!row) return { ok: false, message: "Deze categorie bestaat niet (meer)" };
  }
  if (target.kind === "product") {
    const [row] = await db
      .select({ artNo: products.artNo })
      .from(products)
      .where(and(eq(products.artNo, target.artNo), eq(products.isListed, true)))
      .limit(1);
    if (!row) return { ok: false, message: "Dit product bestaat niet of is niet te koop" };
  }
  return { ok: true };
}

/**
 * What the admin reads for each stored link: the page's, category's or product's name. A link
 * whose category or product is gone reads as its path.
 */
export async function describeSlideLinks(db: Db, links: (string | null)[]): Promise<Record<string, SlideLinkOption>> {
  const labels: Record<string, SlideLinkOption> = {};
  const categoryIds: number[] = [];
  const artNos: number[] = [];
  for (const link of links) {
    if (!link) continue;
    const target = parseSlideLink(link);
    if (!target) labels[link] = { link, label: link, kind: "page" };
    else if (target.kind === "page") {
      labels[link] = { link, label: FIXED_PAGES.find((p) => p.link === link)!.label, kind: "page" };
    } else if (target.kind === "category") categoryIds.push(target.id);
    else artNos.push(target.artNo);
  }
  if (categoryIds.length) {
    const rows = await db
      .select({ id: productCategories.id, name: productCategories.name, parentName: parent.name })
      .from(productCategories)
      .leftJoin(parent, eq(parent.id, productCategories.parentId))
      .where(inArray(productCategories.id, categoryIds));
    for (const c of rows) {
      labels[categoryLink(c.id)] = {
        link: categoryLink(c.id),
        label: categoryLabel(c.name, c.parentName),
        kind: "category",
      };
    }
  }
  if (artNos.length) {
    const rows = await db
      .select({ artNo: products.artNo, description: products.shortDescription, brand: products.brand })
      .from(products)
      .where(inArray(products.artNo, artNos));
    for (const p of rows) {
      labels[productLink(p.artNo)] = {
        link: productLink(p.artNo),
        label: productLabel(p.description, p.brand, p.artNo),
        kind: "product",
      };
    }
  }
  for (const link of links) if (link && !labels[link]) labels[link] = { link, label: link, kind: "page" };
  return labels;
}
