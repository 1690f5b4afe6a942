import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { loadConfig } from "../../app/shared/config/env.server";
import { adminChanges } from "../../app/db/schema";
import {
  exampleOrderMessage,
  getSupplierConfig,
  publicSupplierConfig,
  setSupplierApiUrl,
} from "../../app/features/fulfilment/supplier-settings.server";
import { useTestDatabase } from "../support/fixture";

const ADMIN = { id: "admin-1", email: "beheerder@trapkracht.test" };
const POLICY = { allowLoopback: false };

describe("supplier settings", () => {
  const database = useTestDatabase();
  const demo = loadConfig({ PUBLIC_URL: "https://winkel.example" });
  const configured = loadConfig({
    PUBLIC_URL: "https://winkel.example",
    SUPPLIER_API_URL: "https://api.leverancier.example/orders",
    SUPPLIER_USERNAME: "trapkracht",
    SUPPLIER_PASSWORD: "geheim",
    SUPPLIER_DEBTOR_NUMBER: "D-10452",
    SUPPLIER_DELIVERY_NOTE_LANGUAGE: "EN",
    SUPPLIER_TIMEOUT_MS: "5000",
  });
  const urlChanges = () => database.db.select().from(adminChanges).where(eq(adminChanges.entityId, "supplier-api-url"));

  it("without any configuration uses the built-in test supplier with its demo account", async () => {
    expect(await getSupplierConfig(database.db, demo)).toEqual({
      url: "https://winkel.example/api/test-supplier/orders",
      urlSource: "test-supplier",
      defaultUrl: "https://winkel.example/api/test-supplier/orders",
      username: "trapkracht-demo",
      password: "demo-leverancier",
      debtorNumber: "DEMO-0001",
      deliveryNoteLanguage: "NL",
      timeoutMs: 15_000,
      isTestSupplier: true,
      credentialsWithheld: false,
    });
  });

  it("uses the environment's supplier, and the admin's URL wins over it; clearing returns to the environment", async () => {
    expect(await getSupplierConfig(database.db, configured)).toMatchObject({
      url: "https://api.leverancier.example/orders",
      urlSource: "environment",
      username: "trapkracht",
      password: "geheim",
      debtorNumber: "D-10452",
      deliveryNoteLanguage: "EN",
      timeoutMs: 5000,
      isTestSupplier: false,
    });
    expect(await setSupplierApiUrl(database.db, ADMIN, " https://api.leverancier.example/v2/orders ", POLICY)).toEqual({
      ok: true,
      url: "https://api.leverancier.example/v2/orders",
    });
    const supplier = await getSupplierConfig(database.db, configured);
    expect(supplier).toMatchObject({
      url: "https://api.leverancier.example/v2/orders",
      urlSource: "admin",
      defaultUrl: "https://api.leverancier.example/orders",
      username: "trapkracht",
    });
    const shown = publicSupplierConfig(supplier);
    expect(shown).toMatchObject({ url: "https://api.leverancier.example/v2/orders", hasCredentials: true });
    expect(JSON.stringify(shown)).not.toContain("geheim");

    expect(await setSupplierApiUrl(database.db, ADMIN, "", POLICY)).toEqual({ ok: true, url: null });
    expect((await getSupplierConfig(database.db, configured)).urlSource).toBe("environment");

    const changes = await urlChanges();
    expect(changes.map((c) => ({ type: c.entityType, by: c.actorEmail, before: c.before, after: c.after }))).toEqual([
      {
        type: "setting",
        by: "beheerder@trapkracht.test",
        before: { url: null },
        after: { url: "https://api.leverancier.example/v2/orders" },
      },
      {
        type: "setting",
        by: "beheerder@trapkracht.test",
        before: { url: "https://api.leverancier.example/v2/orders" },
        after: { url: null },
      },
    ]);
  });

  it("sends the credentials only to SUPPLIER_API_URL's origin: an admin's URL elsewhere gets none", async () => {
    for (const url of [
      "https://api2.leverancier.example/orders",
      "http://api.leverancier.example/orders",
      "https://api.leverancier.example:8443/orders",
    ]) {
      expect(await setSupplierApiUrl(database.db, ADMIN, url, POLICY)).toEqual({ ok: true, url });
      expect(await getSupplierConfig(database.db, configured)).toMatchObject({
        url,
        username: "",
        password: "",
        credentialsWithheld: true,
      });
    }
    await setSupplierApiUrl(database.db, ADMIN, "", POLICY);
  });

  it("refuses a URL that is not http(s), carries credentials, is malformed or too long, and records nothing", async () => {
    const before = (await urlChanges()).length;
    const refused = [
      ["ftp://leverancier.example/orders", "The URL must start with http:// or https://"],
      [
        "https://user:pw@leverancier.example/orders",
        "The URL may not contain a user name or password (credentials come from the server's settings)",
      ],
      ["leverancier.example/orders", "Enter a full URL, e.g. https://api.supplier.example/orders"],
      [`https://leverancier.example/${"a".repeat(2100)}`, "The URL is longer than 2048 characters"],
    ] as const;
    for (const [url, error] of refused) {
      expect(await setSupplierApiUrl(database.db, ADMIN, url, POLICY)).toEqual({ ok: false, error });
    }
    expect(await urlChanges()).toHaveLength(before);
    expect((await getSupplierConfig(database.db, configured)).url).toBe("https://api.leverancier.example/orders");
  });

  it("offers an example order with placeholders instead of credentials", () => {
    const example = exampleOrderMessage({ debtorNumber: "D-10452", deliveryNoteLanguage: "NL" });
    expect(example).toContain("<Username>••••</Username>");
    expect(example).toContain("<Password>••••</Password>");
    expect(example).not.toContain("geheim");
  });
});
