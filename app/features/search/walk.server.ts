import { sql, type SQL } from "drizzle-orm";
import { intArrayLiteral } from "~/db/array-literal.server";
import { candidateBlocks, foldedColumns, matchesQuery } from "./match-sql.server";
import type { SearchQuery } from "./query";

/** Makes `%`, `_` and `\` in a shopper's term match themselves in a LIKE pattern (escape char `\`). */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** A LIKE pattern matching the term anywhere, case-insensitively (the keys are lowercased). */
export function containsPattern(term: string): string {
  return `%${escapeLike(term.toLowerCase())}%`;
}

/** The columns a walk yields with `listing`: the listing row's, which the filters and facets test. */
export type WalkedListingRow = {
  art_no: number;
  sort_key: string;
  in_stock: boolean;
  brand: string | null;
  colour: string | null;
  material: string | null;
  size: string | null;
  type: string | null;
  effective_price_cents: number;
};

export type TermWalk = {
  /** The shopper's query, compiled: every word matched (accent- and case-free) anywhere. */
  query: SearchQuery;
  /** A further condition on the match, alias `r` (sort_key, brand, foldedColumns): a relevance tier. */
  also?: SQL;
  /** The shop's search matches the brand too; the suggestions match the description only. */
  withBrand: boolean;
  /** Description order Z–A instead of A–Z. */
  descending?: boolean;
  /**
   * Conditions on the match's listing row, alias `b` (listing_stock_order: category, filters,
   * stock flag). Joined only when given; the walk then yields WalkedListingRow.
   */
  listing?: SQL;
  limit: number;
  offset?: number;
  /** A sample: only an even spread of about `blocks` candidate blocks, at most `perBlock` matches each. */
  spread?: { blocks: number; perBlock: number };
};

/**
 * What termWalk and termScan share over a tested row `r`: the columns they yield, the listing row
 * joined when the walk has conditions on it, and the match with its relevance tier.
 */
function termMatchParts(walk: Omit<TermWalk, "spread">): { columns: SQL; join: SQL; matches: SQL } {
  const matched = matchesQuery(sql`r`, walk.query, walk.withBrand);
  return {
    matches: walk.also ? sql`${matched} AND ${walk.also}` : matched,
    columns: walk.listing
      ? sql`r.art_no, r.sort_key, b.in_stock, b.brand, b.colour, b.material, b.size, b.type, b.effective_price_cents`
      : sql`r.art_no, r.sort_key`,
    join: walk.listing
      ? sql`JOIN listing_stock_order b ON b.art_no = r.art_no AND b.is_listed AND ${walk.listing}`
      : sql``,
  };
}

/**
 * The listed products whose description (or brand) contains a term, in description order
 * (sort_key, art_no), read through the blocks of `search_blocks` that can hold a match
 * (docs/decisions/0024-search-blocks.md): only those blocks' ranges of `product_search_order_idx`
 * are read, index-only, and the walk stops at its LIMIT. Its cost follows the matches it returns
 * (and the blocks that hold a term's pieces without it), not the catalogue.
 *
 * The candidate blocks are ordered before the lateral reads, and the nested loop keeps that order,
 * so LIMIT and OFFSET count matches in description order. Each block's upper bound is the next
 * block's lower bound, found through the unique index on (lo_key, lo_art_no); the last block has
 * none, so the UNION ALL's branches are switched by a condition on the block alone, and each is an
 * index range scan that ends at its bound. The range scans are fenced (OFFSET 0) so the LIKE is a
 * filter on them: the planner, which expects ~100 rows for any LIKE '%…%', would otherwise fetch
 * all of a common term's matches through the trigram index for every block (118 ms for "700x25c").
 */
