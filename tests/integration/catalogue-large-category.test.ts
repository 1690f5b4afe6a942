import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../app/db/rows.server";
import { products } from "../../app/db/schema";
import { EXACT_COUNT_LIMIT, FACET_COUNT_CAP, TOTAL_COUNT_CAP } from "../../app/features/catalogue/facet-caps";
import { rebuildFilterValueCache } from "../../app/features/catalogue/filter-cache.server";
import { anchorWith, productLinks, textOf } from "../support/catalogue-html";
import { configureFilters, createFilterTypes, FILTER } from "../support/catalogue-factories";
import { createCategory } from "../support/factories";
import { useTestApp } from "../support/fixture";

const BRANDS = ["Alpha", "Beta", "Gamma", "Delta"];
const COLOURS = ["Rood", "Groen", "Blauw"];
const SIZE = 12_000;
const CAT = 200;

/**
 * A category above EXACT_COUNT_LIMIT (issue 14): its counts come from the kept summaries or stop at
 * a cap, and the page says so. Products i = 0…11 999: brand BRANDS[i % 4], colour COLOURS[i % 3],
 * price rising with i; plus three of a rare brand, the dearest, so a capped sample never sees them.
 */
describe("a huge category (/products)", () => {
  const { app, database } = useTestApp();

  beforeAll(async () => {
    const db = database.db;
    await createFilterTypes(db);
    await createCategory(db, { id: CAT, name: "Grote categorie", level: 1 });
    await configureFilters(db, CAT, [FILTER.brand, FILTER.color, FILTER.price]);
    for (let start = 0; start < SIZE; start += 1000) {
      await db.insert(products).values(
        Array.from({ length: 1000 }, (_, k) => {
          const i = start + k;
          return {
            artNo: 500_000 + i,
            brand: BRANDS[i % 4]!,
            colour: COLOURS[i % 3]!,
            shortDescription: `Artikel ${String(i).padStart(5, "0")}`,
            consumerPriceCents: 1000 + i,
            categoryId: CAT,
          };
        }),
      );
    }
    await db.insert(products).values(
      [0, 1, 2].map((i) => ({
        artNo: 600_000 + i,
        brand: "Zeldzaam",
        colour: "Rood",
        shortDescription: `Zeldzaam ${i}`,
        consumerPriceCents: 99_000 + i,
        categoryId: CAT,
      })),
    );
    await rebuildFilterValueCache(db, [CAT]);
  });

  it("is big enough to be counted with caps", () => {
    expect(SIZE).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(SIZE / 3).toBeGreaterThan(TOTAL_COUNT_CAP);
  });

  it("shows the exact total and facet counts without filters, and the real last page", async () => {
    const { status, html } = await app.html(`/products?cat=${CAT}`);
    expect(status).toBe(200);
    const text = textOf(html);
    expect(text).toContain("12.003 producten");
    expect(text).not.toContain("Meer dan");
    expect(text).toMatch(/Alpha \(3\.000\)/);
    expect(text).toMatch(/Zeldzaam \(3\)/);
    expect(text).toMatch(/Rood \(4\.003\)/);
    expect(text).not.toContain("minstens");
    expect(productLinks(html)).toHaveLength(20);
    const lastPage = Math.ceil((SIZE + 3) / 20);
    expect(anchorWith(html, `aria-label="Pagina ${lastPage}"`)).toBeDefined();
  });

  it("says 'meer dan' when a filtered total stopped counting, and pages on past it", async () => {
    const { html } = await app.html(`/products?cat=${CAT}&filter_2=Rood`);
    const text = textOf(html);
    expect(text).toContain("Meer dan 1.000 producten");
    expect(productLinks(html)).toHaveLength(20);
    // No last page is claimed: the numbers end in an ellipsis and "Volgende" goes on.
    expect(anchorWith(html, 'aria-label="Pagina 50"')).toBeUndefined();
    expect(anchorWith(html, 'rel="next"')).toContain(`page=2`);

    // A page beyond the first 1 000 products: the right 20, in the default order.
    const deep = await app.html(`/products?cat=${CAT}&filter_2=Rood&page=60`);
    const expected = rowsOf<{ art_no: number }>(
      await database.db.execute(sql`
        SELECT p.art_no FROM products p LEFT JOIN stock s ON s.art_no = p.art_no
        WHERE p.is_listed AND p.category_id = ${CAT} AND p.colour = 'Rood'
        ORDER BY coalesce(s.quantity, 0) > 0 DESC, lower(p.short_description), p.art_no LIMIT 20 OFFSET ${59 * 20}`),
    ).map((r) => Number(r.art_no));
    expect(productLinks(deep.html)).toEqual(expected);
    expect(textOf(deep.html)).toContain(`Meer dan ${(62 * 20).toLocaleString("nl-NL")} producten`);
    expect(anchorWith(deep.html, 'rel="next"')).toContain("page=61");
  });

  it("shows capped facet counts as lower bounds, keeps unseen values selectable, and says so", async () => {
    const { html } = await app.html(`/products?cat=${CAT}&filter_2=Rood`);
    const text = textOf(html);
    // The brand facet counts among at most FACET_COUNT_CAP red products.
    const alpha = Number(text.match(/Alpha \((\d+)\+\)/)?.[1]);
    expect(alpha).toBeGreaterThan(0);
    expect(alpha).toBeLessThanOrEqual(FACET_COUNT_CAP);
    expect(html).toContain(`aria-label="minstens ${alpha} producten"`);
    // The dearest brand is outside that sample: listed without a count, still a choice.
    expect(html).toMatch(/name="filter_1"[^>]*value="Zeldzaam"/);
    expect(text).not.toMatch(/Zeldzaam \(/);
    expect(text).toContain(
      'In deze grote categorie tellen we per filter tot 1.000 producten; een + betekent "minstens".',
    );
    // The colour facet has no other filter: exact counts from the cache.
    expect(text).toMatch(/Groen \(4\.000\)/);
  });

  it("counts exactly when the filters leave fewer products than the cap", async () => {
    const { html } = await app.html(`/products?cat=${CAT}&filter_1=Zeldzaam`);
    const text = textOf(html);
    expect(text).toContain("3 producten");
    expect(text).not.toContain("Meer dan");
    expect(text).toMatch(/Rood \(3\)/);
    expect(text).not.toContain("minstens");
    expect(productLinks(html).sort()).toEqual([600_000, 600_001, 600_002]);
  });
});
