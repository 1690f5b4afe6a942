/**
 * Writes the generated catalogue: reference data (filter types, categories, category filters),
 * products with their stock and tags in multi-row batches, and the fixed shop content.
 * Shared by the demo seed at start-up and by `npm run db:seed`.
 */
import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import {
  blogPosts,
  carouselSlides,
  categoryFilters,
  filterTypes,
  productCategories,
  products,
  productTags,
  quizQuestions,
  siteSettings,
  stock,
} from "~/db/schema";
import { sanitizeSupplierHtml } from "~/features/catalogue/index.server";
import { CATEGORY_SEEDS, categoryFilterSeeds, categoryImageUrl, FILTER_TYPE_SEEDS } from "./categories";
import { BLOG_SEEDS, CAROUSEL_SEEDS, QUIZ_SEEDS } from "./content";
import { HISTORY_START_DAYS, priceStepsOf, SEED_PRICE_CLOCK, type PriceStep } from "./price-history";
import { DEMO_SEED, generateProducts, type GeneratedProduct } from "./product-generator";

/** Rows per INSERT statement: ~20 columns × 1000 rows stays far below PostgreSQL's 65 535 parameters. */
export const BATCH_SIZE = 1000;

/** Filter types, categories and category filters; existing rows are left alone. */
export async function insertReferenceData(db: Db): Promise<{ categories: number; categoryFilters: number }> {
  await db
    .insert(filterTypes)
    .values(FILTER_TYPE_SEEDS.map((f) => ({ ...f })))
    .onConflictDoNothing();
  await db
    .insert(productCategories)
    .values(CATEGORY_SEEDS.map((c) => ({ ...c, imageUrl: categoryImageUrl(c.id) })))
    .onConflictDoNothing();
  // category_filters has no natural key: only fill it when no category has filters yet.
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(categoryFilters);
  const filterRows = categoryFilterSeeds();
  if ((existing?.n ?? 0) === 0) await db.insert(categoryFilters).values(filterRows);
  return { categories: CATEGORY_SEEDS.length, categoryFilters: filterRows.length };
}

function productRow(p: GeneratedProduct): typeof products.$inferInsert {
  return {
    artNo: p.artNo,
    brand: p.brand,
    shortDescription: p.shortDescription,
    // Supplier HTML is untrusted: it is stored only after sanitising, like a real import.
    longDescriptionHtml: p.longDescriptionHtml == null ? null : sanitizeSupplierHtml(p.longDescriptionHtml),
    consumerPriceCents: p.consumerPriceCents,
    discountedPriceCents: p.discountedPriceCents,
    categoryId: p.categoryId,
    status: p.status,
    images: p.images,
    articleKeyword: p.articleKeyword,
    colour: p.colour,
    material: p.material,
    size: p.size,
    type: p.type,
    vatRate: p.vatRate,
    ingredients: p.ingredients,
    allergens: p.allergens,
    nutrition: p.nutrition,
    createdAt: p.createdAt,
    updatedAt: p.createdAt,
  };
}

/** Dates the trigger's price-history rows (transaction-local settings; see the price_history migration). */
function priceClock(daysAgo: number) {
  const at = new Date(SEED_PRICE_CLOCK.getTime() - daysAgo * 24 * 60 * 60 * 1000).toISOString();
  return sql`SELECT set_config('app.price_changed_at', ${at}, true), set_config('app.price_source', 'seed', true)`;
}

/**
 * Products at their first price (HISTORY_START_DAYS ago), then the later price steps as updates,
 * oldest first, one statement per date: the trigger records the history and each offer's "was" price.
 * Must run inside a transaction (the settings are transaction-local).
 */
