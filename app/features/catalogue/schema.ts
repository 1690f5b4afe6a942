import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";

/** Category tree. Ids are fixed by the spec for the three top categories (8, 16, 164). */
export const productCategories = pgTable(
  "product_categories",
  {
    id: integer("id").primaryKey(),
    name: text("name").notNull(),
    parentId: integer("parent_id"),
    imageUrl: text("image_url"),
    level: smallint("level").notNull().default(1),
  },
  (t) => [index("product_categories_parent_idx").on(t.parentId)],
);

export type NutritionRow = { label: string; per100: string; perServing?: string };

/**
 * A product keeps the supplier's article number as its identity and URL.
 * Prices are integer cents including VAT; the supplier's "12,95" text is parsed once at import.
 */
export const products = pgTable(
  "products",
  {
    artNo: integer("art_no").primaryKey(),
    brand: text("brand"),
    shortDescription: text("short_description"),
    longDescriptionHtml: text("long_description_html"),
    consumerPriceCents: integer("consumer_price_cents"),
    discountedPriceCents: integer("discounted_price_cents"),
    categoryId: integer("category_id").references(() => productCategories.id),
    status: smallint("status").notNull().default(1),
    images: text("images")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    articleKeyword: text("article_keyword"),
    colour: text("colour"),
    material: text("material"),
    size: text("size"),
    type: text("type"),
    vatRate: smallint("vat_rate").notNull().default(21),
    ingredients: text("ingredients"),
    allergens: text("allergens"),
    nutrition: jsonb("nutrition").$type<NutritionRow[]>(),
    /** Listed = sellable: active and with brand, price and short description (spec 1 §3). */
    isListed: boolean("is_listed")
      .notNull()
      .generatedAlwaysAs(
        sql`status = 1 AND coalesce(brand, '') <> '' AND coalesce(short_description, '') <> '' AND coalesce(consumer_price_cents, 0) > 0`,
      ),
    /** What the shopper pays: the offer price when it is a real discount, else the consumer price. */
    effectivePriceCents: integer("effective_price_cents")
      .notNull()
      .generatedAlwaysAs(
        sql`CASE WHEN discounted_price_cents > 0 AND discounted_price_cents < consumer_price_cents THEN discounted_price_cents ELSE coalesce(consumer_price_cents, 0) END`,
      ),
    /**
     * The honest "was" price of a running offer: the lowest selling price of the 30 days before the
     * offer started (Omnibus / ACM rule, docs/decisions/0013-honest-was-price.md); null when not on
     * offer or when no earlier price is known. With `offerStartedAt`, written ONLY by the trigger
     * `products_price_track` (it overwrites anything else), so every writer gets it right.
     */
    referencePriceCents: integer("reference_price_cents"),
    offerStartedAt: timestamp("offer_started_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => {
    // Carried along by the category name walk below, so it tests the filters and reads the name from
    // the index alone.
    const carried = [t.shortDescription, t.brand, t.colour, t.material, t.size, t.type, t.effectivePriceCents];
    return [
      /*
       * The category listing and its facet counts read only these columns, so with a vacuumed table
       * they come from this index alone (index-only scan): the heap rows are wide (the long HTML
       * description), and visiting thousands of them was most of a category page's database time.
       * The order (category, price, name, ArtNo) is the price sorts' whole order, forwards and
       * backwards, so a deep page walks it without sorting (the last page of a 57 662-product
       * category: 15 ms instead of 105, which sorted each price's products by lower() of their
       * name). Keys after the ArtNo only carry the columns along (Drizzle has no INCLUDE); the
       * description is there because the planner needs the column itself to use the index-only.
       */
      index("products_listed_category_cover_idx")
        .on(
          t.categoryId,
          t.effectivePriceCents,
          sql`lower(${t.shortDescription})`,
          t.artNo,
          t.brand,
          t.colour,
          t.material,
          t.size,
          t.type,
          t.shortDescription,
        )
        .where(sql`is_listed`),
      // The name sorts of a category page (A-Z forward, Z-A backward): LIMIT walks this index, index-only
      // as the cover index above. Without it they walked the whole catalogue's name index skipping other
      // categories (285 ms for page 3 of a 57 000-product category at a million products).
      index("products_listed_category_name_idx")
        .on(t.categoryId, sql`lower(${t.shortDescription})`, t.artNo, ...carried)
        .where(sql`is_listed`),
      /*
       * Product Management's filters (ADR 0034), each a walk in ArtNo order (the table's keyset): a
       * category's products, listed or not; and two partial indexes that hold only the products a
       * filter asks for (inactive, on offer), so they cost a write only for those. Each carries the
       * other filters' columns after the ArtNo, so a combination (a category's inactive products, the
       * inactive ones on offer) is tested in the index alone, without visiting the wide product rows:
       * a combination with few matches walks all of the first filter's entries (measured: 20 000 in
       * a category, 500 ms with row visits, a few ms index-only).
       */
      index("products_admin_category_idx").on(
        t.categoryId,
        t.artNo,
        t.status,
        t.discountedPriceCents,
        t.consumerPriceCents,
      ),
      index("products_admin_inactive_idx")
        .on(t.artNo, t.categoryId, t.discountedPriceCents, t.consumerPriceCents)
        .where(sql`status <> 1`),
      index("products_admin_offer_idx")
        .on(t.artNo, t.categoryId, t.status)
        .where(sql`discounted_price_cents > 0 AND discounted_price_cents < consumer_price_cents`),
    ];
  },
);

/**
 * The orders that put what can be bought first (a category page's default order, "op voorraad
 * eerst"): one narrow row per product (~80 bytes, never the ~1 kB `products` row with its inline
 * HTML) with the stock flag, the sort key and the columns the filters test, so such a page is an
 * ordered, index-only walk of `listing_stock_order_default_idx` with LIMIT. The flag lives here and
 * not on `products`: a stock write that makes a product available or not rewrites this small row
 * and two small index entries, not the wide product row with every index and trigger of `products`
 * (a first stock feed of a million rows: ADR 0022, addendum migration 0040).
 * Kept in step by statement-level triggers (migration 0040): `products_listing_order_*` on products
 * (insert, update of these columns, delete, truncate) and `stock_listing_order_*` on stock
 * (in_stock = quantity above 0). Nothing else writes it, except the seed, which writes a batch's rows
 * with their flag before its products (the products trigger then finds them right and writes nothing).
 */
export const listingStockOrder = pgTable(
  "listing_stock_order",
  {
    // No foreign key: the triggers remove a row with its product, and a key would add a check per
    // row to every product a feed or seed creates (as product_search, ADR 0022).
    artNo: integer("art_no").primaryKey(),
    categoryId: integer("category_id"),
    /** products.is_listed: every product has a row, so a listing change never reads stock. */
    isListed: boolean("is_listed").notNull(),
    /** Stock above 0 (stock.quantity > 0); false without a stock row. */
    inStock: boolean("in_stock").notNull().default(false),
    /** lower(products.short_description): the name order, stored so the index needs no description. */
    sortKey: text("sort_key"),
    brand: text("brand"),
    colour: text("colour"),
    material: text("material"),
    size: text("size"),
    type: text("type"),
    effectivePriceCents: integer("effective_price_cents").notNull(),
  },
  (t) => [
    /*
     * In stock first, then by name, ArtNo making the order total; the columns after art_no let the
     * walk test the filters from the index alone (no table visit per skipped or OFFSET-ed entry).
     */
    index("listing_stock_order_default_idx")
      .on(
        t.categoryId,
        sql`${t.inStock} DESC`,
        t.sortKey,
        t.artNo,
        t.brand,
        t.colour,
        t.material,
        t.size,
        t.type,
        t.effectivePriceCents,
      )
      .where(sql`is_listed`),
    /*
     * Price order (the name and ArtNo breaking ties, as the listing's price orders), over the whole
     * catalogue: a text search with many matches walks the ranges of it that `price_blocks` says can
     * hold the term, in the page's direction, testing each entry's name and brand against the term
     * and stopping at the page (priceBlockWalk, ADR 0025). The other columns let the walk test stock,
     * category and filters from the index alone.
     */
    index("listing_stock_order_price_idx")
      .on(
        t.effectivePriceCents,
        t.sortKey,
        t.artNo,
        t.brand,
        t.inStock,
        t.categoryId,
        t.colour,
        t.material,
        t.size,
        t.type,
      )
      .where(sql`is_listed`),
  ],
);

/**
 * The narrow copy of every product's searchable text (ArtNo, lowercased description, description,
 * brand, listed or not: ~120 bytes a row, never the ~1 kB `products` row with its inline HTML). Every
 * text search reads it: the suggestions and the shop's search (listed rows), the admin's product
 * search (all rows). The trigram indexes live here rather than on `products`, so the writes that
 * change a product without touching its text (prices, images) never add
 * trigram entries (ADR 0022).
 * Kept in step by the statement-level triggers `products_search_sync_*` on `products` (migrations
 * 0034, 0035): insert, update of the description, brand or listing, delete, truncate. Nothing else
 * writes it.
 */
export const productSearch = pgTable(
  "product_search",
  {
    // No foreign key: the triggers are its only writer and remove a row with its product; a key
    // would add a check per row to every product a feed or seed creates (ADR 0022).
    artNo: integer("art_no").primaryKey(),
    /** lower(short_description), '' without one: what searches match on and suggestions sort by. */
    sortKey: text("sort_key").notNull(),
    shortDescription: text("short_description"),
    brand: text("brand"),
    /** products.is_listed: the shop's searches read only these rows, the admin's all. */
    isListed: boolean("is_listed").notNull(),
    // The name key and the brand as the shop's search compares them (search_fold), kept by PostgreSQL:
    // a small catalogue's scan reads them instead of folding every name at every search (ADR 0053).
    // The walks through the blocks read the order index alone and fold the few rows they test.
    nameFolded: text("name_folded").generatedAlwaysAs(sql`search_fold(sort_key)`),
    brandFolded: text("brand_folded").generatedAlwaysAs(sql`search_fold(brand)`),
  },
  (t) => [
    // Finds the rows that contain a term of 3+ characters (bitmap scan; then sort the matches).
    index("product_search_sort_key_trgm_idx").using("gin", sql`${t.sortKey} gin_trgm_ops`),
    index("product_search_brand_trgm_idx").using("gin", sql`lower(${t.brand}) gin_trgm_ops`),
    // The same for the shop's search, which compares accent-free text (search_fold, issue 30): without
    // these, every search read all of product_search and folded each name (about 0.5 s at 100 000).
    index("product_search_name_fold_trgm_idx").using("gin", sql`search_fold(${t.sortKey}) gin_trgm_ops`),
    index("product_search_brand_fold_trgm_idx").using("gin", sql`search_fold(${t.brand}) gin_trgm_ops`),
    // Description order for the walks through search_blocks (suggestions, the shop's search):
    // index-only, the brand included because the search matches it too.
    index("product_search_order_idx")
      .on(t.sortKey, t.artNo, t.brand)
      .where(sql`is_listed`),
  ],
);

/**
 * A summary of the listed `product_search` rows cut into blocks in description order (sort_key,
 * art_no), so a suggestion lookup ("first six descriptions containing a term, in description
 * order") reads only the blocks that can hold a match, in order, and stops at the sixth match:
 * its cost follows the answer, not the catalogue (issue 14, docs/decisions/0024-search-blocks.md).
 * A block runs from its (lo_key, lo_art_no) up to the next block's; the first block starts below
 * every key. `grams` holds hashtext() of every 2- and 3-character piece of every sort key and
 * lowercased brand in the block: a key (or brand) containing a term contains each of the term's
 * 3-character pieces, so a block whose grams miss one of them cannot hold a match (a hash collision
 * only costs a wasted look). The shop's search (search-walk.server.ts) matches brands too.
 */
export const searchBlocks = pgTable(
  "search_blocks",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    loKey: text("lo_key").notNull(),
    loArtNo: integer("lo_art_no").notNull(),
    grams: integer("grams").array().notNull(),
    rowCount: integer("row_count").notNull(),
  },
  (t) => [
    unique("search_blocks_lo_key").on(t.loKey, t.loArtNo),
    index("search_blocks_grams_idx").using("gin", t.grams),
  ],
);

