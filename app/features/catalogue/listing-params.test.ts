import { describe, expect, it } from "vitest";
import {
  isFormStyleQuery,
  isPagingKey,
  listingHref,
  nextPageHref,
  pageHref,
  parseListingParams,
  parsePriceRange,
  serializeListingParams,
  toggleFilterValue,
  toggleTag,
  withoutFilterValue,
  withoutFilters,
} from "./listing-params";

describe("parseListingParams", () => {
  it("reads cat, page, sort, comma-separated filter lists, search, tags and stock order", () => {
    const p = parseListingParams(
      "cat=101&page=3&sort=price-desc&filter_1=Shimano,SRAM&filter_5=10-50&q=%20ketting%20&tag=gel,reep&stock=first",
    );
    expect(p).toEqual({
      cat: 101,
      page: 3,
      after: null,
      sort: "price-desc",
      filters: { 1: ["Shimano", "SRAM"], 5: ["10-50"] },
      q: "ketting",
      tags: ["gel", "reep"],
      stock: "first",
    });
  });

  it("ignores invalid values instead of failing", () => {
    const p = parseListingParams("cat=abc&page=-2&sort=random&filter_x=1&filter_0=a&filter_2=,,&stock=yes&tag=");
    expect(p).toEqual({
      cat: null,
      page: 1,
      after: null,
      sort: "default",
      filters: {},
      q: "",
      tags: [],
      stock: "default",
    });
    expect(parseListingParams("cat=1e3&page=2.5").cat).toBeNull();
    expect(parseListingParams("page=99999999999").page).toBe(1);
    // Spaces a person may leave are forgiven; control characters make the value absent (module doc).
    expect(parseListingParams("cat=%207%20&page=3%20").page).toBe(3);
    expect(parseListingParams("cat=%207%20&page=3%20").cat).toBe(7);
    expect(parseListingParams("cat=7%0A&page=12%0A&na=10012%00").cat).toBeNull();
    expect(parseListingParams("cat=7%0A&page=12%0A").page).toBe(1);
    expect(parseListingParams("cat=7&page=3&na=10012%09").after).toBeNull();
  });

  it("merges repeated keys from a plain GET form and folds min/max price inputs into one range", () => {
    const p = parseListingParams("filter_1=Shimano&filter_1=SRAM&filter_1=Shimano&filter_5_min=60&filter_5_max=20");
    expect(p.filters).toEqual({ 1: ["Shimano", "SRAM"], 5: ["20-60"] });
    expect(parseListingParams("filter_5_min=&filter_5_max=").filters).toEqual({});
    expect(parseListingParams("filter_5_min=abc&filter_5_max=x").filters).toEqual({});
  });

  it("caps long values and long lists", () => {
    const many = Array.from({ length: 50 }, (_, i) => `v${i}`).join(",");
    expect(parseListingParams(`filter_1=${many}`).filters[1]).toHaveLength(30);
    expect(parseListingParams(`filter_1=${"x".repeat(101)}`).filters).toEqual({});
    expect(parseListingParams(`q=${"a".repeat(300)}`).q).toHaveLength(100);
  });
});

describe("the next page's product (na)", () => {
  it("is read as an ArtNo on pages after the first only", () => {
    expect(parseListingParams("cat=7&page=3&na=10012").after).toBe(10012);
    expect(parseListingParams("cat=7&na=10012").after).toBeNull();
    for (const bad of ["abc", "-4", "1e3", "99999999999", "12a"])
      expect(parseListingParams(`cat=7&page=3&na=${bad}`).after, bad).toBeNull();
  });

  it("travels on the Volgende link only: number links, filters and sort changes drop it", () => {
    const p = parseListingParams("cat=7&sort=name-asc&page=3&na=10012");
    expect(serializeListingParams(p)).toBe("?cat=7&sort=name-asc&page=3&na=10012");
    expect(nextPageHref("/products", p, 3, 20001)).toBe("/products?cat=7&sort=name-asc&page=4&na=20001");
    expect(pageHref("/products", p, 5)).toBe("/products?cat=7&sort=name-asc&page=5");
    expect(listingHref("/products", toggleFilterValue(p, 1, "A", true))).toBe(
      "/products?cat=7&filter_1=A&sort=name-asc",
    );
    expect(["page", "na"].every(isPagingKey)).toBe(true);
    expect(isPagingKey("sort")).toBe(false);
  });
});

describe("serializeListingParams", () => {
  it("writes one canonical URL: fixed order, comma lists, defaults left out", () => {
    const p = parseListingParams("page=2&filter_5=10-50&sort=name-asc&cat=7&filter_1=A%20B,C%26D");
    expect(serializeListingParams(p)).toBe("?cat=7&filter_1=A%20B,C%26D&filter_5=10-50&sort=name-asc&page=2");
    expect(serializeListingParams(parseListingParams(""))).toBe("");
    expect(parseListingParams(serializeListingParams(p).slice(1))).toEqual(p);
  });

  it("changes of filters go back to page 1", () => {
    const p = parseListingParams("cat=7&filter_1=A,B&page=4&tag=gel");
    expect(listingHref("/products", toggleFilterValue(p, 1, "C", true))).toBe("/products?cat=7&filter_1=A,B,C&tag=gel");
    expect(listingHref("/products", toggleFilterValue(p, 1, "A", true))).toBe("/products?cat=7&filter_1=B&tag=gel");
    expect(listingHref("/products", toggleFilterValue(p, 4, "M", false))).toBe(
      "/products?cat=7&filter_1=A,B&filter_4=M&tag=gel",
    );
    expect(listingHref("/products", withoutFilterValue(p, 1, "B"))).toBe("/products?cat=7&filter_1=A&tag=gel");
    expect(listingHref("/products", toggleTag(p, "gel"))).toBe("/products?cat=7&filter_1=A,B");
    expect(listingHref("/products", withoutFilters(p))).toBe("/products?cat=7");
  });
});

describe("isFormStyleQuery", () => {
  it("spots what only a plain form sends", () => {
    expect(isFormStyleQuery(new URLSearchParams("cat=1&filter_1=A,B"))).toBe(false);
    expect(isFormStyleQuery(new URLSearchParams("cat=1&filter_1=A&filter_1=B"))).toBe(true);
    expect(isFormStyleQuery(new URLSearchParams("cat=1&filter_5_min=1&filter_5_max=9"))).toBe(true);
    expect(isFormStyleQuery(new URLSearchParams("cat=1&sort=default"))).toBe(true);
    expect(isFormStyleQuery(new URLSearchParams("cat=1&filter_4="))).toBe(true);
  });
});

describe("parsePriceRange", () => {
  it("reads whole-euro ranges, low first", () => {
    expect(parsePriceRange("10-50")).toEqual({ min: 10, max: 50 });
    expect(parsePriceRange("50-10")).toEqual({ min: 10, max: 50 });
    expect(parsePriceRange("10")).toBeNull();
    expect(parsePriceRange("a-b")).toBeNull();
  });
});
