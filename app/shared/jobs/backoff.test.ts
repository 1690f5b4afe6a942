import { describe, expect, it } from "vitest";
import { retryDelayMs } from "./backoff";

describe("retryDelayMs", () => {
  it("doubles from the base and stops at the maximum", () => {
    const backoff = { baseMs: 1_000, maxMs: 10_000 };
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelayMs(backoff, n))).toEqual([
      1_000, 2_000, 4_000, 8_000, 10_000, 10_000,
    ]);
  });
  it("follows a fixed list and keeps its last wait", () => {
    const backoff = { delaysMs: [60_000, 300_000] };
    expect([1, 2, 3].map((n) => retryDelayMs(backoff, n))).toEqual([60_000, 300_000, 300_000]);
  });
});
