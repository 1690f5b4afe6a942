import { asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db, DbExecutor } from "~/db/client.server";
import { adminChanges, productCategories, products } from "~/db/schema";
import type { AdminActor } from "~/features/admin-changes/index.server";
import { productFilterCondition } from "./list-products.server";
import { applyPriceChange, priceChangeText, type PriceChange } from "./price-change";
import { refreshFacets } from "./product-writes.server";
import { productFilterParams, type ProductListFilters } from "./products-query";

/**
 * Bulk actions on Product Management (ADR 0034): a price change, set active or inactive, or a move to
 * another category, on the selected products or on every product the filter matches. One
 * transaction locks the products (ArtNo order), writes, and records ONE change-log entry that
 * describes itself: what was done, to which selection or filter, and each product's name and values
 * before and after. At most BULK_MAX products a time: the entry and the transaction stay a size a
 * person can read and the database writes in seconds.
 */
export const BULK_MAX = 10_000;
/** Rows per UPDATE statement (three parameters a row, well under PostgreSQL's 65 535). */
const WRITE_CHUNK = 1_000;

export type BulkTarget = { kind: "selection"; artNos: number[] } | { kind: "filter"; filters: ProductListFilters };

export type BulkAction =
  { kind: "price"; change: PriceChange } | { kind: "status"; status: 0 | 1 } | { kind: "category"; categoryId: number };

type Values = Record<string, number | null>;
export type BulkProductChange = { artNo: number; name: string; before: Values; after: Values };

export type BulkOutcome =
  | {
      ok: true;
      /** Products written. */
      changed: number;
      /** Matched but already so (status, category), or left alone by the price rule. */
      unchanged: number;
      skipped: { artNo: number; name: string; reason: string }[];
      changeId: number | null;
    }
  | { ok: false; reason: "too-many" | "invalid" | "none"; message: string };

const ACTION_NAMES = { price: "bulk-price", status: "bulk-status", category: "bulk-category" } as const;

export async function bulkTargetCondition(db: DbExecutor, target: BulkTarget): Promise<SQL | undefined> {
  return target.kind === "selection"
    ? inArray(products.artNo, target.artNos)
    : productFilterCondition(db, target.filters);
}

/** The description, with the brand before it unless it starts with it ("OTE Energy Chews cola 60 g"). */
function nameOf(row: { brand: string | null; shortDescription: string | null; artNo: number }): string {
  const description = row.shortDescription ?? "";
  const brand = row.brand ?? "";
  if (brand && !description.toLowerCase().startsWith(brand.toLowerCase())) return `${brand} ${description}`.trim();
  return description || brand || `ArtNo ${row.artNo}`;
}

function describe(action: BulkAction, categoryName: string | null): string {
  if (action.kind === "price") return `Consumer price ${priceChangeText(action.change)}`;
  if (action.kind === "status") return action.status === 1 ? "Set active" : "Set inactive";
  return `Move to category ${categoryName ?? action.categoryId}`;
}

