import { asc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { searchSynonyms } from "~/db/schema";
import { recordAdminChange, type AdminActor } from "~/features/admin-changes/index.server";
import {
  parseSynonymForm,
  rewriteWith,
  SYNONYM_MAX_COUNT,
  synonymTable,
  type Synonym,
  type SynonymField,
  type SynonymTable,
} from "./synonym-rules";

/**
 * The synonyms list (issue 30 item 9, ADR 0044): the admin's writes, each with its change-log entry
 * in the same transaction, and the rewrite the search entry points call.
 *
 * The list is read once and kept in memory per database handle: every search would otherwise pay a
 * query for a list that changes a few times a year. A write through this process drops the copy at
 * once; another process (a second instance) reads the list again after CACHE_TTL_MS at the latest.
 */
export const CACHE_TTL_MS = 60_000;

type Cached = { table: SynonymTable; loadedAt: number; loading: Promise<SynonymTable> | null };
const cache = new WeakMap<Db, Cached>();

export function forgetSynonyms(db: Db): void {
  cache.delete(db);
}

async function tableOf(db: Db): Promise<SynonymTable> {
  const now = Date.now();
  const cached = cache.get(db);
  if (cached && now - cached.loadedAt < CACHE_TTL_MS) return cached.table;
  if (cached?.loading) return cached.loading;
  const loading = listSynonyms(db).then((rows) => synonymTable(rows));
  const entry: Cached = { table: cached?.table ?? new Map(), loadedAt: cached?.loadedAt ?? 0, loading };
  cache.set(db, entry);
  try {
    const table = await loading;
    // A write while this read ran dropped the entry: this copy may be older than the write.
    if (cache.get(db) === entry) cache.set(db, { table, loadedAt: now, loading: null });
    return table;
  } catch (error) {
    if (cache.get(db) === entry) cache.delete(db);
    throw error;
  }
}

/**
 * What the search runs for the shopper's query: synonyms applied (see rewriteWith). Search must not
 * fail because of the list: when it cannot be read, the query runs as typed.
 */
export async function rewriteQuery(db: Db, rawQuery: string): Promise<string> {
  try {
    return rewriteWith(await tableOf(db), rawQuery);
  } catch {
    return rawQuery;
  }
}

export async function listSynonyms(db: Db): Promise<Synonym[]> {
  return db
    .select({ id: searchSynonyms.id, term: searchSynonyms.term, replacement: searchSynonyms.replacement })
    .from(searchSynonyms)
    .orderBy(asc(searchSynonyms.term));
}

export type SynonymWrite =
  | { ok: true; synonym: Synonym }
  | { ok: false; reason: "invalid"; field: SynonymField; message: string }
  | { ok: false; reason: "not-found"; message: string };

const NOT_FOUND = { ok: false, reason: "not-found", message: "This synonym no longer exists." } as const;

/** Adds (id null) or edits a synonym after checking it against the rest of the list. */
export async function saveSynonym(
  db: Db,
  actor: AdminActor,
  id: number | null,
  raw: { term: string | null; replacement: string | null },
): Promise<SynonymWrite> {
  const result = await db.transaction(async (tx): Promise<SynonymWrite> => {
    // One admin's add cannot slip past another's check for the same term: writes take turns.
    await tx.execute(sql`LOCK TABLE ${searchSynonyms} IN SHARE ROW EXCLUSIVE MODE`);
    const others = await tx
      .select({ term: searchSynonyms.term })
      .from(searchSynonyms)
      .where(id === null ? undefined : ne(searchSynonyms.id, id));
    const parsed = parseSynonymForm(raw, others);
    if (!parsed.ok) return { ok: false, reason: "invalid", field: parsed.field, message: parsed.message };
    if (id === null) {
      if (others.length >= SYNONYM_MAX_COUNT) {
        return { ok: false, reason: "invalid", field: "term", message: "The list holds at most 1000 synonyms." };
      }
      const [row] = await tx
        .insert(searchSynonyms)
        .values(parsed.synonym)
        .returning({ id: searchSynonyms.id, term: searchSynonyms.term, replacement: searchSynonyms.replacement });
      await recordAdminChange(tx, actor, {
        entityType: "search-synonym",
        entityId: String(row!.id),
        action: "create",
        before: null,
        after: parsed.synonym,
      });
      return { ok: true, synonym: row! };
    }
    const [before] = await tx
      .select({ term: searchSynonyms.term, replacement: searchSynonyms.replacement })
      .from(searchSynonyms)
      .where(eq(searchSynonyms.id, id));
    if (!before) return NOT_FOUND;
    const [row] = await tx
      .update(searchSynonyms)
      .set({ ...parsed.synonym, updatedAt: new Date() })
      .where(eq(searchSynonyms.id, id))
      .returning({ id: searchSynonyms.id, term: searchSynonyms.term, replacement: searchSynonyms.replacement });
    await recordAdminChange(tx, actor, {
      entityType: "search-synonym",
      entityId: String(id),
      action: "update",
      before,
      after: parsed.synonym,
    });
    return { ok: true, synonym: row! };
  });
  if (result.ok) forgetSynonyms(db);
  return result;
}

export async function deleteSynonym(db: Db, actor: AdminActor, id: number): Promise<SynonymWrite> {
  const result = await db.transaction(async (tx): Promise<SynonymWrite> => {
    const [row] = await tx
      .delete(searchSynonyms)
      .where(eq(searchSynonyms.id, id))
      .returning({ id: searchSynonyms.id, term: searchSynonyms.term, replacement: searchSynonyms.replacement });
    if (!row) return NOT_FOUND;
    await recordAdminChange(tx, actor, {
      entityType: "search-synonym",
      entityId: String(id),
      action: "delete",
      before: { term: row.term, replacement: row.replacement },
      after: null,
    });
    return { ok: true, synonym: row };
  });
  if (result.ok) forgetSynonyms(db);
  return result;
}
