import { twMerge } from "tailwind-merge";
import { beforeAll, describe, expect, it } from "vitest";
import { createSlide } from "../support/content-factories";
import { createCategory, createProduct } from "../support/factories";
import { useTestApp } from "../support/fixture";

/**
 * cn() is plain clsx (tailwind-merge stays off the shopper's JavaScript), so a className that
 * overrides a component's default class would now ship BOTH utilities and the stylesheet order
 * would pick the winner. This test renders the storefront and asks tailwind-merge, here on the
 * server side only, whether any element carries two Tailwind classes for the same CSS property.
 */
function conflictsIn(html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/ class="([^"]*)"/g)) {
    const value = match[1]!
      .replaceAll("&amp;", "&")
      .replaceAll("&quot;", '"')
      .replaceAll("&#x27;", "'")
      .replaceAll("&lt;", "<")
      .replaceAll("&gt;", ">");
    const classes = [...new Set(value.split(/\s+/).filter(Boolean))];
    const kept = new Set(twMerge(classes.join(" ")).split(" "));
    const dropped = classes.filter((c) => !kept.has(c));
    if (dropped.length) found.push(`${dropped.join(" ")} overridden in "${value}"`);
  }
  return found;
}

describe("no conflicting Tailwind classes on one element", () => {
  const { app, database } = useTestApp();
  let childId: number;
  beforeAll(async () => {
    const db = database.db;
    // A hero slide turns on the inverted header (white search box) on the home page.
    await createSlide(db, { title: "Slide", sortOrder: 1, ctaText: "Shop", ctaLink: "/sportvoeding" });
    await createCategory(db, { id: 8, name: "Fietsonderdelen" });
    const child = await createCategory(db, { name: "Kettingen", parentId: 8, level: 2 });
    childId = child.id;
    await createProduct(db, {
      artNo: 7101,
      categoryId: child.id,
      consumerPriceCents: 3495,
      discountedPriceCents: 2795,
      stockQuantity: 25,
    });
    await createProduct(db, { artNo: 7102, categoryId: child.id, stockQuantity: 3 });
    await createProduct(db, { artNo: 7103, categoryId: child.id, stockQuantity: 0 });
    await createProduct(db, { artNo: 7104, categoryId: child.id, stockQuantity: null });
  });

  it("on home, listings, product pages, contact and the 404 page", async () => {
    const paths = [
      "/",
      "/fietsonderdelen",
      `/products?cat=${childId}`,
      "/products-grid",
      "/product/7101",
      "/product/7102",
      "/product/7103",
      "/product/7104",
      "/contact",
      "/about",
      "/bestaat-niet",
    ];
    const seen: Record<string, string[]> = {};
    for (const path of paths) {
      const { html } = await app.html(path);
      expect(html, path).toContain("<header");
      seen[path] = conflictsIn(html);
    }
    expect(seen).toEqual(Object.fromEntries(paths.map((p) => [p, []])));
  });

  it("finds a conflict when there is one", () => {
    expect(conflictsIn('<span class="text-xs font-medium text-sm">')).toEqual([
      'text-xs overridden in "text-xs font-medium text-sm"',
    ]);
    expect(conflictsIn('<input class="placeholder:text-muted placeholder:text-white/80">')).toHaveLength(1);
  });
});