/**
 * The blocks a listed row may have entered without its grams (trigger `product_search_blocks_dirty`)
 * until `refreshSearchBlocks` re-summarises them: a dirty block is read for every term, so the
 * summary is never wrong, only slower while dirty. A table of its own, not a flag on the block:
 * setting a flag would write a new version of the block row with ~500 new GIN entries (0.9 s for the
 * 3 900 blocks a 20 000-product feed batch touches), an id here is one small row.
 */
export const searchBlocksDirty = pgTable("search_blocks_dirty", {
  blockId: integer("block_id").primaryKey(),
});

/**
 * The same summary as `search_blocks`, in price order: the listed `listing_stock_order` rows cut into
 * blocks in the order (effective_price_cents, sort_key, art_no) of `listing_stock_order_price_idx`,
 * each with the grams of its rows' sort keys and lowercased brands. A text search with many matches
 * sorted by price reads only the blocks that can hold a match, in price order, and stops at its page
 * (priceBlockWalk, docs/decisions/0025-search-results-walk.md): its cost follows the page, also for a
 * term whose matches all cost more than most products. Kept by the same refresh as `search_blocks`
 * (search-blocks.server.ts); a price, name, brand or listing change marks the block its row moves
 * into dirty (trigger function `listing_blocks_dirty`, migrations 0046 and 0048).
 */
