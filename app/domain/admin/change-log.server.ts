import { and, asc, desc, eq, gt, lt } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { adminChanges, users } from "~/db/schema";
import { hasInvalidCharacters } from "~/lib/text-input";
import { formatAdminDateTime, isIsoMoment } from "~/shared/dates/admin-dates";

/**
 * The admin's change log (issue 9): the record of admin_changes made readable, as one list or for one
 * item. Newest first, paged on the row id (keyset: a page deep in the log costs what the first does).
 * Before/after become a list of the fields that changed; secrets are never shown.
 */

export const CHANGE_LOG_PAGE_SIZE = 50;

/** The kinds of item the admin changes, in the filter's order. Others (written later) still list. */
export const CHANGE_ENTITY_TYPES = [
  { id: "product", label: "Product" },
  { id: "tag", label: "Tag" },
  { id: "slide", label: "Homepage slide" },
  { id: "coupon", label: "Coupon" },
  { id: "user", label: "User" },
  { id: "setting", label: "Setting" },
  { id: "order", label: "Order" },
  { id: "image-migration", label: "Image migration" },
] as const;

export function entityTypeLabel(type: string): string {
  return CHANGE_ENTITY_TYPES.find((t) => t.id === type)?.label ?? type;
}

export type ChangeLogQuery = {
  entityType: string | null;
  entityId: string | null;
  /** Keyset cursors: rows older than `before`, or newer than `after` (one at most). */
  before: number | null;
  after: number | null;
};

const TYPE_PATTERN = /^[a-z][a-z0-9-]{0,39}$/;
const CURSOR_PATTERN = /^[1-9][0-9]{0,15}$/;

/**
 * The query from the URL (?type=&id=&before=|after=). Anything malformed is ignored rather than
 * refused: a hand-edited link shows the unfiltered first page, never an error.
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
  const before = cursor("before");
  return {
    entityType: type && TYPE_PATTERN.test(type) ? type : null,
    entityId: text("id", 200),
    before,
    after: before === null ? cursor("after") : null,
  };
}

export type FieldChange = { field: string; before: string | null; after: string | null };

export type ChangeLogEntry = {
  id: number;
  entityType: string;
  entityTypeLabel: string;
  entityId: string;
  /** A readable name of the item from the recorded values (a user's e-mail, a coupon's code, …). */
  entityName: string | null;
  action: string;
  actorEmail: string;
  /** The admin's name as their account has it now; null when the account has none or is gone. */
  actorName: string | null;
  createdAt: Date;
  /** The fields whose value differs between before and after, secrets masked. */
  changes: FieldChange[];
};

export type ChangeLogPage = {
  entries: ChangeLogEntry[];
  /** Cursor for the next (older) page, or null at the oldest. */
  olderCursor: number | null;
  /** Cursor for the previous (newer) page, or null at the newest. */
  newerCursor: number | null;
};

export async function readChangeLog(db: Db, query: ChangeLogQuery): Promise<ChangeLogPage> {
  const filter = and(
    query.entityType ? eq(adminChanges.entityType, query.entityType) : undefined,
    query.entityId ? eq(adminChanges.entityId, query.entityId) : undefined,
  );
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
        filter,
        query.before !== null ? lt(adminChanges.id, query.before) : undefined,
        query.after !== null ? gt(adminChanges.id, query.after) : undefined,
      ),
    )
    .orderBy(newerFirst ? desc(adminChanges.id) : asc(adminChanges.id))
    .limit(CHANGE_LOG_PAGE_SIZE + 1);
  const more = rows.length > CHANGE_LOG_PAGE_SIZE;
  const page = rows.slice(0, CHANGE_LOG_PAGE_SIZE);
  if (!newerFirst) page.reverse();
  const entries = page.map((row) => ({
    id: row.id,
    entityType: row.entityType,
    entityTypeLabel: entityTypeLabel(row.entityType),
    entityId: row.entityId,
    entityName: nameOf(row.after) ?? nameOf(row.before),
    action: row.action,
    actorEmail: row.actorEmail,
    actorName: row.actorName?.trim() || null,
    createdAt: new Date(row.createdAt),
    changes: diffFields(row.before, row.after),
  }));
  // An entry that recorded no name (a switch records only isActive) borrows one from another entry
  // of the same item on this page.
  const names = new Map<string, string>();
  for (const entry of entries) {
    if (entry.entityName) names.set(`${entry.entityType}\u0000${entry.entityId}`, entry.entityName);
  }
  for (const entry of entries) {
    entry.entityName ??= names.get(`${entry.entityType}\u0000${entry.entityId}`) ?? null;
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

const NAME_KEYS = ["email", "code", "title", "name", "artNo", "tag"] as const;

/** The first readable name among the recorded fields, if any. */
function nameOf(value: unknown): string | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const fields = value as Record<string, unknown>;
  for (const key of NAME_KEYS) {
    const name = fields[key];
    if (typeof name === "string" && name.trim()) return name.trim().slice(0, 120);
  }
  return null;
}

/** A key naming something secret: its value is never shown, only that it changed. */
const SECRET_KEY = /pass(word)?|secret|token|api[-_]?key|credential|authori[sz]ation|cookie|private/i;
export const MASK = "•••••• (hidden)";

/**
 * The fields that differ between two recorded values. Objects compare key by key (one level; deeper
 * values show as JSON); anything else (null, a number, a list) counts as a single field named "value".
 * A field whose key names a secret is masked; a URL's user and password are masked too.
 */
export function diffFields(before: unknown, after: unknown): FieldChange[] {
  const b = asFields(before);
  const a = asFields(after);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const changes: FieldChange[] = [];
  for (const key of keys) {
    const was = Object.hasOwn(b, key) ? b[key] : undefined;
    const now = Object.hasOwn(a, key) ? a[key] : undefined;
    if (JSON.stringify(was) === JSON.stringify(now)) continue;
    const secret = SECRET_KEY.test(key);
    changes.push({
      field: key,
      before: was === undefined ? null : secret ? MASK : showValue(was),
      after: now === undefined ? null : secret ? MASK : showValue(now),
    });
  }
  return changes;
}

function asFields(value: unknown): Record<string, unknown> {
  if (value === null || value === undefined) return {};
  if (typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  return { value };
}

function showValue(value: unknown): string {
  if (value === null) return "(empty)";
  // A recorded moment (a coupon's valid-until, a Date written as JSON) in the admin's Amsterdam time.
  if (typeof value === "string") return isIsoMoment(value) ? formatAdminDateTime(value) : maskUrlCredentials(value);
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number") return String(value);
  return maskUrlCredentials(
    JSON.stringify(value, (key, inner: unknown) => (key && SECRET_KEY.test(key) ? MASK : inner)),
  );
}

/** https://user:secret@host → https://••••••@host: a URL's userinfo is a credential. */
function maskUrlCredentials(text: string): string {
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@"]+@/gi, "$1••••••@");
}