export function termWalk(walk: TermWalk): SQL {
  const dir = sql.raw(walk.descending ? "DESC" : "ASC");
  const offset = Math.max(0, Math.trunc(walk.offset ?? 0));
  const limit = Math.max(0, Math.trunc(walk.limit));
  const perBlock = walk.spread ? Math.trunc(walk.spread.perBlock) : offset + limit;
  const { columns, join, matches } = termMatchParts(walk);
  // A dirty block may hold rows its grams miss: the function yields it for every term.
  const candidates = candidateBlocks(
    walk.query,
    (grams) => sql`search_block_candidates(${grams})`,
    "lo_key, lo_art_no",
  );
  const blocks = walk.spread
    ? sql`SELECT lo_key, lo_art_no FROM (
            SELECT lo_key, lo_art_no, row_number() OVER (ORDER BY lo_key, lo_art_no) AS rn, count(*) OVER () AS n
            FROM (${candidates}) u
          ) numbered
          WHERE rn % greatest(1, ceil(n / ${Math.max(1, Math.trunc(walk.spread.blocks))}::numeric)::int) = 0
          ORDER BY lo_key ${dir}, lo_art_no ${dir}`
    : sql`SELECT lo_key, lo_art_no FROM (${candidates}) u ORDER BY lo_key ${dir}, lo_art_no ${dir}`;
  const inBlock = (bounded: boolean) => sql`
    (SELECT ${columns} FROM (
       SELECT s.art_no, s.sort_key, s.brand, ${foldedColumns(sql`s.sort_key`, sql`s.brand`)} FROM product_search s
       WHERE ${bounded ? sql`h.hi_key IS NOT NULL` : sql`h.hi_key IS NULL`} AND s.is_listed
         AND (s.sort_key, s.art_no) >= (c.lo_key, c.lo_art_no)
         ${bounded ? sql`AND (s.sort_key, s.art_no) < (h.hi_key, h.hi_art_no)` : sql``}
       ORDER BY s.sort_key ${dir}, s.art_no ${dir} OFFSET 0
     ) r ${join}
     WHERE ${matches}
     ORDER BY r.sort_key ${dir}, r.art_no ${dir} LIMIT ${perBlock})`;
  return sql`
    SELECT m.* FROM (${blocks}) c
    LEFT JOIN LATERAL (
      SELECT n.lo_key AS hi_key, n.lo_art_no AS hi_art_no FROM search_blocks n
      WHERE (n.lo_key, n.lo_art_no) > (c.lo_key, c.lo_art_no)
      ORDER BY n.lo_key, n.lo_art_no LIMIT 1
    ) h ON true
    CROSS JOIN LATERAL (${inBlock(true)} UNION ALL ${inBlock(false)}) m
    LIMIT ${limit} OFFSET ${offset}`;
}

/**
 * The same rows as termWalk, found by testing every listed product in description order instead of
 * reading the blocks that can hold a match: the way for a catalogue of a few blocks, where every
 * block can, and the walk only adds its look-ups and a plan three times the size
 * (search-strategy.server.ts chooses). A sample (`spread`) is termWalk's alone.
 */
export function termScan(walk: Omit<TermWalk, "spread">): SQL {
  const dir = sql.raw(walk.descending ? "DESC" : "ASC");
  const { columns, join, matches } = termMatchParts(walk);
  // The folded name and brand as stored (ADR 0053): folding every name of the shop at each search
  // cost about a fifth of a demo search's time in PGlite. The walk folds, to stay index-only.
  return sql`
    SELECT ${columns} FROM product_search r ${join}
    WHERE r.is_listed AND ${matches}
    ORDER BY r.sort_key ${dir}, r.art_no ${dir}
    LIMIT ${Math.max(0, Math.trunc(walk.limit))} OFFSET ${Math.max(0, Math.trunc(walk.offset ?? 0))}`;
}

export type PriceOrdered = {
  /** The shopper's query, matched in the description or the brand, as termWalk's withBrand. */
  query: SearchQuery;
  /** Price high to low (name Z–A, then ArtNo, breaking ties): the exact reverse of low to high. */
  descending: boolean;
  /** The products in stock first (the shopper's "op voorraad eerst"). */
  inStockFirst: boolean;
  /** Conditions on the listing row, alias `b` (listing_stock_order: category, filters, stock flag). */
  listing?: SQL;
  limit: number;
  offset: number;
};

