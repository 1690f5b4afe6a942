import { bigint, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Who changed what and when in the admin, with the values before and after: orders, settings, the
 * supplier connection, and later products, tags, slides, coupons and users. Append-only: the
 * migration refuses UPDATE and DELETE on this table.
 */
export const adminChanges = pgTable(
  "admin_changes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    /** What kind of thing changed: "order", "setting", "product", … */
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    /** What was done, e.g. "status", "supplier-api-url", "retry-dropshipment". */
    action: text("action").notNull(),
    before: jsonb("before").$type<unknown>(),
    after: jsonb("after").$type<unknown>(),
    /** The admin's user id, without a foreign key: the record outlives the account and is never rewritten. */
    actorId: text("actor_id"),
    /** Kept as written, so the record still names the admin after their account is gone. */
    actorEmail: text("actor_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("admin_changes_entity_idx").on(t.entityType, t.entityId, t.id),
    index("admin_changes_created_idx").on(t.createdAt),
    /** The change log's "Changed by" filter and its list of people (a skip scan), ADR 0037. */
    index("admin_changes_actor_idx").on(t.actorEmail, t.id),
  ],
);
