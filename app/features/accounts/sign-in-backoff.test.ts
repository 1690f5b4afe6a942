import { describe, expect, it } from "vitest";
import { signInDelayMs } from "./auth-limits.server";

describe("the account-wide sign-in back-off", () => {
  it.each([
    [0, 0],
    [9, 0],
    [10, 1000],
    [11, 2000],
    [12, 4000],
    [13, 8000],
    [14, 8000],
    [500, 8000],
  ])("waits, after %i failures, %i ms", (failures, delay) => {
    expect(signInDelayMs(failures)).toBe(delay);
  });
});