async function insertWithPriceHistory(db: Db, batch: GeneratedProduct[]): Promise<void> {
  const steps = batch.map((p) => ({ artNo: p.artNo, steps: priceStepsOf(p) }));
  await db.execute(priceClock(HISTORY_START_DAYS));
  const insert = db.insert(products).values(
    batch.map((p, i) => {
      const first = steps[i]!.steps[0]!;
      return {
        ...productRow(p),
        consumerPriceCents: first.consumerPriceCents,
        discountedPriceCents: first.discountedPriceCents,
      };
    }),
  );
  // The products and their listing_stock_order rows in one statement, each row with its stock flag
  // (from the generated product's stock) and the values the database computed for the product: the
  // products trigger, which fires at the end of the statement, then finds every row as it would
  // write it and writes nothing, and the stock insert below changes no flag. Without this, every
  // product in stock would get its row written a second time by the stock trigger.
  const inStock = `{${batch
    .filter((p) => (p.stockQuantity ?? 0) > 0)
    .map((p) => p.artNo)
    .join(",")}}`;
  await db.execute(sql`
    WITH created AS (
      ${insert.getSQL()}
      RETURNING art_no, category_id, is_listed, short_description, brand, colour, material, size, type,
                effective_price_cents
    )
    INSERT INTO listing_stock_order
      (art_no, category_id, is_listed, in_stock, sort_key, brand, colour, material, size, type, effective_price_cents)
    SELECT art_no, category_id, is_listed, art_no = ANY (${inStock}::int[]), lower(short_description), brand,
           colour, material, size, type, effective_price_cents
    FROM created ORDER BY art_no`);
  const byDay = new Map<number, { artNo: number; step: PriceStep }[]>();
  for (const { artNo, steps: list } of steps) {
    for (const step of list.slice(1)) byDay.set(step.daysAgo, [...(byDay.get(step.daysAgo) ?? []), { artNo, step }]);
  }
  for (const daysAgo of [...byDay.keys()].sort((a, b) => b - a)) {
    const rows = byDay.get(daysAgo)!;
    await db.execute(priceClock(daysAgo));
    await db.execute(sql`
      UPDATE products p SET consumer_price_cents = v.c, discounted_price_cents = v.d
      FROM (VALUES ${sql.join(
        rows.map((r) => sql`(${r.artNo}::int, ${r.step.consumerPriceCents}::int, ${r.step.discountedPriceCents}::int)`),
        sql`, `,
      )}) AS v(art_no, c, d)
      WHERE p.art_no = v.art_no`);
  }
  await db.execute(sql`SELECT set_config('app.price_changed_at', '', true), set_config('app.price_source', '', true)`);
}

async function insertProductBatch(db: Db, batch: GeneratedProduct[]): Promise<{ stock: number; tags: number }> {
  await insertWithPriceHistory(db, batch);
  const stockRows = batch
    .filter((p) => p.stockQuantity !== null)
    .map((p) => ({ artNo: p.artNo, quantity: p.stockQuantity, updatedAt: p.createdAt }));
  if (stockRows.length) await db.insert(stock).values(stockRows);
  const tagRows = batch.flatMap((p) => p.tags.map((tag) => ({ artNo: p.artNo, tag })));
  // Tags are fewer columns but more rows; split to keep statements a sensible size.
  for (let i = 0; i < tagRows.length; i += BATCH_SIZE * 2) {
    await db.insert(productTags).values(tagRows.slice(i, i + BATCH_SIZE * 2));
  }
  return { stock: stockRows.length, tags: tagRows.length };
}

export type ProductInsertOptions = {
  seed?: number;
  /** One transaction per batch (large catalogues) instead of relying on the caller's transaction. */
  transactionPerBatch?: boolean;
  onProgress?: (done: number, total: number) => void;
};

/** Generates and inserts `count` products (art numbers from 10001) with stock rows and tags. */
export async function insertProducts(
  db: Db,
  count: number,
  options: ProductInsertOptions = {},
): Promise<{ products: number; stock: number; tags: number }> {
  const totals = { products: 0, stock: 0, tags: 0 };
  let batch: GeneratedProduct[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const current = batch;
    batch = [];
    // Without transactionPerBatch the caller's transaction holds the batch (the settings that date
    // the price history are transaction-local): the demo seed runs in one.
    const result = options.transactionPerBatch
      ? await db.transaction((tx) => insertProductBatch(tx, current))
      : await insertProductBatch(db, current);
    totals.products += current.length;
    totals.stock += result.stock;
    totals.tags += result.tags;
    options.onProgress?.(totals.products, count);
  };
  for (const product of generateProducts(count, options.seed ?? DEMO_SEED)) {
    batch.push(product);
    if (batch.length >= BATCH_SIZE) await flush();
  }
  await flush();
  return totals;
}

/** Carousel, blog, quiz and site settings; each only when its table is still empty. */
export async function insertContent(db: Db): Promise<{ slides: number; blogPosts: number; quizQuestions: number }> {
  const counts = { slides: 0, blogPosts: 0, quizQuestions: 0 };
  const isEmpty = async (table: typeof carouselSlides | typeof blogPosts | typeof quizQuestions) => {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
    return (row?.n ?? 0) === 0;
  };
  if (await isEmpty(carouselSlides)) {
    await db.insert(carouselSlides).values([...CAROUSEL_SEEDS]);
    counts.slides = CAROUSEL_SEEDS.length;
  }
  if (await isEmpty(blogPosts)) {
    await db
      .insert(blogPosts)
      .values([...BLOG_SEEDS])
      .onConflictDoNothing();
    counts.blogPosts = BLOG_SEEDS.length;
  }
  if (await isEmpty(quizQuestions)) {
    await db.insert(quizQuestions).values([...QUIZ_SEEDS]);
    counts.quizQuestions = QUIZ_SEEDS.length;
  }
  await db.insert(siteSettings).values({ id: 1 }).onConflictDoNothing();
  return counts;
}

export async function hasProducts(db: Db): Promise<boolean> {
  const rows = await db.select({ artNo: products.artNo }).from(products).limit(1);
  return rows.length > 0;
}
