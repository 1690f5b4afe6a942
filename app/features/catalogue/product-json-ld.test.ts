import { describe, expect, it } from "vitest";
import { absoluteUrl, productJsonLd, serializeJsonLd } from "./product-json-ld";

describe("product JSON-LD", () => {
  const base = {
    artNo: 7,
    name: "Gel",
    brand: "BYE!",
    description: "",
    images: ["/media/product/7-1.svg", "https://cdn.example.com/7-2.jpg"],
    priceCents: 1295,
    url: "https://shop.example/product/7",
  };

  it("uses absolute image URLs, the ArtNo as sku and the price in euros with two decimals", () => {
    const ld = productJsonLd({ ...base, stockQuantity: 12 }, "https://shop.example");
    expect(ld.image).toEqual(["https://shop.example/media/product/7-1.svg", "https://cdn.example.com/7-2.jpg"]);
    expect(ld.sku).toBe("7");
    expect(ld.offers.price).toBe("12.95");
    expect(ld.offers.availability).toBe("https://schema.org/InStock");
    expect(ld).not.toHaveProperty("description");
  });

  it("maps the stock labels to availability", () => {
    const availability = (q: number | null) => productJsonLd({ ...base, stockQuantity: q }, "").offers.availability;
    expect(availability(10)).toBe("https://schema.org/InStock");
    expect(availability(9)).toBe("https://schema.org/LimitedAvailability");
    expect(availability(1)).toBe("https://schema.org/LimitedAvailability");
    expect(availability(0)).toBe("https://schema.org/OutOfStock");
    expect(availability(null)).toBe("https://schema.org/OutOfStock");
  });

  it("serialises without characters that could end the script element", () => {
    const text = serializeJsonLd({ name: "</script><script>alert(1)</script> & \u2028" });
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual({ name: "</script><script>alert(1)</script> & \u2028" });
  });

  it("leaves absolute URLs alone and prefixes paths", () => {
    expect(absoluteUrl("http://x.nl/a.jpg", "https://o")).toBe("http://x.nl/a.jpg");
    expect(absoluteUrl("a.jpg", "https://o")).toBe("https://o/a.jpg");
  });
});
