import { execFile, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { eq } from "drizzle-orm";
import { openDatabase, type Database } from "../../app/db/client.server";
import { users } from "../../app/db/schema";

/**
 * The embedded database is one process's alone (issue 12): opening a PGlite data folder takes
 * `<dataDir>.lock`, a second opener is refused with a Dutch message, a lock left by a dead process
 * is taken over, and closing releases it. Always PGlite on disk, whatever TEST_DATABASE_URL says:
 * PostgreSQL and in-memory PGlite take no lock.
 */

const SCRIPT_TIMEOUT = 120_000;
const IN_USE = "is al in gebruik door een ander proces";

let template: Blob;
let root: string;
let counter = 0;

/** A fresh data folder holding the migrated template, closed again (as after a clean stop). */
async function freshDataDir(): Promise<string> {
  const dataDir = path.join(root, `data-${counter++}`);
  const seeded = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite"), loadDataDir: template });
  await seeded.close();
  return dataDir;
}

const pgliteDir = (dataDir: string) => path.join(dataDir, "pglite");
const lockFile = (dataDir: string) => `${path.resolve(pgliteDir(dataDir))}.lock`;
const open = (dataDir: string) => openDatabase({ kind: "pglite", dataDir: pgliteDir(dataDir) });

type Owner = { pid: number; startedAt: string; procStart: string | null; hostname: string };
const ownerIn = (dataDir: string) => JSON.parse(readFileSync(lockFile(dataDir), "utf8")) as Owner;

/** The pid of a process that has certainly exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""]);
  await new Promise((resolve) => child.on("exit", resolve));
  return child.pid!;
}

/** Runs a script as its npm command does (`node --import tsx …`), with DATA_DIR and no DATABASE_URL. */
function runNode(args: string[], env: Record<string, string>) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  delete childEnv.DATABASE_URL;
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", ...args],
      { cwd: process.cwd(), env: childEnv },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

// Child processes opening PGlite: slow on a loaded CI machine (the browser tests run beside).
describe("one process per embedded database", { timeout: 120_000 }, () => {
  const open_: Database[] = [];
  const children: ChildProcess[] = [];

  beforeAll(() => {
    template = new Blob([readFileSync(inject("pgliteTemplate"))]);
    root = mkdtempSync(path.join(tmpdir(), "trapkracht-lock-"));
  });
  afterEach(async () => {
    for (const database of open_.splice(0)) await database.close().catch(() => {});
    for (const child of children.splice(0)) child.kill();
  });
  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it("takes a lock with this process' pid and start time, and releases it on close", async () => {
    const dataDir = await freshDataDir();
    expect(existsSync(lockFile(dataDir))).toBe(false);
    const database = await open(dataDir);
    const owner = ownerIn(dataDir);
    expect(owner.pid).toBe(process.pid);
    expect(owner.hostname).toBe(hostname());
    expect(Math.abs(Date.parse(owner.startedAt) - (Date.now() - process.uptime() * 1000))).toBeLessThan(2000);
    await database.close();
    expect(existsSync(lockFile(dataDir))).toBe(false);
    // Free again: the next open succeeds.
    open_.push(await open(dataDir));
  });

  it("refuses a second open of the same folder with a clear Dutch message", async () => {
    const dataDir = await freshDataDir();
    open_.push(await open(dataDir));
    const second = open(dataDir);
    await expect(second).rejects.toThrow(
      `De database in ${path.resolve(pgliteDir(dataDir))} ${IN_USE} (pid ${process.pid}, gestart `,
    );
    await expect(second).rejects.toThrow(
      "Stop de winkel eerst (of gebruik een andere DATA_DIR, of PostgreSQL via DATABASE_URL) en probeer het dan opnieuw.",
    );
    // The refused attempt did not take the lock away from its owner.
    expect(ownerIn(dataDir).pid).toBe(process.pid);
  });

  it("refuses while another live process holds the lock", async () => {
    const dataDir = await freshDataDir();
    const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
    children.push(child);
    const procStart = readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1]!.split(" ")[19]!;
    const owner: Owner = { pid: child.pid!, startedAt: new Date().toISOString(), procStart, hostname: hostname() };
    writeFileSync(lockFile(dataDir), JSON.stringify(owner));
    await expect(open(dataDir)).rejects.toThrow(`${IN_USE} (pid ${child.pid}, gestart `);
    expect(ownerIn(dataDir)).toEqual(owner);
  });

  it("takes over a stale lock: its process is gone", async () => {
    const dataDir = await freshDataDir();
    const pid = await deadPid();
    writeFileSync(
      lockFile(dataDir),
      JSON.stringify({ pid, startedAt: "2026-01-01T00:00:00.000Z", procStart: "1", hostname: hostname() }),
    );
    const database = await open(dataDir);
    open_.push(database);
    expect(ownerIn(dataDir).pid).toBe(process.pid);
    // And the data is there: the folder opened normally.
    expect(await database.db.select().from(users)).toEqual([]);
  });

  it("takes over a stale lock: its pid now belongs to another process (started later)", async () => {
    const dataDir = await freshDataDir();
    const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
    children.push(child);
    writeFileSync(
      lockFile(dataDir),
      JSON.stringify({ pid: child.pid, startedAt: "2026-01-01T00:00:00.000Z", procStart: "1", hostname: hostname() }),
    );
    open_.push(await open(dataDir));
    expect(ownerIn(dataDir).pid).toBe(process.pid);
  });

  it("respects a lock written on another host, and says how to remove it", async () => {
    const dataDir = await freshDataDir();
    const pid = await deadPid();
    writeFileSync(
      lockFile(dataDir),
      JSON.stringify({ pid, startedAt: "2026-01-01T00:00:00.000Z", procStart: null, hostname: "andere-server" }),
    );
    const attempt = open(dataDir);
    await expect(attempt).rejects.toThrow(`${IN_USE} (pid ${pid} op andere-server, gestart `);
    await expect(attempt).rejects.toThrow(
      `Weet je zeker dat dat proces niet meer draait, verwijder dan ${lockFile(dataDir)}.`,
    );
  });

  it(
    "npm run admin:create refuses while the shop has the folder open, and changes nothing",
    async () => {
      const dataDir = await freshDataDir();
      const shop = await open(dataDir);
      open_.push(shop);
      const run = await runNode(
        ["scripts/admin-create.ts", "--email", "eigenaar@trapkracht.test", "--password", "sterk-wachtwoord"],
        { DATA_DIR: dataDir },
      );
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`De database in ${path.resolve(pgliteDir(dataDir))} ${IN_USE} (pid ${process.pid}`);
      expect(run.stderr).toContain("Stop de winkel eerst");
      expect(run.stderr).not.toContain("    at ");
      expect(run.stdout).toBe("");
      expect(await shop.db.select().from(users).where(eq(users.email, "eigenaar@trapkracht.test"))).toEqual([]);
      expect(ownerIn(dataDir).pid).toBe(process.pid);
    },
    SCRIPT_TIMEOUT,
  );

  it(
    "the server refuses to start on a folder in use, says why, and exits 1",
    async () => {
      const dataDir = await freshDataDir();
      open_.push(await open(dataDir));
      const run = await runNode(["server.ts"], {
        DATA_DIR: dataDir,
        NODE_ENV: "production",
        PORT: "0",
        LOG_LEVEL: "silent",
      });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain("Trapkracht kon niet starten.");
      expect(run.stderr).toContain(`${IN_USE} (pid ${process.pid}`);
      expect(run.stderr).not.toContain("    at ");
    },
    SCRIPT_TIMEOUT,
  );

  it(
    "admin:create works once the shop has stopped",
    async () => {
      const dataDir = await freshDataDir();
      const run = await runNode(
        ["scripts/admin-create.ts", "--email", "eigenaar@trapkracht.test", "--password", "sterk-wachtwoord"],
        { DATA_DIR: dataDir },
      );
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      // The script released the lock when it finished.
      expect(existsSync(lockFile(dataDir))).toBe(false);
    },
    SCRIPT_TIMEOUT,
  );
});
