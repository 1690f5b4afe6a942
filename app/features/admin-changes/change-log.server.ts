import { and, asc, desc, eq, gt, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { adminChanges, carouselSlides, couponCodes, productCategories, products, users } from "~/db/schema";
import { hasInvalidCharacters } from "~/shared/forms/text-input";
import { entityTypeLabel } from "./labels";
import { describeChange, productName, type ChangeWording, type RecordedChange } from "./wording";

/**
 * The admin's change log (issue 9, in the owner's words since issue 29): the record of admin_changes
 * as one list, filtered by kind of item, one item, the admin who made the change and a range of
 * (Amsterdam) days. Newest first, paged on the row id (keyset: a page deep in the log costs what the
 * first does). Each entry is worded by `describeChange`, with the names of the products, categories,
 * slides and coupons on the page looked up once for the page.
 */

export const CHANGE_LOG_PAGE_SIZE = 50;

export type ChangeLogQuery = {
  entityType: string | null;
  entityId: string | null;
  /** The admin's e-mail address as the record keeps it. */
  actorEmail: string | null;
  /** Amsterdam days, yyyy-mm-dd, both included. */
  from: string | null;
  to: string | null;
  /** Keyset cursors: rows older than `before`, or newer than `after` (one at most). */
  before: number | null;
  after: number | null;
};

const TYPE_PATTERN = /^[a-z][a-z0-9_-]{0,39}$/;
const CURSOR_PATTERN = /^[1-9][0-9]{0,15}$/;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written yyyy-mm-dd (2026-02-30 is not), between the years 2000 and 2999. */
export function isDay(text: string): boolean {
  const match = DAY_PATTERN.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 2000 && year <= 2999 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The query from the URL (?type=&id=&by=&from=&to=&before=|after=). Anything malformed is ignored
 * rather than refused: a hand-edited link shows the log without that filter, never an error. A range
 * given the wrong way round is turned around.
 */
export function parseChangeLogQuery(params: URLSearchParams): ChangeLogQuery {
  const text = (name: string, max: number) => {
    const value = params.get(name)?.trim() ?? "";
    return value && value.length <= max && !hasInvalidCharacters(value) ? value : null;
  };
  const type = text("type", 40);
  const cursor = (name: string) => {
    const value = params.get(name);
    return value && CURSOR_PATTERN.test(value) ? Number(value) : null;
  };
  const day = (name: string) => {
    const value = text(name, 10);
    return value && isDay(value) ? value : null;
  };
  let from = day("from");
  let to = day("to");
  if (from && to && from > to) [from, to] = [to, from];
  const before = cursor("before");
  return {
    entityType: type && TYPE_PATTERN.test(type) ? type : null,
    entityId: text("id", 200),
    actorEmail: text("by", 320),
    from,
    to,
    before,
    after: before === null ? cursor("after") : null,
  };
}

export type ChangeLogEntry = ChangeWording & {
  id: number;
  entityType: string;
  entityTypeLabel: string;
  entityId: string;
  action: string;
  actorEmail: string;
  /** The admin's name as their account has it now; null when the account has none or is gone. */
  actorName: string | null;
  createdAt: Date;
};

export type ChangeLogPage = {
  entries: ChangeLogEntry[];
  /** Cursor for the next (older) page, or null at the oldest. */
  olderCursor: number | null;
  /** Cursor for the previous (newer) page, or null at the newest. */
  newerCursor: number | null;
};

function filterOf(query: ChangeLogQuery): SQL | undefined {
  return and(
    query.entityType ? eq(adminChanges.entityType, query.entityType) : undefined,
    query.entityId ? eq(adminChanges.entityId, query.entityId) : undefined,
    query.actorEmail ? eq(adminChanges.actorEmail, query.actorEmail) : undefined,
    // Amsterdam days: the database turns "2026-12-01" into that day's midnight in Europe/Amsterdam
    // (winter or summer time); "to" includes its whole day.
    query.from
      ? sql`${adminChanges.createdAt} >= (${query.from}::date)::timestamp at time zone 'Europe/Amsterdam'`
      : undefined,
    query.to
      ? sql`${adminChanges.createdAt} < (${query.to}::date + 1)::timestamp at time zone 'Europe/Amsterdam'`
      : undefined,
  );
}

export async function readChangeLog(db: Db, query: ChangeLogQuery): Promise<ChangeLogPage> {
  const newerFirst = query.after === null;
  // One row more than a page tells whether there is a page beyond.
  const rows = await db
    .select({
      id: adminChanges.id,
      entityType: adminChanges.entityType,
      entityId: adminChanges.entityId,
      action: adminChanges.action,
      before: adminChanges.before,
      after: adminChanges.after,
      actorEmail: adminChanges.actorEmail,
      actorName: users.name,
      createdAt: adminChanges.createdAt,
    })
    .from(adminChanges)
    .leftJoin(users, eq(users.id, adminChanges.actorId))
    .where(
      and(
        filterOf(query),
        query.before !== null ? lt(adminChanges.id, query.before) : undefined,
        query.after !== null ? gt(adminChanges.id, query.after) : undefined,
      ),
    )
    .orderBy(newerFirst ? desc(adminChanges.id) : asc(adminChanges.id))
    .limit(CHANGE_LOG_PAGE_SIZE + 1);
  const more = rows.length > CHANGE_LOG_PAGE_SIZE;
  const page = rows.slice(0, CHANGE_LOG_PAGE_SIZE);
  if (!newerFirst) page.reverse();

  const names = await namesFor(db, page);
  const entries: ChangeLogEntry[] = page.map((row) => ({
    ...describeChange(row, names),
    id: row.id,
    entityType: row.entityType,
    entityTypeLabel: entityTypeLabel(row.entityType),
    entityId: row.entityId,
    action: row.action,
    actorEmail: row.actorEmail,
    actorName: row.actorName?.trim() || null,
    createdAt: new Date(row.createdAt),
  }));
  // An entry that recorded no name (a slide's switch records only isActive) borrows one from another
  // entry of the same item on this page.
  const known = new Map<string, string>();
  for (const entry of entries) {
    if (entry.item !== entry.entityId) known.set(`${entry.entityType}\u0000${entry.entityId}`, entry.item);
  }
  for (const entry of entries) {
    if (entry.item === entry.entityId)
      entry.item = known.get(`${entry.entityType}\u0000${entry.entityId}`) ?? entry.item;
  }
  const first = entries[0]?.id ?? null;
  const last = entries.at(-1)?.id ?? null;
  return {
    entries,
    // Paging older: there is more when this page came from a newest-first read that found one row
    // extra, or when it was reached going newer (then older rows exist by construction).
    olderCursor: last !== null && (newerFirst ? more : true) ? last : null,
    newerCursor: first !== null && (newerFirst ? query.before !== null : more) ? first : null,
  };
}

const INT = /^[1-9][0-9]{0,9}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_INT = 2_147_483_647;

function intOf(value: unknown): number | null {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value : "";
  if (!INT.test(text)) return null;
  const n = Number(text);
  return n <= MAX_INT ? n : null;
}

function fieldsOf(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * The names the page needs, one query per kind: products (their current name), categories (a product
 * edit's or a bulk move's category ids), slides and coupons (a switch records no title or code).
 */
async function namesFor(db: Db, rows: RecordedChange[]) {
  const artNos = new Set<number>();
  const categoryIds = new Set<number>();
  const slideIds = new Set<number>();
  const couponIds = new Set<string>();
  for (const row of rows) {
    const before = fieldsOf(row.before);
    const after = fieldsOf(row.after);
    if (row.entityType === "product" || row.entityType === "product-tag") {
      const artNo = intOf(row.entityId);
      if (artNo !== null) artNos.add(artNo);
      for (const id of [before.categoryId, after.categoryId].map(intOf)) if (id !== null) categoryIds.add(id);
      if (Array.isArray(after.products)) {
        for (const id of [after.categoryId, fieldsOf(after.change).categoryId].map(intOf)) {
          if (id !== null) categoryIds.add(id);
        }
        for (const item of after.products.slice(0, 10_000)) {
          const product = fieldsOf(item);
          const n = intOf(product.artNo);
          if (n !== null) artNos.add(n);
          if (row.action === "bulk-category") {
            for (const value of [product.before, product.after]) {
              const id = intOf(value) ?? intOf(fieldsOf(value).categoryId);
              if (id !== null) categoryIds.add(id);
            }
          }
        }
      }
    } else if (row.entityType === "slide") {
      const id = intOf(row.entityId);
      if (id !== null) slideIds.add(id);
    } else if (row.entityType === "coupon" && UUID.test(row.entityId)) {
      couponIds.add(row.entityId);
    }
  }
  const [productRows, categoryRows, slideRows, couponRows] = await Promise.all([
    artNos.size
      ? db
          .select({ artNo: products.artNo, brand: products.brand, description: products.shortDescription })
          .from(products)
          .where(inArray(products.artNo, [...artNos]))
      : [],
    categoryIds.size
      ? db
          .select({ id: productCategories.id, name: productCategories.name })
          .from(productCategories)
          .where(inArray(productCategories.id, [...categoryIds]))
      : [],
    slideIds.size
      ? db
          .select({ id: carouselSlides.id, title: carouselSlides.title })
          .from(carouselSlides)
          .where(inArray(carouselSlides.id, [...slideIds]))
      : [],
    couponIds.size
      ? db
          .select({ id: couponCodes.id, code: couponCodes.code })
          .from(couponCodes)
          .where(inArray(couponCodes.id, [...couponIds]))
      : [],
  ]);
  const productNames = new Map(productRows.map((r) => [r.artNo, productName(r.brand, r.description)]));
  const categoryNames = new Map(categoryRows.map((r) => [r.id, r.name]));
  const itemNames = new Map<string, string>();
  for (const r of slideRows) if (r.title?.trim()) itemNames.set(`slide\u0000${r.id}`, r.title.trim());
  for (const r of couponRows) itemNames.set(`coupon\u0000${r.id}`, r.code);
  return {
    productName: (artNo: number) => productNames.get(artNo) ?? null,
    categoryName: (id: number) => categoryNames.get(id) ?? null,
    itemName: (entityType: string, entityId: string) => itemNames.get(`${entityType}\u0000${entityId}`) ?? null,
  };
}

/**
 * Everyone who made a change, for the "Changed by" filter: the distinct e-mail addresses as the
 * record keeps them (also of admins whose account is gone). A skip scan over the (actor_email, id)
 * index: one index probe per address, however long the log.
 */
export async function listChangeActors(db: Db, limit = 200): Promise<string[]> {
  const result = await db.execute<{ email: string }>(sql`
    WITH RECURSIVE actors(email, n) AS (
      (SELECT actor_email, 1 FROM admin_changes ORDER BY actor_email LIMIT 1)
      UNION ALL
      SELECT (SELECT actor_email FROM admin_changes WHERE actor_email > actors.email ORDER BY actor_email LIMIT 1), n + 1
      FROM actors WHERE actors.email IS NOT NULL AND n < ${limit}
    )
    SELECT email FROM actors WHERE email IS NOT NULL`);
  return rowsOf<{ email: string }>(result).map((r) => r.email);
}
