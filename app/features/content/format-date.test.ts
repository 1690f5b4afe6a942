import { describe, expect, it } from "vitest";
import { formatDutchDate } from "./format-date";
import { blogImageChain, DEFAULT_BLOG_IMAGE } from "./blog-images";

describe("formatDutchDate", () => {
  it("writes the day, the Dutch month name and the year", () => {
    expect(formatDutchDate("2026-03-12")).toBe("12 maart 2026");
    expect(formatDutchDate("2025-01-01")).toBe("1 januari 2025");
  });
  it("leaves an unreadable date as it is", () => {
    expect(formatDutchDate("binnenkort")).toBe("binnenkort");
  });
});

describe("blogImageChain", () => {
  it("tries the hero image, then the thumbnail, then the default", () => {
    expect(blogImageChain("/a.jpg", "/b.jpg")).toEqual(["/a.jpg", "/b.jpg", DEFAULT_BLOG_IMAGE]);
    expect(blogImageChain(null, "/b.jpg")).toEqual(["/b.jpg", DEFAULT_BLOG_IMAGE]);
    expect(blogImageChain("", null)).toEqual([DEFAULT_BLOG_IMAGE]);
  });
});
