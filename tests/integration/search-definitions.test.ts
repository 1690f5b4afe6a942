import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "../../app/db/rows.server";
import { fold } from "../../app/features/search/normalise";
import { useTestDatabase } from "../support/fixture";

const SQL_DIR = path.resolve(import.meta.dirname, "../../app/features/search/sql");
const MIGRATIONS = path.resolve(import.meta.dirname, "../../app/db/migrations");

describe("the search's SQL definitions (issue 30 item 13)", () => {
  const database = useTestDatabase();

  it("each definition file is what the newest migration that mentions its function applied", () => {
    const migrations = readdirSync(MIGRATIONS)
      .filter((f) => f.endsWith(".sql"))
      .sort()
      .map((f) => readFileSync(path.join(MIGRATIONS, f), "utf8"));
    const files = readdirSync(SQL_DIR).filter((f) => f.endsWith(".sql"));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const definition = readFileSync(path.join(SQL_DIR, file), "utf8").trim();
      const name = path.basename(file, ".sql");
      const newest = migrations.filter((m) => new RegExp(`FUNCTION ${name}\\b`).test(m)).at(-1);
      expect(newest, `a migration defines ${name}`).toBeDefined();
      // Changing the file without a new migration that carries it fails here.
      expect(newest, `the newest migration defining ${name} carries ${file} as it is`).toContain(definition);
    }
  });

  it("search_fold in the database folds as fold() does in JavaScript", async () => {
    const samples = [
      "Crème Brûlée",
      "Busch + Müller",
      "CAFEÏNE ÉÉN Ça",
      "àáâãäåèéêëìíîïòóôõöùúûüýÿçñ",
      "ÀÁÂÃÄÅÈÉÊËÌÍÎÏÒÓÔÕÖÙÚÛÜÝÇÑ",
      "Škoda Łódź Øresund",
      "700x25c MTB-band",
    ];
    for (const text of samples) {
      const row = rowsOf<{ folded: string }>(await database.db.execute(sql`SELECT search_fold(${text}) AS folded`))[0]!;
      expect(row.folded, text).toBe(fold(text));
    }
  });
});
