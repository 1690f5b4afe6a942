/**
 * Issue 27 item 14: a write broken off by a crash or a full disk leaves a temporary file; the
 * production server removes the stale ones from every folder it writes to when it starts, and leaves
 * a young one alone (another instance sharing DATA_DIR may be writing it right now).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase } from "../../app/db/client.server";
import { bundleServer, startServerProcess, type ServerProcess } from "../support/server-process";

// Starts the production server as a child process (PGlite, migrations): slow on a loaded CI machine.
describe("temporary files at start", { timeout: 120_000 }, () => {
  let dataDir: string;
  let bundle: { file: string; cleanup: () => void };
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "trapkracht-sweep-"));
    const database = await openDatabase({
      kind: "pglite",
      dataDir: path.join(dataDir, "pglite"),
      loadDataDir: new Blob([readFileSync(inject("pgliteTemplate"))]),
    });
    await database.close();
    bundle = bundleServer();
  });
  afterAll(async () => {
    await server?.stop();
    bundle?.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("removes the stale ones in the carousel, feed and image folders and keeps a young one and real files", async () => {
    const hourAgo = new Date(Date.now() - 3_600_000);
    const stale = ["uploads/carousel/.slide.webp.1.tmp", "supplier-feeds/.feed.csv.2.tmp", "images/.p1.webp.3.tmp"];
    const young = "images/.p2.webp.4.tmp";
    const kept = "images/p3.webp";
    for (const name of [...stale, young, kept]) {
      mkdirSync(path.dirname(path.join(dataDir, name)), { recursive: true });
      writeFileSync(path.join(dataDir, name), "half a file");
    }
    for (const name of [...stale, kept]) utimesSync(path.join(dataDir, name), hourAgo, hourAgo);

    server = await startServerProcess(bundle.file, { DATA_DIR: dataDir });

    for (const name of stale) expect(existsSync(path.join(dataDir, name)), name).toBe(false);
    expect(existsSync(path.join(dataDir, young))).toBe(true);
    expect(existsSync(path.join(dataDir, kept))).toBe(true);
  });
});
