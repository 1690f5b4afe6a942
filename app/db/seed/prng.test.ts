import { describe, expect, it } from "vitest";
import { createRng, hashString } from "./prng";

describe("seeded PRNG", () => {
  it("repeats the same sequence for the same seed and differs for another", () => {
    const a = createRng(42);
    const b = createRng(42);
    const c = createRng(43);
    const seqA = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(seqA);
  });

  it("stays within bounds and covers them", () => {
    const rng = createRng(7);
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const n = rng.int(1, 6);
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(6);
      seen.add(n);
      const f = rng.next();
      expect(f).toBeGreaterThanOrEqual(0);
      expect(f).toBeLessThan(1);
    }
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("respects weights roughly and never picks a zero weight", () => {
    const rng = createRng(99);
    const counts = { a: 0, b: 0, never: 0 };
    for (let i = 0; i < 10_000; i++)
      counts[
        rng.weighted([
          ["a", 9],
          ["b", 1],
          ["never", 0],
        ] as const)
      ]++;
    expect(counts.never).toBe(0);
    expect(counts.a / 10_000).toBeGreaterThan(0.85);
    expect(counts.a / 10_000).toBeLessThan(0.95);
  });

  it("samples distinct items", () => {
    const rng = createRng(1);
    const picked = rng.sample(["a", "b", "c", "d", "e"], 3);
    expect(new Set(picked).size).toBe(3);
    expect(rng.sample(["a"], 5)).toEqual(["a"]);
  });

  it("hashes strings stably", () => {
    expect(hashString("trapkracht")).toBe(hashString("trapkracht"));
    expect(hashString("a")).not.toBe(hashString("b"));
  });
});
