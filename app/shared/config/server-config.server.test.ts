import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ensureAuthSecret, prepareServerConfig } from "./server-config.server";
import { ConfigError, loadConfig } from "./env.server";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "trapkracht-secret-"));
  dirs.push(dir);
  return dir;
}

describe("ensureAuthSecret", () => {
  it("keeps AUTH_SECRET when it is set", async () => {
    const config = loadConfig({ AUTH_SECRET: "s".repeat(40), DATA_DIR: tempDir() });
    expect((await ensureAuthSecret(config)).authSecret).toBe("s".repeat(40));
  });

  it("generates one for the embedded database once and reuses it after a restart", async () => {
    const dataDir = tempDir();
    const first = await ensureAuthSecret(loadConfig({ DATA_DIR: dataDir }));
    expect(first.authSecret!.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, "auth-secret"), "utf8").trim()).toBe(first.authSecret);
    const second = await ensureAuthSecret(loadConfig({ DATA_DIR: dataDir }));
    expect(second.authSecret).toBe(first.authSecret);
  });

  it("refuses to start a production server on PostgreSQL without AUTH_SECRET", async () => {
    const config = loadConfig({
      DATABASE_URL: "postgres://db.example/shop",
      DATA_DIR: tempDir(),
      LOCAL_PAYMENTS_ALLOWED: "true",
      TEST_SUPPLIER_ALLOWED: "true",
    });
    await expect(prepareServerConfig(config)).rejects.toThrow(/AUTH_SECRET/);
    await expect(ensureAuthSecret(config)).rejects.toThrow(ConfigError);
    await expect(ensureAuthSecret(config)).rejects.toThrow(/AUTH_SECRET: verplicht met DATABASE_URL/);
  });

  it("refuses the local test payment page on a production database unless allowed", async () => {
    const base = {
      DATABASE_URL: "postgres://db.example/shop",
      AUTH_SECRET: "s".repeat(40),
      TEST_SUPPLIER_ALLOWED: "true",
    };
    await expect(prepareServerConfig(loadConfig(base))).rejects.toThrow(/LOCAL_PAYMENTS_ALLOWED/);
    await expect(prepareServerConfig(loadConfig({ ...base, LOCAL_PAYMENTS_ALLOWED: "true" }))).resolves.toBeTruthy();
    // The embedded default (no DATABASE_URL) is the demo: its payment page is the point.
    await expect(prepareServerConfig(loadConfig({ DATA_DIR: tempDir() }))).resolves.toBeTruthy();
  });

  it("leaves scripts alone: loading the configuration with DATABASE_URL needs no secret", () => {
    expect(() => loadConfig({ DATABASE_URL: "postgres://db.example/shop" })).not.toThrow();
  });
});