/**
 * The listed products whose description or brand contains a term, in price order (the listing's
 * price-asc or price-desc: price, then name, then ArtNo), as art_no, read through the blocks of
 * `price_blocks` that can hold a match, as termWalk reads `search_blocks`: only those blocks' ranges
 * of `listing_stock_order_price_idx` are read, index-only, in the page's direction, each entry
 * tested against the term and the conditions, and the walk stops at its LIMIT. Its cost follows the
 * page (and the blocks that hold a term's pieces without it), not the catalogue: walking the index
 * itself read 573 827 entries before the 20th "zadel" from the cheap end at a million products,
 * since prices follow categories. Every dirty block is read too, so the walk is exact in any state
 * of the summary; right after a feed that changed many prices it is slower until the refresh.
 * With in stock first, the walk reads the products in stock only: a page that needs the others
 * comes back short, and the caller takes priceScan.
 */
export function priceBlockWalk(walk: PriceOrdered): SQL {
  const dir = sql.raw(walk.descending ? "DESC" : "ASC");
  const limit = Math.trunc(walk.limit);
  const offset = Math.trunc(walk.offset);
  const inStock = walk.inStockFirst ? sql` AND b.in_stock` : sql``;
  const inBlock = (bounded: boolean) => sql`
    (SELECT b.art_no FROM (
       SELECT s.art_no, s.sort_key, s.brand, s.in_stock, s.category_id, s.colour, s.material, s.size, s.type,
              s.effective_price_cents, ${foldedColumns(sql`s.sort_key`, sql`s.brand`)}
       FROM listing_stock_order s
       WHERE ${bounded ? sql`h.hi_price IS NOT NULL` : sql`h.hi_price IS NULL`} AND s.is_listed
         AND (s.effective_price_cents, s.sort_key, s.art_no) >= (c.lo_price, c.lo_key, c.lo_art_no)
         ${bounded ? sql`AND (s.effective_price_cents, s.sort_key, s.art_no) < (h.hi_price, h.hi_key, h.hi_art_no)` : sql``}
       ORDER BY s.effective_price_cents ${dir}, s.sort_key ${dir}, s.art_no ${dir} OFFSET 0
     ) b
     WHERE ${priceMatches(walk)}${inStock}
     ORDER BY b.effective_price_cents ${dir}, b.sort_key ${dir}, b.art_no ${dir} LIMIT ${offset + limit})`;
  return sql`
    SELECT m.art_no FROM (
      SELECT lo_price, lo_key, lo_art_no FROM (
        ${candidateBlocks(walk.query, (grams) => sql`price_block_candidates(${grams})`, "lo_price, lo_key, lo_art_no")}
      ) u
      ORDER BY lo_price ${dir}, lo_key ${dir}, lo_art_no ${dir}
    ) c
    LEFT JOIN LATERAL (
      SELECT n.lo_price AS hi_price, n.lo_key AS hi_key, n.lo_art_no AS hi_art_no FROM price_blocks n
      WHERE (n.lo_price, n.lo_key, n.lo_art_no) > (c.lo_price, c.lo_key, c.lo_art_no)
      ORDER BY n.lo_price, n.lo_key, n.lo_art_no LIMIT 1
    ) h ON true
    CROSS JOIN LATERAL (${inBlock(true)} UNION ALL ${inBlock(false)}) m
    LIMIT ${limit} OFFSET ${offset}`;
}

/**
 * The same page as priceBlockWalk within one category: a walk of the category's range of
 * `products_listed_category_cover_idx` (category, price, name, ArtNo) in the page's direction, each
 * entry tested against the term and the conditions, index-only, stopping at the page. Its cost is
 * at most the category's size (57 662 entries, ~30 ms, at a million products), where the price
 * blocks read every block of the term's matches in the whole shop before the category's ("ketting"
 * low–high in the chains: 66 ms, here 0.4 ms). Not for in stock first: products has no stock flag.
 */
