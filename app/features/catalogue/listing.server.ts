import { sql, type SQL } from "drizzle-orm";
import { intArrayLiteral } from "~/db/array-literal.server";
import type { Db } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { exactOnly, hasCorrections, type SearchQuery } from "~/features/search";
import {
  compileSearch,
  isArtNoQuery,
  foldedColumns,
  matchesExactly,
  matchesQuery,
  mayBeWholeWords,
  relevanceColumns,
  wholeWordsInName,
} from "~/features/search/index.server";
import { EXACT_COUNT_LIMIT, EXACT_SEARCH_LIMIT, FACET_COUNT_CAP, TOTAL_COUNT_CAP } from "./facet-caps";
import { categorySize, largeAggregate, type CategorySize, type LargeFacet } from "./large-listing.server";
import { largeSearchAggregate } from "./large-search.server";
import { countListedProducts } from "./listed-counts.server";
import { PAGE_SIZE, parsePriceRange, type SortKey } from "./listing-params";
import { totalPagesOf } from "./pagination";
import type {
  ActiveFilter,
  Facet,
  FacetValue,
  FilterTypeConfig,
  ListingQuery,
  ListingResult,
  PriceBounds,
  TagFacet,
} from "./listing-types";
import { summaryFromRow, type ProductSummary, type ProductSummaryRow } from "./product-summary";
import {
  categoriesWithMatches,
  categoryPriceWalk,
  containsPattern,
  priceBlockWalk,
  priceScan,
  scopeBlockWalk,
  termMatches,
  termWalk,
  type PriceOrdered,
} from "~/features/search/index.server";

export type * from "./listing-types";

export const DEFAULT_PRICE_BOUNDS: PriceBounds = { min: 0, max: 1000 };
const MAX_FACET_VALUES = 60;

/** Filter type names (spec 1 §2.4) → the product column they filter on. */
const COLUMN_OF: Record<string, SQL> = {
  brand: sql.raw("b.brand"),
  color: sql.raw("b.colour"),
  colour: sql.raw("b.colour"),
  material: sql.raw("b.material"),
  size: sql.raw("b.size"),
  type: sql.raw("b.type"),
};
const PRICE_RANGE = "price_range";
/** Used when neither the category nor any ancestor configures filters. */
const FALLBACK_FILTERS = ["brand", PRICE_RANGE];