export const priceBlocks = pgTable(
  "price_blocks",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    loPrice: integer("lo_price").notNull(),
    loKey: text("lo_key").notNull(),
    loArtNo: integer("lo_art_no").notNull(),
    grams: integer("grams").array().notNull(),
    rowCount: integer("row_count").notNull(),
  },
  (t) => [
    unique("price_blocks_lo_key").on(t.loPrice, t.loKey, t.loArtNo),
    index("price_blocks_grams_idx").using("gin", t.grams),
  ],
);

/** The dirty blocks of `price_blocks`, as `search_blocks_dirty`. */
export const priceBlocksDirty = pgTable("price_blocks_dirty", {
  blockId: integer("block_id").primaryKey(),
});

/**
 * The same summary again, in category order: the listed products cut into blocks in the order
 * (category_id, lower(short_description), art_no) of `products_listed_category_name_idx`. A search
 * in categories that hold few of a common term's matches reads only those categories' blocks that
 * can hold the term (scopeBlockWalk), instead of every match in the shop or every product of the
 * categories. A listing, category, name or brand change marks the block its row moves into dirty
 * (`listing_blocks_dirty` on `listing_stock_order`, migrations 0047 and 0048); prices and
 * stock do not move a row here.
 */
export const categoryBlocks = pgTable(
  "category_blocks",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    loCategory: integer("lo_category").notNull(),
    loKey: text("lo_key").notNull(),
    loArtNo: integer("lo_art_no").notNull(),
    grams: integer("grams").array().notNull(),
    rowCount: integer("row_count").notNull(),
  },
  (t) => [
    unique("category_blocks_lo_key").on(t.loCategory, t.loKey, t.loArtNo),
    index("category_blocks_grams_idx").using("gin", t.grams),
  ],
);

