import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { blogSvg, byeBannerSvg, categorySvg, heroSvg, HERO_COUNT, productSvg, type Area } from "./svg";
import { rowsOf } from "~/db/rows.server";
import { CATEGORY_IDS } from "~/features/catalogue";

const AREA_BY_ROOT: Record<number, Area> = {
  [CATEGORY_IDS.bicycleParts]: "parts",
  [CATEGORY_IDS.maintenance]: "maintenance",
  [CATEGORY_IDS.sportsNutrition]: "nutrition",
};

/** The top-level category of a category, walking parent links (UNION stops on accidental cycles). */
async function areaOfCategory(db: Db, categoryId: number | null): Promise<Area> {
  if (categoryId == null) return "parts";
  const result = await db.execute(sql`
    WITH RECURSIVE up(id, parent_id) AS (
      SELECT id, parent_id FROM product_categories WHERE id = ${categoryId}
      UNION SELECT c.id, c.parent_id FROM product_categories c JOIN up ON c.id = up.parent_id
    ) SELECT id FROM up WHERE parent_id IS NULL LIMIT 1`);
  const root = rowsOf<{ id: number }>(result)[0]?.id;
  return (root != null && AREA_BY_ROOT[Number(root)]) || "parts";
}

const PRODUCT_FILE = /^(\d{1,9})-([1-9])\.svg$/;
const CATEGORY_FILE = /^(\d{1,9})\.svg$/;
const BLOG_FILE = /^([a-z0-9]+(?:-[a-z0-9]+)*)-(thumb|hero)\.svg$/;
const HERO_FILE = /^([1-9])\.svg$/;

/**
 * The SVG for `/media/<kind>/<file>`, or null when there is no such image (unknown kind, a file
 * name that does not fit the pattern, or a product / category / blog post that does not exist).
 */
export async function renderMediaSvg(db: Db, kind: string, file: string): Promise<string | null> {
  switch (kind) {
    case "product": {
      const match = PRODUCT_FILE.exec(file);
      if (!match) return null;
      const artNo = Number(match[1]);
      const result = await db.execute(
        sql`SELECT brand, short_description, type, size, colour, category_id FROM products WHERE art_no = ${artNo}`,
      );
      const row = rowsOf<{
        brand: string | null;
        short_description: string | null;
        type: string | null;
        size: string | null;
        colour: string | null;
        category_id: number | null;
      }>(result)[0];
      if (!row) return null;
      return productSvg({
        artNo,
        n: Number(match[2]),
        brand: row.brand,
        title: row.short_description,
        type: row.type,
        detail: row.size ?? row.colour,
        area: await areaOfCategory(db, row.category_id == null ? null : Number(row.category_id)),
      });
    }
    case "category": {
      const match = CATEGORY_FILE.exec(file);
      if (!match) return null;
      const id = Number(match[1]);
      const result = await db.execute(sql`SELECT name FROM product_categories WHERE id = ${id}`);
      const row = rowsOf<{ name: string }>(result)[0];
      if (!row) return null;
      return categorySvg({ id, name: row.name, area: await areaOfCategory(db, id) });
    }
    case "blog": {
      const match = BLOG_FILE.exec(file);
      if (!match) return null;
      // The last step of the blog image fallback (hero → thumbnail → default) must always exist.
      if (file === "default-hero.svg") return blogSvg({ slug: "default", title: "Trapkracht blog", variant: "hero" });
      const result = await db.execute(sql`SELECT title FROM blog_posts WHERE slug = ${match[1]}`);
      const row = rowsOf<{ title: string }>(result)[0];
      if (!row) return null;
      return blogSvg({ slug: match[1]!, title: row.title, variant: match[2] as "thumb" | "hero" });
    }
    case "hero": {
      const match = HERO_FILE.exec(file);
      if (!match || Number(match[1]) > HERO_COUNT) return null;
      return heroSvg(Number(match[1]));
    }
    case "banner":
      return file === "bye.svg" ? byeBannerSvg() : null;
    default:
      return null;
  }
}
