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

  it("a migration that redefines search_fold after the folded columns were stored recomputes them", () => {
    const names = readdirSync(MIGRATIONS)
      .filter((f) => f.endsWith(".sql"))
      .sort();
    const texts = names.map((f) => readFileSync(path.join(MIGRATIONS, f), "utf8"));
    const stored = texts.findIndex((m) => /ADD COLUMN "name_folded"/.test(m));
    expect(stored, "a migration stores product_search.name_folded").toBeGreaterThan(-1);
    // PostgreSQL computes a stored generated column when its row is written, never when the function changes.
    for (const [i, m] of texts.entries())
      if (i > stored && /FUNCTION search_fold\b/.test(m))
        expect(m, `${names[i]} redefines search_fold`).toMatch(/UPDATE product_search SET sort_key = sort_key/);
  });

  it("product_search's stored folded name and brand are search_fold of the name key and the brand", async () => {
    await database.db.execute(sql`
      INSERT INTO products (art_no, short_description, brand, consumer_price_cents)
      VALUES (990001, 'Crème Brûlée Gel', 'Bäcker & Müller', 250)`);
    await database.db.execute(sql`UPDATE products SET brand = 'ÉÉN Merk' WHERE art_no = 990001`);
    const row = rowsOf<{ name_folded: string; brand_folded: string }>(
      await database.db.execute(sql`SELECT name_folded, brand_folded FROM product_search WHERE art_no = 990001`),
    )[0];
    expect(row).toEqual({ name_folded: "creme brulee gel", brand_folded: "een merk" });
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
