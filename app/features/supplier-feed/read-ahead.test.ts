import { describe, expect, it } from "vitest";
import { readAhead } from "./import-job.server";

/** A source that records how far it has been read and whether it was closed. */
function source(items: number[], failAt?: number) {
  const log = { read: 0, closed: false };
  async function* generate() {
    try {
      for (const item of items) {
        await new Promise((r) => setTimeout(r, 1));
        if (item === failAt) throw new Error(`cannot read ${item}`);
        log.read++;
        yield item;
      }
    } finally {
      log.closed = true;
    }
  }
  return { items: generate(), log };
}

describe("readAhead", () => {
  it("hands out every item in order, reading at most one ahead", async () => {
    const { items, log } = source([1, 2, 3, 4]);
    const seen: number[] = [];
    for await (const item of readAhead(items)) {
      await new Promise((r) => setTimeout(r, 10));
      expect(log.read).toBeLessThanOrEqual(item + 1);
      seen.push(item);
    }
    expect(seen).toEqual([1, 2, 3, 4]);
    expect(log.closed).toBe(true);
  });

  it("throws a failure of the read ahead when its item is asked for, not before", async () => {
    const { items } = source([1, 2, 3], 2);
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const item of readAhead(items)) {
          await new Promise((r) => setTimeout(r, 10));
          seen.push(item);
        }
      })(),
    ).rejects.toThrow("cannot read 2");
    expect(seen).toEqual([1]);
  });

  it("closes the source when the consumer stops early", async () => {
    const { items, log } = source([1, 2, 3, 4, 5]);
    await expect(
      (async () => {
        for await (const item of readAhead(items)) if (item === 2) throw new Error("stopped");
      })(),
    ).rejects.toThrow("stopped");
    expect(log.closed).toBe(true);
    expect(log.read).toBeLessThanOrEqual(3);
  });
});