/** The dirty blocks of `category_blocks`, as `search_blocks_dirty`. */
export const categoryBlocksDirty = pgTable("category_blocks_dirty", {
  blockId: integer("block_id").primaryKey(),
});

/** Supplier stock feed, one row per article. A missing row or null quantity means unknown. */
export const stock = pgTable(
  "stock",
  {
    artNo: integer("art_no")
      .primaryKey()
      .references(() => products.artNo, { onDelete: "cascade" }),
    quantity: integer("quantity"),
    status: text("status"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    /*
     * Product Management's stock filters (ADR 0034) in ArtNo order: out of stock (0 or less; an
     * unknown quantity is not "out") and low stock (1 to LOW_STOCK_THRESHOLD = 5, the constant written
     * here because a partial index needs a literal: change both together).
     */
    index("stock_out_idx")
      .on(t.artNo)
      .where(sql`quantity <= 0`),
    index("stock_low_idx")
      .on(t.artNo)
      .where(sql`quantity BETWEEN 1 AND 5`),
  ],
);

export const productTags = pgTable(
  "product_tags",
  {
    artNo: integer("art_no")
      .notNull()
      .references(() => products.artNo, { onDelete: "cascade" }),
    tag: text("tag").notNull(),
  },
  (t) => [primaryKey({ columns: [t.artNo, t.tag] }), index("product_tags_tag_idx").on(t.tag)],
);

export const filterTypes = pgTable("filter_types", {
  id: integer("id").primaryKey(),
  /** Machine name: brand, color, material, size or price_range. */
  name: text("name").notNull().unique(),
  displayName: text("display_name").notNull(),
  /** 'select' (one value) or 'multi-select' (any of several values). */
  filterType: text("filter_type").$type<"select" | "multi-select">().notNull(),
});

export const categoryFilters = pgTable(
  "category_filters",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => productCategories.id, { onDelete: "cascade" }),
    filterTypeId: integer("filter_type_id")
      .notNull()
      .references(() => filterTypes.id),
    displayOrder: smallint("display_order").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
  },
  (t) => [index("category_filters_category_idx").on(t.categoryId)],
);

/**
 * How many listed products each category holds directly (not its descendants), kept by statement
 * triggers on products (migration 0032), so the category tree, the sitemap and the grid read a few
 * hundred rows instead of counting a million products per request. The row with a null category
 * counts the listed products without one; the sum of all rows is the listed catalogue.
 */
export const listedProductCounts = pgTable(
  "listed_product_counts",
  {
    categoryId: integer("category_id"),
    listed: integer("listed").notNull().default(0),
  },
  (t) => [unique("listed_product_counts_category_key").on(t.categoryId).nullsNotDistinct()],
);

/** Unfiltered value counts per category and filter type, rebuilt after imports. */
export const filterValuesCache = pgTable(
  "filter_values_cache",
  {
    categoryId: integer("category_id").notNull(),
    filterTypeId: integer("filter_type_id").notNull(),
    value: text("value").notNull(),
    productCount: integer("product_count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.filterTypeId, t.value] })],
);
