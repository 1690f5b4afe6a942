import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./env.server";
import { prepareServerConfig } from "./server-config.server";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const production = {
  DATABASE_URL: "postgres://db.example/shop",
  AUTH_SECRET: "s".repeat(40),
  LOCAL_PAYMENTS_ALLOWED: "true",
};
const realSupplier = {
  SUPPLIER_API_URL: "https://api.leverancier.example/orders",
  SUPPLIER_USERNAME: "trapkracht",
  SUPPLIER_PASSWORD: "geheim-wachtwoord",
  SUPPLIER_DEBTOR_NUMBER: "D-10452",
};

describe("supplier configuration", () => {
  it("defaults to the local test supplier with language NL and a 15 s timeout", () => {
    expect(loadConfig({}).supplier).toEqual({
      apiUrl: undefined,
      username: undefined,
      password: undefined,
      debtorNumber: undefined,
      deliveryNoteLanguage: "NL",
      timeoutMs: 15_000,
      testSupplierAllowedInProduction: false,
    });
  });

  it("reads every SUPPLIER_* variable", () => {
    const config = loadConfig({
      ...realSupplier,
      SUPPLIER_DELIVERY_NOTE_LANGUAGE: "de",
      SUPPLIER_TIMEOUT_MS: "8000",
      TEST_SUPPLIER_ALLOWED: "true",
    });
    expect(config.supplier).toEqual({
      apiUrl: "https://api.leverancier.example/orders",
      username: "trapkracht",
      password: "geheim-wachtwoord",
      debtorNumber: "D-10452",
      deliveryNoteLanguage: "DE",
      timeoutMs: 8000,
      testSupplierAllowedInProduction: true,
    });
  });

  it("refuses a supplier URL without credentials, a non-http URL and a silly timeout", () => {
    expect(() => loadConfig({ SUPPLIER_API_URL: "https://api.leverancier.example/orders" })).toThrow(
      /SUPPLIER_USERNAME, SUPPLIER_PASSWORD en SUPPLIER_DEBTOR_NUMBER/,
    );
    expect(() => loadConfig({ ...realSupplier, SUPPLIER_API_URL: "ftp://leverancier.example/orders" })).toThrow(
      /SUPPLIER_API_URL moet met http/,
    );
    expect(() => loadConfig({ SUPPLIER_TIMEOUT_MS: "5" })).toThrow(ConfigError);
    expect(() => loadConfig({ SUPPLIER_DELIVERY_NOTE_LANGUAGE: "Nederlands" })).toThrow(
      /SUPPLIER_DELIVERY_NOTE_LANGUAGE/,
    );
  });

  it("refuses the local test supplier on a production database unless allowed", async () => {
    await expect(prepareServerConfig(loadConfig(production))).rejects.toThrow(/TEST_SUPPLIER_ALLOWED=true/);
    await expect(prepareServerConfig(loadConfig(production))).rejects.toThrow(ConfigError);
    await expect(
      prepareServerConfig(loadConfig({ ...production, TEST_SUPPLIER_ALLOWED: "true" })),
    ).resolves.toBeTruthy();
    await expect(prepareServerConfig(loadConfig({ ...production, ...realSupplier }))).resolves.toBeTruthy();
    // The embedded default (no DATABASE_URL) is the demo: its test supplier is the point.
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "trapkracht-supplier-"));
    dirs.push(dataDir);
    await expect(prepareServerConfig(loadConfig({ DATA_DIR: dataDir }))).resolves.toBeTruthy();
  });
});