function list(values: readonly (string | number)[]): SQL {
  return sql`(${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;
}

/**
 * The filter types of a category: its own active category_filters, else those of the nearest
 * ancestor that has some (subcategories usually inherit the parent's), else brand and price.
 * One round trip.
 */
export async function getFilterTypes(db: Db, categoryId: number | null): Promise<FilterTypeConfig[]> {
  if (categoryId != null) {
    const rows = rowsOf<{ id: number; name: string; display_name: string; filter_type: string; depth: number }>(
      await db.execute(sql`
        WITH RECURSIVE up AS (
          SELECT id, parent_id, 0 AS depth FROM product_categories WHERE id = ${categoryId}
          UNION ALL
          SELECT c.id, c.parent_id, up.depth + 1 FROM product_categories c JOIN up ON c.id = up.parent_id
          WHERE up.depth < 12
        )
        SELECT ft.id, ft.name, ft.display_name, ft.filter_type, up.depth
        FROM up
        JOIN category_filters cf ON cf.category_id = up.id AND cf.is_active
        JOIN filter_types ft ON ft.id = cf.filter_type_id
        ORDER BY up.depth, cf.display_order, ft.id`),
    );
    if (rows.length) {
      const nearest = Number(rows[0]!.depth);
      const seen = new Set<number>();
      return rows
        .filter((r) => Number(r.depth) === nearest && !seen.has(Number(r.id)) && seen.add(Number(r.id)))
        .map(toConfig)
        .filter(isSupported);
    }
  }
  const rows = rowsOf<{ id: number; name: string; display_name: string; filter_type: string }>(
    await db.execute(
      sql`SELECT id, name, display_name, filter_type FROM filter_types WHERE name IN ${list(FALLBACK_FILTERS)} ORDER BY id`,
    ),
  );
  return rows.map(toConfig).filter(isSupported);
}

function toConfig(r: { id: number; name: string; display_name: string; filter_type: string }): FilterTypeConfig {
  return {
    id: Number(r.id),
    name: r.name,
    displayName: r.display_name,
    kind: r.filter_type === "multi-select" ? "multi-select" : "select",
  };
}

function isSupported(f: FilterTypeConfig): boolean {
  return f.name === PRICE_RANGE || f.name in COLUMN_OF;
}

type Condition = { key: string; sql: SQL };
type AggregateRow = { t: number; v: string | null; n: number | null; lo: number | null; hi: number | null };

/** The active filters as SQL over the `b` (base) alias; unknown filter ids and bad values are ignored. */
function conditionsOf(query: ListingQuery): {
  conditions: Condition[];
  active: ActiveFilter[];
  price: ListingResult["priceFilter"];
} {
  const conditions: Condition[] = [];
  const active: ActiveFilter[] = [];
  let price: ListingResult["priceFilter"] = null;
  for (const type of query.filterTypes) {
    const raw = query.filters[type.id];
    if (!raw?.length) continue;
    if (type.name === PRICE_RANGE) {
      const range = parsePriceRange(raw[0]);
      if (!range) continue;
      price = { ...range, filterTypeId: type.id };
      conditions.push({
        key: String(type.id),
        sql: sql`b.effective_price_cents BETWEEN ${range.min * 100} AND ${range.max * 100}`,
      });
      active.push({
        filterTypeId: type.id,
        displayName: type.displayName,
        value: raw[0]!,
        label: `€ ${range.min} - € ${range.max}`,
      });
      continue;
    }
    const values = type.kind === "select" ? raw.slice(0, 1) : raw;
    conditions.push({ key: String(type.id), sql: sql`${COLUMN_OF[type.name]!} IN ${list(values)}` });
    for (const value of values)
      active.push({ filterTypeId: type.id, displayName: type.displayName, value, label: value });
  }
  if (query.tags?.length) {
    conditions.push({
      key: "tags",
      sql: sql`EXISTS (SELECT 1 FROM product_tags t WHERE t.art_no = b.art_no AND t.tag IN ${list(query.tags)})`,
    });
  }
  return { conditions, active, price };
}

function whereAll(conditions: Condition[], exceptKey?: string): SQL {
  const parts = conditions.filter((c) => c.key !== exceptKey).map((c) => c.sql);
  return parts.length ? sql.join(parts, sql` AND `) : sql`TRUE`;
}

/**
 * A listing query as the server runs it: a search whose matches are few has them found already
 * (ArtNos, through search_blocks) and lists just those.
 */
type Scoped = ListingQuery & { matched?: number[]; search?: SearchQuery };

/** The category condition over `b`, or null for the whole shop. */
function categoryScope(query: ListingQuery): SQL | null {
  if (!query.categoryIds) return null;
  return query.categoryIds.length ? sql`b.category_id IN ${list(query.categoryIds)}` : sql`FALSE`;
}

/** An int[] parameter: one parameter whatever the length. */
function intArray(ids: number[]): SQL {
  return sql`${intArrayLiteral(ids)}::int[]`;
}

/** Listed products of the categories, matching the search term; the FROM of every listing query. */
function baseFrom(query: Scoped): SQL {
  const parts: SQL[] = [sql`b.is_listed`];
  const scope = categoryScope(query);
  if (scope) parts.push(scope);
  if (query.matched) {
    parts.push(sql`b.art_no = ANY(${intArray(query.matched)})`);
  } else if (query.search && !isArtNoQuery(query.search)) {
    parts.push(sql`b.art_no IN (
      SELECT r.art_no FROM (SELECT s.art_no, s.is_listed, ${foldedColumns(sql`s.sort_key`, sql`s.brand`)} FROM product_search s) r
      WHERE r.is_listed AND ${matchesQuery(sql`r`, query.search, true)}
    )`);
  } else if (query.q) {
    const pattern = containsPattern(query.q);
    // Separately indexable lookups instead of one OR, so both trigram indexes of the narrow
    // product_search (description, brand) are used. An ArtNo is digits only: a term with anything
    // else cannot match one, and skipping that lookup spares a walk over every listed ArtNo.
    const byArtNo = /^\d+$/.test(query.q)
      ? sql`UNION SELECT art_no FROM products WHERE is_listed AND art_no::text LIKE ${pattern} ESCAPE '\\'`
      : sql``;
    parts.push(sql`b.art_no IN (
      SELECT art_no FROM product_search WHERE is_listed AND sort_key LIKE ${pattern} ESCAPE '\\'
      UNION SELECT art_no FROM product_search WHERE is_listed AND lower(brand) LIKE ${pattern} ESCAPE '\\'
      ${byArtNo}
    )`);
  }
  return sql.join(parts, sql` AND `);
}

/** An order starts with what can be bought first: the default, or "op voorraad eerst" (stockFirst). */
function startsInStock(query: ListingQuery): boolean {
  return query.sort === "default" || (query.stockFirst ?? false);
}

/**
 * A text search in the default order lists the most relevant first (issue 30): exact before
 * corrected, whole word before word start before inside a word, name before brand, then in stock
 * first and the name (relevanceColumns).
 */
function byRelevance(query: Scoped): query is Scoped & { search: SearchQuery } {
  return query.sort === "default" && !!query.search && !isArtNoQuery(query.search) && !query.tags?.length;
}

/**
 * The ORDER BY of a listing over the alias `b`: `inStock` is the stock flag when the order starts
 * with it (else null), `name` the name key (lower(short_description), stored in listing_stock_order
 * as sort_key). `reversed` turns every key's direction: the same order read from its end.
 */
function orderBy(sort: SortKey, inStock: SQL | null, name: SQL, reversed = false): SQL {
  const [asc, desc] = reversed ? [sql.raw("DESC"), sql.raw("ASC")] : [sql.raw("ASC"), sql.raw("DESC")];
  let keys: SQL;
  switch (sort) {
    case "price-asc":
      keys = sql`b.effective_price_cents ${asc}, ${name} ${asc}, b.art_no ${asc}`;
      break;
    case "price-desc":
      // The exact reverse of price-asc, so one index serves both (products_listed_category_cover_idx).
      keys = sql`b.effective_price_cents ${desc}, ${name} ${desc}, b.art_no ${desc}`;
      break;
    case "name-desc":
      keys = sql`${name} ${desc}, b.art_no ${desc}`;
      break;
    default:
      // name-asc, and the default: what can be bought first, then alphabetical. ArtNo makes the
      // order total.
      keys = sql`${name} ${asc}, b.art_no ${asc}`;
  }
  return inStock ? sql`${inStock} ${desc}, ${keys}` : keys;
}

/** What a product tile shows, over `b` (products) and `s` (stock). */
const SUMMARY_COLUMNS = sql`b.art_no, b.brand, b.short_description, b.consumer_price_cents, b.discounted_price_cents,
  b.effective_price_cents, b.reference_price_cents, b.images[1] AS image, b.vat_rate, s.quantity`;

async function productPage(
  db: Db,
  query: Scoped,
  conditions: Condition[],
  page: number,
  after?: number | null,
  listed?: () => Promise<number | null>,
): Promise<ProductSummary[]> {
  // The relevance order has no keys one row comparison can read on from; its pages are OFFSETs over
  // at most EXACT_SEARCH_LIMIT matches.
  if (after != null && page > 1 && !byRelevance(query)) {
    const onFrom = await pickedPage(db, query, conditions, keysetPick(query, conditions, after));
    // Nothing follows the product (it left the listing, or the link is stale): count from the start.
    if (onFrom.length) return onFrom;
  }
  const pageSize = query.pageSize ?? PAGE_SIZE;
  const skip = (page - 1) * pageSize;
  const total = skip >= FROM_END_MIN_SKIP && listed ? await listed() : null;
  if (total != null && skip > total / 2 && skip < total) {
    // In the second half the page is nearer the end: the same order read backwards skips fewer rows.
    const rows = Math.min(pageSize, total - skip);
    return pickedPage(
      db,
      query,
      conditions,
      sql`${offsetPick(query, conditions, true)} LIMIT ${rows} OFFSET ${total - skip - rows}`,
    );
  }
  return pickedPage(db, query, conditions, sql`${offsetPick(query, conditions)} LIMIT ${pageSize} OFFSET ${skip}`);
}

/**
 * A page's rows in two steps: pick its ArtNos from a narrow covering index (filters and sort keys are
 * all in it: an index-only scan), then read the wide table rows of just those 20. An order that
 * starts with the stock flag picks from listing_stock_order, which holds the flag (kept from stock by
 * triggers) and every column the filters and baseFrom test, under the same names; the other orders
 * pick from the covering indexes of products. `picked` yields art_no (and in_stock for the former).
 */
async function pickedPage(db: Db, query: Scoped, conditions: Condition[], picked: SQL): Promise<ProductSummary[]> {
  if (byRelevance(query)) {
    const rows = rowsOf<ProductSummaryRow>(
      await db.execute(sql`
        SELECT ${SUMMARY_COLUMNS}
        FROM (${picked}) page
        JOIN products b ON b.art_no = page.art_no
        LEFT JOIN stock s ON s.art_no = b.art_no
        ORDER BY page.typos, page.place, page.in_stock DESC, page.sort_key, b.art_no`),
    );
    return rows.map(summaryFromRow);
  }
  const inStock = startsInStock(query);
  const rows = rowsOf<ProductSummaryRow>(
    await db.execute(sql`
      SELECT ${SUMMARY_COLUMNS}
      FROM (${picked}) page
      JOIN products b ON b.art_no = page.art_no
      LEFT JOIN stock s ON s.art_no = b.art_no
      ORDER BY ${orderBy(query.sort, inStock ? sql`page.in_stock` : null, sql`lower(b.short_description)`)}`),
  );
  return rows.map(summaryFromRow);
}

/** Every listed row of the listing in its order (or from its end), for a LIMIT/OFFSET page. */
function offsetPick(query: Scoped, conditions: Condition[], reversed = false): SQL {
  if (byRelevance(query)) {
    // At most EXACT_SEARCH_LIMIT matches come here (a larger search walks relevance tiers instead).
    return sql`SELECT * FROM (
        SELECT f.art_no, f.in_stock, f.sort_key, ${relevanceColumns(sql`f`, query.search, true)} FROM (
          SELECT b.art_no, b.in_stock, b.sort_key, ${foldedColumns(sql`b.sort_key`, sql`b.brand`)}
          FROM listing_stock_order b
          WHERE ${baseFrom(query)} AND ${whereAll(conditions)}
          OFFSET 0
        ) f
      ) ranked
      ORDER BY typos, place, in_stock DESC, sort_key, art_no`;
  }
  return startsInStock(query)
    ? sql`SELECT b.art_no, b.in_stock FROM listing_stock_order b
        WHERE ${baseFrom(query)} AND ${whereAll(conditions)}
        ORDER BY ${orderBy(query.sort, sql`b.in_stock`, sql`b.sort_key`, reversed)}`
    : sql`SELECT b.art_no FROM products b
        WHERE ${baseFrom(query)} AND ${whereAll(conditions)}
        ORDER BY ${orderBy(query.sort, null, sql`lower(b.short_description)`, reversed)}`;
}

/**
 * The rows after `b`'s sort keys pass the anchor `a`'s, in the order's direction: a row comparison,
 * which the order's index reads as the start of a range (ADR 0007, keyset paging).
 */
function afterAnchor(sort: SortKey, name: SQL, anchorName: SQL): SQL {
  switch (sort) {
    case "price-asc":
      return sql`(b.effective_price_cents, ${name}, b.art_no) > (a.effective_price_cents, ${anchorName}, a.art_no)`;
    case "price-desc":
      return sql`(b.effective_price_cents, ${name}, b.art_no) < (a.effective_price_cents, ${anchorName}, a.art_no)`;
    case "name-desc":
      return sql`(${name}, b.art_no) < (${anchorName}, a.art_no)`;
    default:
      return sql`(${name}, b.art_no) > (${anchorName}, a.art_no)`;
  }
}

/**
 * The page after product `after` (the last one of the page before, from the "Volgende" link): the
 * next rows of the order after that product's sort keys, read as an index range instead of an
 * OFFSET that walks every row before the page. An order that starts with the stock flag mixes
 * directions (flag descending, name ascending), which one row comparison cannot say: the rows with
 * the anchor's flag after its keys, then, if the anchor is in stock, the products out of stock from
 * the start; each branch an ordered range of the index, the page the first rows of both.
 */
function keysetPick(query: Scoped, conditions: Condition[], after: number): SQL {
  const pageSize = query.pageSize ?? PAGE_SIZE;
  const where = sql`${baseFrom(query)} AND ${whereAll(conditions)}`;
  if (!startsInStock(query)) {
    const name = sql`lower(b.short_description)`;
    return sql`
      SELECT k.art_no FROM (SELECT * FROM products WHERE art_no = ${after}) a
      CROSS JOIN LATERAL (
        SELECT b.art_no FROM products b
        WHERE ${where} AND ${afterAnchor(query.sort, name, sql`lower(a.short_description)`)}
        ORDER BY ${orderBy(query.sort, null, name)} LIMIT ${pageSize}
      ) k`;
  }
  const keys = orderBy(query.sort, null, sql`b.sort_key`);
  return sql`
    SELECT b.art_no, b.in_stock FROM (SELECT * FROM listing_stock_order WHERE art_no = ${after}) a
    CROSS JOIN LATERAL (
      (SELECT b.art_no, b.in_stock, b.sort_key, b.effective_price_cents FROM listing_stock_order b
       WHERE ${where} AND b.in_stock = a.in_stock AND ${afterAnchor(query.sort, sql`b.sort_key`, sql`a.sort_key`)}
       ORDER BY ${keys} LIMIT ${pageSize})
      UNION ALL
      (SELECT b.art_no, b.in_stock, b.sort_key, b.effective_price_cents FROM listing_stock_order b
       WHERE ${where} AND a.in_stock AND NOT b.in_stock
       ORDER BY ${keys} LIMIT ${pageSize})
    ) b
    ORDER BY ${orderBy(query.sort, sql`b.in_stock`, sql`b.sort_key`)} LIMIT ${pageSize}`;
}

/**
 * The exact aggregate: one query that yields the total, the price bounds and every facet (UNION ALL
 * over one base set).
 */
function exactAggregate(
  query: Scoped,
  conditions: Condition[],
  priceType: FilterTypeConfig | undefined,
  valueTypes: FilterTypeConfig[],
): SQL {
  const selects: SQL[] = [
    sql`SELECT -1 AS t, NULL::text AS v, count(*)::int AS n, NULL::int AS lo, NULL::int AS hi FROM base b WHERE ${whereAll(conditions)}`,
    sql`SELECT -2, NULL, 0, min(b.effective_price_cents)::int, max(b.effective_price_cents)::int FROM base b
        WHERE ${whereAll(conditions, priceType ? String(priceType.id) : undefined)}`,
  ];
  for (const type of valueTypes) {
    const column = COLUMN_OF[type.name]!;
    const id = sql.raw(String(Math.trunc(type.id)));
    selects.push(sql`SELECT * FROM (SELECT ${id} AS t, ${column} AS v, count(*)::int AS n, NULL::int AS lo, NULL::int AS hi FROM base b
      WHERE ${whereAll(conditions, String(type.id))} AND coalesce(${column}, '') <> ''
      GROUP BY ${column} ORDER BY count(*) DESC, ${column} LIMIT ${MAX_FACET_VALUES}) f${sql.raw(String(type.id))}`);
  }
  if (query.withTagFacet) {
    selects.push(sql`SELECT -3, t.tag, count(*)::int, NULL::int, NULL::int FROM base b
      JOIN product_tags t ON t.art_no = b.art_no WHERE ${whereAll(conditions, "tags")} GROUP BY t.tag`);
  }
  // A category's base rows come from the covering index; each branch reading it again, with its own
  // filters pushed into that index-only scan, is cheaper than materialising them once (bench
  // category: 4.2 ms instead of 6.6 ms). A text search's base is costly to find: computed once.
  const materialized = query.q && !query.matched ? sql`MATERIALIZED` : sql`NOT MATERIALIZED`;
  return sql`
    WITH base AS ${materialized} (
      SELECT b.art_no, b.brand, b.colour, b.material, b.size, b.type, b.effective_price_cents
      FROM products b WHERE ${baseFrom(query)}
    )
    ${sql.join(selects, sql` UNION ALL `)}`;
}

/**
 * A page this deep (rows skipped) in the second half of a category without filters is read from the
 * end of its order: the last page of a 57 662-product category then skips a few rows instead of all
 * the others (issue 14). Below it, the OFFSET is cheap and the count's round trip not worth it.
 */
const FROM_END_MIN_SKIP = 2_000;

/** What one listing view runs: its aggregate (total, price bounds, facets) and a page of products. */
type Plan = {
  /** `capped`: counts stopped at a cap (a huge category with filters, a search with many matches). */
  aggregate: () => Promise<{ rows: AggregateRow[]; capped: boolean }>;
  /** `after`: the last product of the page before, when the link says (keyset paging). */
  page: (page: number, after?: number | null) => Promise<ProductSummary[]>;
};

type PlanInput = {
  query: Scoped;
  conditions: Condition[];
  priceType: FilterTypeConfig | undefined;
  valueTypes: FilterTypeConfig[];
  totalCap: number;
};

/** Each facet's SQL pieces for the capped aggregates (they leave the filter columns to this module). */
function largeFacets({ conditions, valueTypes }: PlanInput): LargeFacet[] {
  return valueTypes.map((type) => {
    const others = conditions.filter((c) => c.key !== String(type.id));
    return {
      id: type.id,
      column: COLUMN_OF[type.name]!,
      others: others.length ? whereAll(others) : null,
      ownActive: others.length < conditions.length,
    };
  });
}

function priceConditionsOf({ conditions, priceType }: PlanInput): SQL {
  return whereAll(conditions, priceType ? String(priceType.id) : undefined);
}

/**
 * A category listing, or a search that the blocks cannot walk: counted exactly, except one huge
 * leaf category (the category page), whose counts are read from kept summaries or capped
 * (large-listing.server.ts).
 */
function listingPlan(db: Db, input: PlanInput): Plan {
  const { query, conditions, priceType, valueTypes } = input;
  const single =
    !query.q && !query.matched && !query.withTagFacet && query.categoryIds?.length === 1 ? query.categoryIds[0]! : null;
  // Read once for the page and the aggregate, whichever asks first.
  let sizeRead: Promise<CategorySize> | undefined;
  const sizeOf = (categoryId: number) => (sizeRead ??= categorySize(db, categoryId));
  // One category without filters: its listed products are counted by triggers (the exact total),
  // so a deep page can be read from the end of the order.
  const listed = single != null && !conditions.length ? async () => (await sizeOf(single)).listed : undefined;
  return {
    page: (page, after) => productPage(db, query, conditions, page, after, listed),
    aggregate: async () => {
      const size = single == null ? null : await sizeOf(single);
      if (single == null || !size || size.listed <= EXACT_COUNT_LIMIT) {
        const exact = await db.execute(exactAggregate(query, conditions, priceType, valueTypes));
        return { rows: rowsOf<AggregateRow>(exact), capped: false };
      }
      const statement = largeAggregate({
        categoryId: single,
        listed: size.listed,
        cachedTypes: size.cachedTypes,
        base: baseFrom(query),
        conditions: conditions.length ? whereAll(conditions) : null,
        priceConditions: priceConditionsOf(input),
        facets: largeFacets(input),
        totalCap: input.totalCap,
        maxValues: MAX_FACET_VALUES,
      });
      return { rows: rowsOf<AggregateRow>(await db.execute(statement)), capped: conditions.length > 0 };
    },
  };
}

/**
 * A text search the blocks can walk (search-walk.server.ts): the term has letters (an ArtNo is
 * matched on digits, which the blocks do not hold) and no tag is involved.
 */
function walkable(query: Scoped): query is Scoped & { search: SearchQuery } {
  return !!query.search?.words.length && !isArtNoQuery(query.search) && !query.tags?.length && !query.withTagFacet;
}

/**
 * How many of a term's first matches a search in categories looks at to tell whether the categories
 * hold many of them. Each costs a look-up of its listing row, so this stays small.
 */
const SCOPE_PROBE = 5_000;

/**
 * A text search. Its first EXACT_SEARCH_LIMIT + 1 matches are walked first: a search with at most
 * that many is listed from their ArtNos and counted exactly; a larger one reads its page by walking
 * the matches in the page's order and caps its counts (large-search.server.ts).
 * In categories, the first matches are found through the category blocks (scopeBlockWalk), which
 * read only those categories' blocks. When they hold more than EXACT_SEARCH_LIMIT, the walk in the
 * page's order would look each match's category up, which costs every match the categories do not
 * hold ("band" in the chains: 6.8 s at a million products). So it looks at the term's first
 * SCOPE_PROBE matches: when the categories hold more than EXACT_SEARCH_LIMIT of them, the walk is
 * cheap (a fifth or more of the matches are theirs); else the search takes the trigram indexes.
 */
async function searchPlan(db: Db, input: PlanInput & { query: { search: SearchQuery } }): Promise<Plan> {
  const scope = categoryScope(input.query);
  const search = input.query.search;
  const exactly = (artNos: number[]) => listingPlan(db, { ...input, query: { ...input.query, matched: artNos } });
  if (scope) {
    const inBlocks = rowsOf<{ art_no: number }>(
      await db.execute(
        scopeBlockWalk({ query: search, categoryIds: input.query.categoryIds ?? [], limit: EXACT_SEARCH_LIMIT + 1 }),
      ),
    );
    if (inBlocks.length <= EXACT_SEARCH_LIMIT) return exactly(inBlocks.map((r) => Number(r.art_no)));
    const probed = rowsOf<{ in_scope: boolean }>(
      await db.execute(
        sql`
        SELECT b.art_no IS NOT NULL AS in_scope
        FROM (${await termMatches(db, { query: search, withBrand: true, limit: SCOPE_PROBE })}) w
        LEFT JOIN listing_stock_order b ON b.art_no = w.art_no AND b.is_listed AND ${scope}`,
      ),
    );
    if (probed.filter((r) => r.in_scope).length <= EXACT_SEARCH_LIMIT) return listingPlan(db, input);
  } else {
    const first = rowsOf<{ art_no: number }>(
      await db.execute(await termMatches(db, { query: search, withBrand: true, limit: EXACT_SEARCH_LIMIT + 1 })),
    );
    if (first.length <= EXACT_SEARCH_LIMIT) return exactly(first.map((r) => Number(r.art_no)));
  }
  const parts = [scope, ...input.conditions.map((c) => c.sql)].filter((part): part is SQL => part != null);
  const filtered = parts.length ? sql.join(parts, sql` AND `) : null;
  return {
    page: (page) => largeSearchPage(db, input, filtered, page),
    aggregate: async () => {
      const statement = largeSearchAggregate({
        query: search,
        categoryIds: input.query.categoryIds,
        filtered,
        priceConditions: priceConditionsOf(input),
        facets: largeFacets(input),
        totalCap: input.totalCap,
        maxValues: MAX_FACET_VALUES,
      });
      return { rows: rowsOf<AggregateRow>(await db.execute(statement)), capped: true };
    },
  };
}

/**
 * A page of a search with many matches: the matches are walked in the page's order, and the walk
 * stops at the page. The name orders walk them through the search blocks in description order
 * (backwards for Z–A: termWalk); an order that starts with what is in stock walks the matches in
 * stock first, and only past their end the rest. The price orders walk the price index (below).
 */
async function largeSearchPage(
  db: Db,
  input: PlanInput & { query: { search: SearchQuery } },
  filtered: SQL | null,
  page: number,
): Promise<ProductSummary[]> {
  const { query } = input;
  if (query.sort === "price-asc" || query.sort === "price-desc") {
    return largeSearchPricePage(db, input, filtered, page);
  }
  const pageSize = query.pageSize ?? PAGE_SIZE;
  const skip = (page - 1) * pageSize;
  const walk = (listing: SQL | null, limit: number, offset: number, also?: SQL, search = query.search) =>
    db
      .execute(
        termWalk({
          query: search,
          withBrand: true,
          descending: query.sort === "name-desc",
          listing: listing ?? undefined,
          also,
          limit,
          offset,
        }),
      )
      .then((result) => rowsOf<{ art_no: number }>(result).map((r) => Number(r.art_no)));
  let artNos: number[];
  if (byRelevance(query)) {
    const tiers = relevanceTiers(query.search, filtered, await mayBeWholeWords(db, query.search));
    artNos = await tieredPage(tiers, skip, pageSize, (tier, limit) =>
      walk(tier.listing, limit, 0, tier.also, tier.search),
    );
  } else if (!startsInStock(query)) {
    artNos = await walk(filtered, pageSize, skip);
  } else {
    const also = filtered ? sql` AND ${filtered}` : sql``;
    const inStock = await walk(sql`b.in_stock${also}`, skip + pageSize, 0);
    artNos = inStock.slice(skip);
    if (inStock.length < skip + pageSize) {
      const rest = await walk(sql`NOT b.in_stock${also}`, pageSize - artNos.length, Math.max(0, skip - inStock.length));
      artNos = artNos.concat(rest);
    }
  }
  return summariesInOrder(db, artNos);
}

/**
 * One tier of a large search's relevance order: a condition on the match (`r`) and on its listing row
 * (`b`), and the query its walk looks for. The exact tiers look for the words without their
 * corrections: a typo's walk then reads only the blocks that can hold the word as typed (often none),
 * not every block of the corrected word's matches to find no exact one among them.
 */
type RelevanceTier = { also: SQL; listing: SQL; search: SearchQuery };

/**
 * The relevance order of a search with more than EXACT_SEARCH_LIMIT matches, as tiers each walked
 * in name order (ranking every match of "shimano", 73 668 at a million products, costs what counting
 * them did: 0.6–1 s): every word exact and a whole word of the name; exact otherwise; corrected.
 * Each in stock first. Within a tier the name decides, where the exact ranking (≤ 1 000 matches)
 * also tells word start from inside a word and name from brand (docs/decisions/0043).
 * `wholeWords` false (mayBeWholeWords: no name can hold every word whole) makes the first two tiers
 * one: the exact matches, none of which is whole, without a walk through all of them to find none.
 * It still holds a whole-word match the vocabulary did not know yet, in name order.
 */
export function relevanceTiers(search: SearchQuery, filtered: SQL | null, wholeWords: boolean): RelevanceTier[] {
  const also = filtered ? sql` AND ${filtered}` : sql``;
  const exact = matchesExactly(sql`r`, search, true);
  const whole = wholeWordsInName(sql`r`, search);
  const exactWords = exactOnly(search);
  const kinds = wholeWords
    ? [
        { also: sql`${exact} AND ${whole}`, search: exactWords },
        { also: sql`${exact} AND NOT (${whole})`, search: exactWords },
      ]
    : [{ also: exact, search: exactWords }];
  if (hasCorrections(search)) kinds.push({ also: sql`NOT (${exact})`, search });
  return kinds.flatMap((kind) => [
    { ...kind, listing: sql`b.in_stock${also}` },
    { ...kind, listing: sql`NOT b.in_stock${also}` },
  ]);
}

/**
 * A page of rows read tier after tier: each tier walked from its start up to what the page still
 * needs past the rows skipped so far, so the cost follows the page's depth, not the matches.
 */
export async function tieredPage<T>(
  tiers: readonly T[],
  skip: number,
  pageSize: number,
  walk: (tier: T, limit: number) => Promise<number[]>,
): Promise<number[]> {
  const page: number[] = [];
  let toSkip = skip;
  for (const tier of tiers) {
    const need = pageSize - page.length;
    if (need <= 0) break;
    const rows = await walk(tier, toSkip + need);
    if (rows.length <= toSkip) {
      toSkip -= rows.length;
      continue;
    }
    page.push(...rows.slice(toSkip, toSkip + need));
    toSkip = 0;
  }
  return page;
}

/**
 * A page of a search with many matches in a price order: when one category holds all of them (the
 * only category searched, or the only one of several with a match), the walk of that category's
 * price order (categoryPriceWalk); else the walk through the price blocks
 * (priceBlockWalk), exact on its own; with in stock first, a page that is not all in stock takes the
 * scan of every listed row instead (priceScan).
 */
async function largeSearchPricePage(
  db: Db,
  input: PlanInput & { query: { search: SearchQuery } },
  filtered: SQL | null,
  page: number,
): Promise<ProductSummary[]> {
  const { query } = input;
  const pageSize = query.pageSize ?? PAGE_SIZE;
  const ordered: PriceOrdered = {
    query: query.search,
    descending: query.sort === "price-desc",
    inStockFirst: query.stockFirst ?? false,
    listing: filtered ?? undefined,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  };
  const artNosOf = (result: unknown) => rowsOf<{ art_no: number }>(result).map((r) => Number(r.art_no));
  if (query.categoryIds?.length && !ordered.inStockFirst) {
    // Several categories often hold the term in one of them only ("ketting" under fietsonderdelen).
    const holding =
      query.categoryIds.length === 1
        ? query.categoryIds
        : rowsOf<{ category_id: number }>(await db.execute(categoriesWithMatches(query.search, query.categoryIds))).map(
            (r) => Number(r.category_id),
          );
    if (holding.length === 1) {
      return summariesInOrder(
        db,
        artNosOf(await db.execute(categoryPriceWalk({ ...ordered, categoryId: holding[0]! }))),
      );
    }
  }
  const walked = artNosOf(await db.execute(priceBlockWalk(ordered)));
  const whole = !ordered.inStockFirst || walked.length === pageSize;
  return summariesInOrder(db, whole ? walked : artNosOf(await db.execute(priceScan(ordered))));
}

/** The product tiles of these ArtNos, in this order. */
async function summariesInOrder(db: Db, artNos: number[]): Promise<ProductSummary[]> {
  if (!artNos.length) return [];
  const rows = rowsOf<ProductSummaryRow>(
    await db.execute(sql`
      SELECT ${SUMMARY_COLUMNS}
      FROM unnest(${intArray(artNos)}) WITH ORDINALITY AS page(art_no, position)
      JOIN products b ON b.art_no = page.art_no
      LEFT JOIN stock s ON s.art_no = b.art_no
      ORDER BY page.position`),
  );
  return rows.map(summaryFromRow);
}

/**
 * One page of a category (or search) listing with its total, facet counts and price bounds.
 * Filters combine with AND across types and OR within a multi-select type. Each facet counts
 * with every active filter except its own, so a shopper sees what ticking another value gives.
 * Two round trips, run side by side: the page of products, and one aggregate query that yields the
 * total, the price bounds and every facet: exact, or capped for a huge category or a search with
 * many matches (one more small round trip first tells which).
 */
export async function listProducts(db: Db, listing: ListingQuery): Promise<ListingResult> {
  const query: Scoped = listing.q ? { ...listing, search: await compileSearch(db, listing.q) } : listing;
  const { conditions, active, price } = conditionsOf(query);
  const priceType = query.filterTypes.find((f) => f.name === PRICE_RANGE);
  const valueTypes = query.filterTypes.filter((f) => f.name !== PRICE_RANGE);
  const pageSize = query.pageSize ?? PAGE_SIZE;
  const requested = Math.max(1, query.page);
  const totalCap = Math.max(TOTAL_COUNT_CAP, (requested + 2) * pageSize);
  const input = { query, conditions, priceType, valueTypes, totalCap };
  const plan = walkable(query) ? await searchPlan(db, { ...input, query }) : listingPlan(db, input);
  const [{ rows, capped }, firstPage] = await Promise.all([plan.aggregate(), plan.page(requested, query.after)]);

  const counted = Number(rows.find((r) => Number(r.t) === -1)?.n ?? 0);
  // The capped count counts one row past its cap: more than that means "more than totalCap".
  const totalCapped = capped && counted > totalCap;
  const total = totalCapped ? totalCap : counted;
  const bounds = rows.find((r) => Number(r.t) === -2);
  const priceBounds =
    bounds?.lo != null && bounds.hi != null
      ? {
          min: Math.floor(Number(bounds.lo) / 100),
          max: Math.max(Math.ceil(Number(bounds.hi) / 100), Math.floor(Number(bounds.lo) / 100) + 1),
        }
      : DEFAULT_PRICE_BOUNDS;

  const totalPages = totalPagesOf(total, pageSize);
  const page = Math.min(requested, totalPages);
  // A page past the end (stale link) shows the last page rather than an empty one.
  const products = page === requested ? firstPage : await plan.page(page);

  const facets: Facet[] = valueTypes.map((type) => {
    const selected = query.filters[type.id] ?? [];
    const own = rows.filter((r) => Number(r.t) === type.id && r.v != null);
    const counts = own.filter((r) => r.n != null);
    // A facet counted from a sample that filled up: its counts are lower bounds, and the values
    // the sample missed (n null: the category's values from the cache) are listed without a count.
    const sampled = counts.some((r) => r.lo != null && Number(r.lo) >= FACET_COUNT_CAP);
    const atLeast = sampled ? { atLeast: true } : {};
    const values: FacetValue[] = counts.map((r) => ({
      value: r.v!,
      count: Number(r.n),
      selected: selected.includes(r.v!),
      ...atLeast,
    }));
    if (sampled) {
      for (const r of own)
        if (r.n == null && !values.some((v) => v.value === r.v))
          values.push({ value: r.v!, count: 0, selected: selected.includes(r.v!), ...atLeast });
    }
    // A selected value stays visible (to untick) even when other filters leave it no products.
    for (const value of type.kind === "select" ? selected.slice(0, 1) : selected) {
      if (!values.some((v) => v.value === value)) values.push({ value, count: 0, selected: true, ...atLeast });
    }
    values.sort((a, b) => a.value.localeCompare(b.value, "nl", { sensitivity: "base" }));
    return { ...type, values, ...(sampled ? { capped: true } : {}) };
  });
  if (priceType) facets.push({ ...priceType, values: [] });

  const selectedTags = query.tags ?? [];
  const tagFacet: TagFacet[] = rows
    .filter((r) => Number(r.t) === -3 && r.v != null)
    .map((r) => ({ tag: r.v!, count: Number(r.n), selected: selectedTags.includes(r.v!) }));
  for (const tag of selectedTags)
    if (!tagFacet.some((t) => t.tag === tag)) tagFacet.push({ tag, count: 0, selected: true });
  tagFacet.sort((a, b) => a.tag.localeCompare(b.tag, "nl", { sensitivity: "base" }));

  return {
    products,
    total,
    totalCapped,
    page,
    totalPages,
    facets,
    priceBounds,
    priceFilter: price,
    activeFilters: active,
    tagFacet,
  };
}

export type GridRow = ProductSummary & { categoryName: string | null };

/** The /products-grid table: every listed product by ArtNo, 20 a page, with its category name. */
export async function listGridProducts(
  db: Db,
  page: number,
  pageSize = PAGE_SIZE,
): Promise<{ rows: GridRow[]; total: number; page: number; totalPages: number }> {
  const total = await countListedProducts(db);
  const totalPages = totalPagesOf(total, pageSize);
  const current = Math.min(Math.max(1, page), totalPages);
  const rows = rowsOf<ProductSummaryRow & { category_name: string | null }>(
    await db.execute(sql`
      SELECT b.art_no, b.brand, b.short_description, b.consumer_price_cents, b.discounted_price_cents,
             b.effective_price_cents, b.reference_price_cents, b.images[1] AS image, b.vat_rate, s.quantity, c.name AS category_name
      FROM products b
      LEFT JOIN stock s ON s.art_no = b.art_no
      LEFT JOIN product_categories c ON c.id = b.category_id
      WHERE b.is_listed
      ORDER BY b.art_no
      LIMIT ${pageSize} OFFSET ${(current - 1) * pageSize}`),
  );
  return {
    rows: rows.map((r) => ({ ...summaryFromRow(r), categoryName: r.category_name })),
    total,
    page: current,
    totalPages,
  };
}
