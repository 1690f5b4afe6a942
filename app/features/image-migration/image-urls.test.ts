import { describe, expect, it } from "vitest";
import { classifyImageUrl } from "./image-urls.server";
import { cardImageSources } from "./stored-image-name";

describe("classifyImageUrl", () => {
  it.each([
    ["https://cdn.example.com/a.jpg", "external"],
    ["HTTP://cdn.example.com/a.jpg", "external"],
    ["/media/images/10001-0123456789abcdef-800.webp", "stored"],
    ["/media/images/../../etc", "broken"],
    ["/media/product/10001-1.svg", "generated"],
    ["/media/product/missing.svg", "broken"],
    ["/placeholder.svg", "local"],
    ["//evil.example/a.jpg", "broken"],
    ["javascript:alert(1)", "broken"],
  ])("%s is %s", (url, kind) => {
    expect(classifyImageUrl(url).kind).toBe(kind);
  });
});

describe("cardImageSources", () => {
  it("gives a migrated image's 400 px file to cards, the 800 px one for sharp screens", () => {
    expect(cardImageSources("/media/images/10021-3072675db64b8e3b-800.webp")).toEqual({
      src: "/media/images/10021-3072675db64b8e3b-400.webp",
      srcSet: "/media/images/10021-3072675db64b8e3b-400.webp 1x, /media/images/10021-3072675db64b8e3b-800.webp 2x",
    });
    expect(cardImageSources("/media/product/10001-1.svg")).toEqual({ src: "/media/product/10001-1.svg" });
    expect(cardImageSources("https://cdn.example.com/a-800.webp")).toEqual({
      src: "https://cdn.example.com/a-800.webp",
    });
  });
});