export function categoryPriceWalk(walk: PriceOrdered & { categoryId: number }): SQL {
  const dir = sql.raw(walk.descending ? "DESC" : "ASC");
  return sql`
    SELECT b.art_no FROM (
      SELECT s.art_no, s.category_id, lower(s.short_description) AS sort_key, s.brand, s.colour, s.material, s.size,
             s.type, s.effective_price_cents, ${foldedColumns(sql`lower(s.short_description)`, sql`s.brand`)}
      FROM products s
      WHERE s.is_listed AND s.category_id = ${Math.trunc(walk.categoryId)}
      ORDER BY s.effective_price_cents ${dir}, lower(s.short_description) ${dir}, s.art_no ${dir} OFFSET 0
    ) b
    WHERE ${priceMatches(walk)}
    LIMIT ${Math.trunc(walk.limit)} OFFSET ${Math.trunc(walk.offset)}`;
}

/**
 * The same page as priceBlockWalk, by reading every listed row of the narrow listing_stock_order and
 * keeping the page's rows in a bounded sort: a fixed cost (~0.4 s at a million products, two
 * parallel workers) whatever the prices of the matches, where sorting the matches found through
 * the trigram indexes took 1.0–1.3 s (it fetched every match, then its sort keys from products).
 * The `+ 0` keeps the planner off the price index, whose whole walk would cost more.
 */
export function priceScan(walk: PriceOrdered): SQL {
  const dir = sql.raw(walk.descending ? "DESC" : "ASC");
  return sql`
    SELECT b.art_no FROM (SELECT s.*, ${foldedColumns(sql`s.sort_key`, sql`s.brand`)} FROM listing_stock_order s) b
    WHERE b.is_listed AND ${priceMatches(walk)}
    ORDER BY ${walk.inStockFirst ? sql`b.in_stock DESC, ` : sql``}b.effective_price_cents + 0 ${dir}, b.sort_key ${dir}, b.art_no ${dir}
    LIMIT ${Math.trunc(walk.limit)} OFFSET ${Math.trunc(walk.offset)}`;
}

/** A walk through the category blocks of some categories (scopeBlockWalk). */
export type ScopeWalk = {
  /** The shopper's query, matched in the description or the brand. */
  query: SearchQuery;
  categoryIds: number[];
  /** Conditions on the product row, alias `b` (the filters). */
  listing?: SQL;
  /** At most this many matches in all; none: every match of every piece read. */
  limit?: number;
  /** At most this many matches from each block's range of one category (a piece); the limit by default. */
  perPiece?: number;
  /** A sample: an even spread of about `blocks` of the pieces, at most `perBlock` matches each. */
  spread?: { blocks: number; perBlock: number };
};

/**
 * The listed products of some categories whose description or brand contains a term (in no
 * particular order), read through the blocks of `category_blocks` that lie in those categories and
 * can hold the term: only those blocks' ranges of `products_listed_category_name_idx` are read,
 * index-only, and the walk stops at `limit`. Its cost follows the categories' candidate blocks, not the term's
 * matches in the whole shop ("band" anywhere: 0.25 s through the trigram indexes) nor the
 * categories' size (a scan of the 473 000 products under fietsonderdelen: 280 ms). A block runs from
 * its lower bound to the next block's; it lies in a category when the category is between the two.
 * It yields the columns the filters and facets test (art_no, category_id, brand, colour, material,
 * size, type, effective_price_cents).
 */