export async function runBulkAction(
  db: Db,
  actor: AdminActor,
  target: BulkTarget,
  action: BulkAction,
): Promise<BulkOutcome> {
  if (target.kind === "selection" && target.artNos.length === 0) {
    return { ok: false, reason: "none", message: "Select one or more products first." };
  }
  const outcome = await db.transaction(async (tx) => {
    let categoryName: string | null = null;
    if (action.kind === "category") {
      const [category] = await tx
        .select({ id: productCategories.id, name: productCategories.name })
        .from(productCategories)
        .where(eq(productCategories.id, action.categoryId))
        .limit(1);
      if (!category) return { ok: false, reason: "invalid", message: "Please select a valid category." } as const;
      categoryName = category.name;
    }
    const where = await bulkTargetCondition(tx, target);
    const rows = await tx
      .select({
        artNo: products.artNo,
        brand: products.brand,
        shortDescription: products.shortDescription,
        consumerPriceCents: products.consumerPriceCents,
        discountedPriceCents: products.discountedPriceCents,
        status: products.status,
        categoryId: products.categoryId,
      })
      .from(products)
      .where(where)
      .orderBy(asc(products.artNo))
      .limit(BULK_MAX + 1)
      .for("update");
    if (rows.length > BULK_MAX) {
      return {
        ok: false,
        reason: "too-many",
        message: `A bulk change works on at most ${BULK_MAX.toLocaleString("en-GB")} products at a time. Narrow the filter and repeat it.`,
      } as const;
    }
    if (rows.length === 0)
      return { ok: false, reason: "none", message: "No products match: nothing was changed." } as const;

    const changes: BulkProductChange[] = [];
    const skipped: { artNo: number; name: string; reason: string }[] = [];
    let unchanged = 0;
    for (const row of rows) {
      const name = nameOf(row);
      if (action.kind === "price") {
        const before = { consumerPriceCents: row.consumerPriceCents, discountedPriceCents: row.discountedPriceCents };
        const result = applyPriceChange(before, action.change);
        if (!result.changed) {
          skipped.push({
            artNo: row.artNo,
            name,
            reason: result.reason === "no-price" ? "has no consumer price" : "would cost € 0,00 or less",
          });
          continue;
        }
        changes.push({ artNo: row.artNo, name, before, after: result.after });
      } else if (action.kind === "status") {
        if ((row.status === 1 ? 1 : 0) === action.status) unchanged++;
        else changes.push({ artNo: row.artNo, name, before: { status: row.status }, after: { status: action.status } });
      } else if (row.categoryId === action.categoryId) {
        unchanged++;
      } else {
        changes.push({
          artNo: row.artNo,
          name,
          before: { categoryId: row.categoryId },
          after: { categoryId: action.categoryId },
        });
      }
    }

    const now = new Date();
    if (action.kind === "price") {
      // The price-history trigger records each new selling price with this source (ADR 0013).
      await tx.execute(sql`SELECT set_config('app.price_source', 'admin', true)`);
      for (let i = 0; i < changes.length; i += WRITE_CHUNK) {
        const values = sql.join(
          changes
            .slice(i, i + WRITE_CHUNK)
            .map(
              (c) => sql`(${c.artNo}::int, ${c.after.consumerPriceCents}::int, ${c.after.discountedPriceCents}::int)`,
            ),
          sql`, `,
        );
        await tx.execute(sql`
          UPDATE products SET consumer_price_cents = v.consumer, discounted_price_cents = v.discounted, updated_at = ${now}
          FROM (VALUES ${values}) AS v(art_no, consumer, discounted)
          WHERE products.art_no = v.art_no`);
      }
    } else {
      const set = action.kind === "status" ? { status: action.status } : { categoryId: action.categoryId };
      for (let i = 0; i < changes.length; i += WRITE_CHUNK) {
        const ids = changes.slice(i, i + WRITE_CHUNK).map((c) => c.artNo);
        await tx
          .update(products)
          .set({ ...set, updatedAt: now })
          .where(inArray(products.artNo, ids));
      }
    }

    let changeId: number | null = null;
    if (changes.length > 0) {
      const summary = `${describe(action, categoryName)}: ${changes.length} ${changes.length === 1 ? "product" : "products"}`;
      const [change] = await tx
        .insert(adminChanges)
        .values({
          entityType: "product",
          // Not one product: the entry lists them. A product's own history (?type=product&id=<ArtNo>) does not show it.
          entityId: "bulk",
          action: ACTION_NAMES[action.kind],
          before: null,
          after: {
            summary,
            target:
              target.kind === "selection"
                ? { scope: "selection", artNos: target.artNos }
                : { scope: "filter", filter: Object.fromEntries(productFilterParams(target.filters)) },
            change:
              action.kind === "price"
                ? { ...action.change, text: priceChangeText(action.change) }
                : action.kind === "status"
                  ? { status: action.status }
                  : { categoryId: action.categoryId, categoryName },
            matched: rows.length,
            count: changes.length,
            unchanged,
            skipped,
            products: changes,
          },
          actorId: actor.id,
          actorEmail: actor.email,
        })
        .returning({ id: adminChanges.id });
      changeId = change!.id;
    }
    const categories = new Set<number>();
    if (changes.length > 0) {
      for (const row of rows) if (row.categoryId != null) categories.add(row.categoryId);
      if (action.kind === "category") categories.add(action.categoryId);
    }
    return { ok: true, changed: changes.length, unchanged, skipped, changeId, categories: [...categories] } as const;
  });
  if (!outcome.ok) return outcome;
  // Facets (brand, colour, … and price ranges) of every category the change touched, old and new.
  await refreshFacets(db, outcome.categories);
  const { categories: _categories, ...result } = outcome;
  return result;
}

/** How many products a bulk change would touch, for its dialog: counted up to BULK_MAX + 1. */
export async function countBulkTarget(db: DbExecutor, target: BulkTarget): Promise<number> {
  const where = await bulkTargetCondition(db, target);
  const [{ n } = { n: 0 }] = (await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sql`(SELECT 1 FROM products WHERE ${where ?? sql`true`} LIMIT ${BULK_MAX + 1}) AS matches`)) as {
    n: number;
  }[];
  return n;
}
