import { describe, expect, it } from "vitest";
import { categoryPageItems, gridPageItems, totalPagesOf, type PageItem } from "./pagination";

const show = (items: PageItem[]) => items.map((i) => (i.kind === "page" ? String(i.page) : "…")).join(" ");

describe("categoryPageItems", () => {
  it("shows every page when there are few", () => {
    expect(show(categoryPageItems(1, 1))).toBe("1");
    expect(show(categoryPageItems(2, 7))).toBe("1 2 3 4 5 6 7");
    expect(categoryPageItems(1, 0)).toEqual([]);
  });

  it("shows the first 3, the last 3 and the neighbours of the current page with ellipses", () => {
    expect(show(categoryPageItems(1, 20))).toBe("1 2 3 … 18 19 20");
    expect(show(categoryPageItems(10, 20))).toBe("1 2 3 … 9 10 11 … 18 19 20");
    expect(show(categoryPageItems(20, 20))).toBe("1 2 3 … 18 19 20");
    expect(show(categoryPageItems(4, 20))).toBe("1 2 3 4 5 … 18 19 20");
    expect(show(categoryPageItems(17, 20))).toBe("1 2 3 … 16 17 18 19 20");
  });

  it("fills a one-page gap with the page itself instead of an ellipsis", () => {
    expect(show(categoryPageItems(6, 20))).toBe("1 2 3 4 5 6 7 … 18 19 20");
    expect(show(categoryPageItems(1, 8))).toBe("1 2 3 … 6 7 8");
  });

  it("ends with an ellipsis instead of the last pages when the total is only a lower bound", () => {
    expect(show(categoryPageItems(1, 50, true))).toBe("1 2 3 …");
    expect(show(categoryPageItems(10, 50, true))).toBe("1 2 3 … 9 10 11 …");
    expect(show(categoryPageItems(200, 202, true))).toBe("1 2 3 … 199 200 201 …");
  });

  it("clamps an out-of-range current page", () => {
    expect(show(categoryPageItems(99, 10))).toBe("1 2 3 … 8 9 10");
    expect(show(categoryPageItems(-3, 10))).toBe("1 2 3 … 8 9 10");
  });
});

describe("gridPageItems", () => {
  it("shows up to 5 pages, 2 either side of the current one, with ellipses beyond", () => {
    expect(show(gridPageItems(1, 3))).toBe("1 2 3");
    expect(show(gridPageItems(1, 10))).toBe("1 2 3 4 5 …");
    expect(show(gridPageItems(6, 10))).toBe("… 4 5 6 7 8 …");
    expect(show(gridPageItems(10, 10))).toBe("… 6 7 8 9 10");
    expect(show(gridPageItems(2, 10))).toBe("1 2 3 4 5 …");
  });
});

describe("totalPagesOf", () => {
  it("rounds up and is at least 1", () => {
    expect(totalPagesOf(0, 20)).toBe(1);
    expect(totalPagesOf(20, 20)).toBe(1);
    expect(totalPagesOf(21, 20)).toBe(2);
  });
});
