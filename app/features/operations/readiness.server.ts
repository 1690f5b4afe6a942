import { readFileSync } from "node:fs";
import path from "node:path";
import { MIGRATIONS_DIR, probeDatabase, type Db } from "~/db/client.server";

/** What drizzle-kit writes in meta/_journal.json: one entry per migration file, `when` its moment. */
type Journal = { entries: { tag: string; when: number }[] };

/** The migrations this code expects, from the journal shipped with it (read once: it never changes while running). */
export function expectedMigrations(migrationsDir: string = MIGRATIONS_DIR): { tag: string; when: number }[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsDir, "meta", "_journal.json"), "utf8")) as Journal;
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

export type Readiness = { ready: true } | { ready: false; reason: string };

/** How long the readiness probe waits for the database: below a load balancer's usual 2–5 s probe timeout. */
export const READINESS_TIMEOUT_MS = 1_500;

/**
 * Ready = the database answers within `timeoutMs` and every migration of the journal is recorded
 * in drizzle's table (drizzle.__drizzle_migrations, created_at = the journal's `when`). One query,
 * which also proves the database is reachable.
 */
export async function checkReadiness(
  db: Db,
  expected: readonly { tag: string; when: number }[],
  timeoutMs = READINESS_TIMEOUT_MS,
): Promise<Readiness> {
  let applied: Set<number>;
  try {
    const rows = await probeDatabase<{ created_at: unknown }>(
      db,
      timeoutMs,
      "select created_at from drizzle.__drizzle_migrations",
    );
    applied = new Set(rows.map((row) => Number(row.created_at)));
  } catch (error) {
    // No migrations table at all: a database nobody migrated (it answered, so it is reachable).
    if ((error as { code?: unknown }).code === "42P01") return { ready: false, reason: "migrations not applied" };
    return { ready: false, reason: "database unavailable" };
  }
  const missing = expected.filter((migration) => !applied.has(migration.when));
  if (missing.length > 0) {
    return { ready: false, reason: `${missing.length} migration(s) not applied, first ${missing[0]!.tag}` };
  }
  return { ready: true };
}