export function scopeBlockWalk(walk: ScopeWalk): SQL {
  const ids = sql`${intArrayLiteral(walk.categoryIds)}::int[]`;
  const limit = walk.limit == null ? null : Math.trunc(walk.limit);
  const perPiece = walk.spread?.perBlock ?? walk.perPiece ?? limit;
  const also = walk.listing ? sql` AND ${walk.listing}` : sql``;
  // A block is read one category at a time: its range of that category, from the block's lower
  // bound (or the category's start) to its upper bound when the next block starts in the same
  // category (else the category's end). A row comparison that starts with the category stops the
  // index scan only at the category's end, so the whole remaining category was read per block; with
  // the category fixed the scan reads just the range. Fenced (OFFSET 0) as termWalk's range scans, so
  // the planner keeps the name index for the range and tests the rest on it.
  const inPiece = (endsInBlock: boolean) => sql`
    (SELECT b.art_no, b.category_id, b.brand, b.colour, b.material, b.size, b.type, b.effective_price_cents FROM (
       SELECT s.art_no, s.category_id, lower(s.short_description) AS sort_key, s.brand, s.colour, s.material, s.size,
              s.type, s.effective_price_cents, ${foldedColumns(sql`lower(s.short_description)`, sql`s.brand`)}
       FROM products s
       WHERE ${endsInBlock ? sql`k.category = k.hi_category` : sql`k.category IS DISTINCT FROM k.hi_category`}
         AND s.is_listed AND s.category_id = k.category
         AND (lower(s.short_description), s.art_no) >= (
           CASE WHEN k.category = k.lo_category THEN k.lo_key ELSE '' END,
           CASE WHEN k.category = k.lo_category THEN k.lo_art_no ELSE -2147483648 END)
         ${endsInBlock ? sql`AND (lower(s.short_description), s.art_no) < (k.hi_key, k.hi_art_no)` : sql``}
       ORDER BY lower(s.short_description), s.art_no OFFSET 0
     ) b
     WHERE ${matchesQuery(sql`b`, walk.query, true)}${also}
     ${perPiece == null ? sql`` : sql`LIMIT ${Math.trunc(perPiece)}`})`;
  const numbered = walk.spread
    ? sql`, row_number() OVER (ORDER BY p.lo_category, p.lo_key, p.lo_art_no, p.category) AS rn, count(*) OVER () AS n`
    : sql``;
  const sampled = walk.spread
    ? sql`WHERE k.rn % greatest(1, ceil(k.n / ${Math.max(1, Math.trunc(walk.spread.blocks))}::numeric)::int) = 0`
    : sql``;
  return sql`
    SELECT m.* FROM (
      SELECT p.*${numbered} FROM (
        SELECT c.lo_category, c.lo_key, c.lo_art_no, h.hi_category, h.hi_key, h.hi_art_no, x.id AS category
        FROM (
          ${candidateBlocks(walk.query, (grams) => sql`category_block_candidates(${grams})`, "lo_category, lo_key, lo_art_no")}
        ) c
        LEFT JOIN LATERAL (
          SELECT n.lo_category AS hi_category, n.lo_key AS hi_key, n.lo_art_no AS hi_art_no FROM category_blocks n
          WHERE (n.lo_category, n.lo_key, n.lo_art_no) > (c.lo_category, c.lo_key, c.lo_art_no)
          ORDER BY n.lo_category, n.lo_key, n.lo_art_no LIMIT 1
        ) h ON true
        JOIN unnest(${ids}) x(id) ON c.lo_category <= x.id AND (h.hi_category IS NULL OR x.id <= h.hi_category)
      ) p
    ) k
    CROSS JOIN LATERAL (${inPiece(true)} UNION ALL ${inPiece(false)}) m
    ${sampled}
    ${limit == null ? sql`` : sql`LIMIT ${limit}`}`;
}

/**
 * Which of the categories hold a listed product whose description or brand contains the term: one
 * match looked for in each of their candidate blocks (scopeBlockWalk).
 */
export function categoriesWithMatches(query: SearchQuery, categoryIds: number[]): SQL {
  return sql`SELECT DISTINCT w.category_id FROM (${scopeBlockWalk({ query, categoryIds, perPiece: 1 })}) w`;
}

function priceMatches(walk: PriceOrdered): SQL {
  const matches = matchesQuery(sql`b`, walk.query, true);
  return walk.listing ? sql`${matches} AND ${walk.listing}` : matches;
}
