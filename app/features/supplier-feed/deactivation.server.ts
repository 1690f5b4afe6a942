import { and, eq, ne, sql } from "drizzle-orm";
import type { Db, DbExecutor } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { supplierFeedHeldDeactivations, supplierFeedRuns, type DeactivationHold } from "~/db/schema";
import { recordAdminChange, type AdminActor } from "~/features/admin-changes/index.server";
import { rebuildFilterValueCache } from "~/features/catalogue/index.server";

/**
 * The end of a full product feed (issue 27): the products it no longer lists are set inactive only
 * when the file was read completely and they are at most the safety share of the shop's active
 * products. Otherwise nothing is set inactive: the run's report says how many and which would have
 * been, and the admin may confirm that run on its page. Nothing confirms by itself (a scheduled run
 * waits like any other).
 */
export const HOLD_SAMPLE_SIZE = 20;

/** The products of the shop a full feed did not list: active, and not met by this run. */
const missingFrom = (runId: number) => sql`status = 1 AND NOT EXISTS (
  SELECT 1 FROM supplier_feed_seen s WHERE s.run_id = ${runId} AND s.art_no = products.art_no)`;

export type DeactivationOutcome = { deactivated: number; categories: number[]; hold: DeactivationHold | null };

export async function deactivateMissingProducts(
  db: Db,
  run: { id: number },
  options: { unreadableRows: number; maxPercent: number },
): Promise<DeactivationOutcome> {
  const missing = missingFrom(run.id);
  const [counts] = rowsOf<{ missing: number; active: number }>(
    await db.execute(sql`
      SELECT count(*) FILTER (WHERE ${missing})::int AS missing, count(*) FILTER (WHERE status = 1)::int AS active
      FROM products`),
  );
  const count = Number(counts?.missing ?? 0);
  const active = Number(counts?.active ?? 0);
  if (count === 0) return { deactivated: 0, categories: [], hold: null };

  const reasons: string[] = [];
  if (options.unreadableRows > 0)
    reasons.push(
      `${options.unreadableRows.toLocaleString("en")} ${options.unreadableRows === 1 ? "row" : "rows"} of the file could not be read, so ${options.unreadableRows === 1 ? "its product" : "their products"} may be among the missing ones`,
    );
  // Whole numbers: count / active > maxPercent / 100 without rounding.
  if (count * 100 > active * options.maxPercent)
    reasons.push(
      `${count.toLocaleString("en")} of ${active.toLocaleString("en")} active products is more than the safety share of ${options.maxPercent} %`,
    );

  if (reasons.length === 0) {
    const rows = rowsOf<{ category_id: number | null }>(
      await db.execute(sql`UPDATE products SET status = 0, updated_at = now() WHERE ${missing} RETURNING category_id`),
    );
    return { deactivated: rows.length, categories: categoriesOf(rows), hold: null };
  }

  const sample = rowsOf<{ art_no: number; short_description: string | null }>(
    await db.execute(
      sql`SELECT art_no, short_description FROM products WHERE ${missing} ORDER BY art_no LIMIT ${HOLD_SAMPLE_SIZE}`,
    ),
  ).map((r) => ({ artNo: Number(r.art_no), name: r.short_description }));
  // The ArtNos as they are now: a confirmation later sets exactly these inactive, not products added since.
  await db.execute(sql`
    INSERT INTO supplier_feed_held_deactivations (run_id, art_no)
    SELECT ${run.id}::bigint, art_no FROM products WHERE ${missing}
    ON CONFLICT DO NOTHING`);
  return {
    deactivated: 0,
    categories: [],
    hold: { state: "held", count, activeProducts: active, maxPercent: options.maxPercent, reasons, sample },
  };
}

const categoriesOf = (rows: { category_id: number | null }[]) => [
  ...new Set(rows.filter((r) => r.category_id != null).map((r) => Number(r.category_id))),
];

/** A later product import changes what "missing" means: earlier held deactivations can no longer be confirmed. */
export async function supersedeHeldDeactivations(db: DbExecutor, exceptRunId: number): Promise<void> {
  await db.delete(supplierFeedHeldDeactivations).where(ne(supplierFeedHeldDeactivations.runId, exceptRunId));
  await db
    .update(supplierFeedRuns)
    .set({ deactivationHold: sql`jsonb_set(${supplierFeedRuns.deactivationHold}, '{state}', '"superseded"')` })
    .where(and(ne(supplierFeedRuns.id, exceptRunId), sql`${supplierFeedRuns.deactivationHold}->>'state' = 'held'`));
}

export type ConfirmResult = { ok: true; deactivated: number } | { ok: false; message: string };

/** The admin's confirmation of one run's held deactivation: exactly the held products are set inactive. */
export async function confirmHeldDeactivation(db: Db, actor: AdminActor, runId: number): Promise<ConfirmResult> {
  const result = await db.transaction(async (tx): Promise<ConfirmResult & { categories?: number[] }> => {
    const [run] = await tx.select().from(supplierFeedRuns).where(eq(supplierFeedRuns.id, runId)).for("update").limit(1);
    const hold = run?.deactivationHold;
    if (!run || !hold) return { ok: false, message: "This import has nothing waiting to be set inactive." };
    if (hold.state === "confirmed") return { ok: false, message: "This was confirmed already." };
    if (hold.state === "superseded")
      return { ok: false, message: "A later product import replaced this one; confirm that import instead." };
    const rows = rowsOf<{ category_id: number | null }>(
      await tx.execute(sql`
        UPDATE products SET status = 0, updated_at = now()
        WHERE status = 1 AND art_no IN (SELECT art_no FROM supplier_feed_held_deactivations WHERE run_id = ${runId})
        RETURNING category_id`),
    );
    await tx.delete(supplierFeedHeldDeactivations).where(eq(supplierFeedHeldDeactivations.runId, runId));
    await tx
      .update(supplierFeedRuns)
      .set({
        deactivated: rows.length,
        deactivationHold: {
          ...hold,
          state: "confirmed",
          confirmedBy: actor.email,
          confirmedAt: new Date().toISOString(),
        },
      })
      .where(eq(supplierFeedRuns.id, runId));
    await recordAdminChange(tx, actor, {
      entityType: "supplier_feed_run",
      entityId: String(runId),
      action: "confirm-deactivation",
      before: { held: hold.count },
      after: { deactivated: rows.length },
    });
    return { ok: true, deactivated: rows.length, categories: categoriesOf(rows) };
  });
  if (result.ok && result.categories?.length) await rebuildFilterValueCache(db, result.categories);
  return result.ok ? { ok: true, deactivated: result.deactivated } : result;
}
