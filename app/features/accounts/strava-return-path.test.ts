import { describe, expect, it } from "vitest";
import { stravaReturnPath } from "./strava-return-path";

const SHOP = "https://shop.example.nl";

describe("stravaReturnPath", () => {
  it("goes back to the shop page the button was on, with its query", () => {
    expect(stravaReturnPath("https://shop.example.nl/products?cat=12", SHOP)).toBe("/products?cat=12");
  });

  it("never goes to another site", () => {
    expect(stravaReturnPath("https://evil.example/products", SHOP)).toBe("/");
    expect(stravaReturnPath("http://shop.example.nl/products", SHOP)).toBe("/");
  });

  it("falls back to the home page without a usable Referer", () => {
    expect(stravaReturnPath(null, SHOP)).toBe("/");
    expect(stravaReturnPath("", SHOP)).toBe("/");
    expect(stravaReturnPath("http://[::1", SHOP)).toBe("/");
  });

  it("does not go back to the start route or the auth API", () => {
    expect(stravaReturnPath("https://shop.example.nl/auth/strava", SHOP)).toBe("/");
    expect(stravaReturnPath("https://shop.example.nl/api/auth/callback/strava", SHOP)).toBe("/");
  });
});
