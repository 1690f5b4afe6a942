import { describe, expect, it } from "vitest";
import { matchingPages, parseSlideLink } from "./slide-link";

describe("parseSlideLink: only the three forms", () => {
  it("the spec's fixed pages", () => {
    for (const link of [
      "/products",
      "/sportvoeding",
      "/reiniging",
      "/smering",
      "/fietsonderdelen",
      "/blog",
      "/contact",
    ]) {
      expect(parseSlideLink(link)).toEqual({ kind: "page", link });
    }
  });
  it("a category's list and a product page", () => {
    expect(parseSlideLink("/products?cat=16")).toEqual({ kind: "category", id: 16, link: "/products?cat=16" });
    expect(parseSlideLink("/product/12345")).toEqual({ kind: "product", artNo: 12345, link: "/product/12345" });
  });
  it("nothing else: other paths, other sites, extra parameters, odd numbers", () => {
    for (const bad of [
      "",
      "/admin",
      "/onderhoud",
      "https://evil.example/products",
      "//evil.example",
      "/products?cat=16&x=1",
      "/products?cat=016",
      "/products?cat=0",
      "/products?cat=99999999999",
      "/product/12a",
      "/product/1/../../admin",
      "javascript:alert(1)",
      "/products ",
      "/Products",
    ]) {
      expect(parseSlideLink(bad), bad).toBeNull();
    }
  });
});

describe("matchingPages", () => {
  it("by name or path, case-insensitive; all for an empty term", () => {
    expect(matchingPages("").length).toBe(7);
    expect(matchingPages("SMEER").map((p) => p.link)).toEqual([]);
    expect(matchingPages("smer").map((p) => p.link)).toEqual(["/smering"]);
    expect(matchingPages("/blog").map((p) => p.label)).toEqual(["Blog"]);
    expect(matchingPages("all products").map((p) => p.link)).toEqual(["/products"]);
  });
});
