import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sweepStaleTempFiles, writeFileAtomically } from "./write-file.server";

let dir = "";
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "trapkracht-write-file-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("writeFileAtomically", () => {
  it("leaves only the finished file", async () => {
    await writeFileAtomically(path.join(dir, "slide.webp"), Buffer.from("inhoud"));
    expect(readdirSync(dir)).toEqual(["slide.webp"]);
    expect(readFileSync(path.join(dir, "slide.webp"), "utf8")).toBe("inhoud");
  });

  it("removes its temporary file when the rename fails, and passes the error on", async () => {
    // The target's place is taken by a folder that is not empty: the write succeeds, the rename cannot.
    mkdirSync(path.join(dir, "bezet", "vol"), { recursive: true });
    await expect(writeFileAtomically(path.join(dir, "bezet"), Buffer.from("b"))).rejects.toHaveProperty("code");
    expect(readdirSync(dir)).toEqual(["bezet"]);
  });
});

describe("sweepStaleTempFiles", () => {
  const HOUR = 60 * 60_000;

  it("removes temporary files older than the limit and keeps younger ones and every other file", async () => {
    const now = Date.now();
    const old = (name: string) => {
      writeFileSync(path.join(dir, name), "x");
      utimesSync(path.join(dir, name), new Date(now - 2 * HOUR), new Date(now - 2 * HOUR));
    };
    old(".a1b2.webp.1234.tmp");
    old("10001-abc-800.webp.99.1700000000000.tmp");
    old("10001-abc-800.webp");
    writeFileSync(path.join(dir, ".nog-bezig.webp.tmp"), "x");

    expect(await sweepStaleTempFiles(dir, HOUR, now)).toBe(2);
    expect(readdirSync(dir).sort()).toEqual([".nog-bezig.webp.tmp", "10001-abc-800.webp"]);
  });

  it("is fine with a folder that does not exist yet", async () => {
    expect(await sweepStaleTempFiles(path.join(dir, "nog-niet"), HOUR)).toBe(0);
  });
});
