import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { outbox, siteSettings, users } from "../../app/db/schema";
import { setMaintenanceMode } from "../../app/features/site-settings/site-settings.server";
import { startTestApp, type TestApp } from "../support/app";
import { createCategory, createProduct } from "../support/factories";
import { cookieHeaderFrom, createUser, signedInUser } from "../support/users";
import { useTestApp } from "../support/fixture";

const REFUSAL = "De website is tijdelijk in onderhoud. Probeer het later opnieuw.";

const { app, database } = useTestApp();
let admin: Awaited<ReturnType<typeof signedInUser>>;
let customer: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  admin = await signedInUser(app, database.db, { role: "admin", email: "beheer@trapkracht.test" });
  customer = await signedInUser(app, database.db, { email: "klant@example.nl" });
});

const outboxCount = async () => Number((await database.db.select({ n: count() }).from(outbox))[0]!.n);
const contactFields = {
  firstName: "Anna",
  lastName: "de Vries",
  email: "anna@example.nl",
  subject: "Vraag",
  message: "Is de winkel open?",
};

function expectMaintenanceScreen(html: string) {
  expect(html).toContain("We zijn zo terug");
  expect(html).toContain("Inloggen als beheerder");
  // Only the screen: no shop header or footer.
  expect(html).not.toContain("Naar inhoud");
}

describe("maintenance mode on", () => {
  beforeEach(async () => {
    await setMaintenanceMode(database.db, true);
    return async () => {
      await setMaintenanceMode(database.db, false);
    };
  });

  it.each(["/", "/products", "/about", "/contact", "/login"])(
    "serves a guest GET %s the maintenance screen with 503",
    async (path) => {
      const { status, html } = await app.html(path);
      expect(status).toBe(503);
      expectMaintenanceScreen(html);
    },
  );

  it.each(["/", "/products"])("serves a signed-in customer GET %s the maintenance screen with 503", async (path) => {
    const { status, html } = await app.html(path, { headers: { cookie: customer.cookie } });
    expect(status).toBe(503);
    expectMaintenanceScreen(html);
  });

  it.each(["/", "/products", "/about"])("lets an admin browse %s normally", async (path) => {
    const { status, html } = await app.html(path, { headers: { cookie: admin.cookie } });
    expect(status).toBe(200);
    expect(html).toContain("Naar inhoud");
    expect(html).not.toContain("We zijn zo terug");
  });

  it("refuses a guest's and a customer's contact message with 503 and stores nothing", async () => {
    const before = await outboxCount();
    for (const cookie of ["", customer.cookie]) {
      for (const path of ["/contact", "/contact.data"]) {
        const res = await app.post(path, contactFields, { headers: { cookie } });
        expect(res.status).toBe(503);
        expect(await res.text()).toBe(REFUSAL);
      }
    }
    expect(await outboxCount()).toBe(before);
  });

  it("lets an admin post while it is on", async () => {
    const res = await app.post("/contact", contactFields, {
      headers: { cookie: admin.cookie, "x-forwarded-for": "192.0.2.77" },
    });
    expect(res.status).toBe(302);
  });

  it("keeps the resource routes that list the shop closed to non-admins", async () => {
    for (const path of [
      "/api/search-suggestions?q=ke",
      "/sitemap.xml",
      // React Router also serves these spellings of the same routes.
      "/Api/Search-Suggestions?q=ke",
      "/SITEMAP.XML",
      "/sitemap.xml/",
      "/sitemap%2Exml",
      "/sitemap.xml.data",
    ]) {
      const guest = await app.get(path);
      expect(guest.status, path).toBe(503);
      expect(await guest.text()).toBe(REFUSAL);
      expect((await app.get(path, { headers: { cookie: customer.cookie } })).status, path).toBe(503);
    }
    expect((await app.get("/sitemap.xml", { headers: { cookie: admin.cookie } })).status).toBe(200);
    expect((await app.get("/api/search-suggestions?q=ke", { headers: { cookie: admin.cookie } })).status).toBe(200);
    // robots.txt answers its own closed version (tests/integration/maintenance-robots.test.ts).
    expect((await app.get("/robots.txt")).status).toBe(503);
    // What health checks and the screen itself need stays open.
    expect((await app.get("/healthz")).status).toBe(200);
    expect((await app.get("/favicon.svg")).status).toBe(200);
  });

  it("lets an admin sign in from the maintenance screen's form and then see the site", async () => {
    const other = await createUser(database.db, { role: "admin", email: "tweede.beheerder@trapkracht.test" });
    const res = await app.post("/login", {
      intent: "login",
      email: other.email,
      password: other.password,
      redirectTo: "/",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    const cookie = cookieHeaderFrom(res);
    expect(cookie).toContain("session_token=");
    const home = await app.html("/", { headers: { cookie } });
    expect(home.status).toBe(200);
    expect(home.html).not.toContain("We zijn zo terug");
  });

  it("lets anyone sign out", async () => {
    const res = await app.post("/logout", {}, { headers: { cookie: customer.cookie } });
    expect(res.status).not.toBe(503);
  });
});

describe("maintenance mode across app instances", () => {
  let second: TestApp;
  beforeAll(async () => {
    second = await startTestApp(database.db);
  });
  afterAll(async () => {
    await second?.close();
    await setMaintenanceMode(database.db, false);
  });

  it("is seen by a second instance on its very next request, on and off", async () => {
    expect((await app.html("/")).status).toBe(200);
    expect((await second.html("/")).status).toBe(200);

    const on = await app.post(
      "/admin/settings",
      { intent: "maintenance", maintenance: "on" },
      {
        headers: { cookie: admin.cookie },
      },
    );
    expect(on.status).toBe(200);
    const viaB = await second.html("/");
    expect(viaB.status).toBe(503);
    expectMaintenanceScreen(viaB.html);
    expect((await second.post("/contact", contactFields)).status).toBe(503);
    expect((await app.html("/")).status).toBe(503);

    const off = await app.post(
      "/admin/settings",
      { intent: "maintenance", maintenance: "off" },
      {
        headers: { cookie: admin.cookie },
      },
    );
    expect(off.status).toBe(200);
    const [row] = await database.db.select().from(siteSettings).where(eq(siteSettings.id, 1));
    expect(row!.maintenanceMode).toBe(false);
    for (const instance of [second, app]) {
      const page = await instance.html("/");
      expect(page.status).toBe(200);
      expect(page.html).not.toContain("We zijn zo terug");
    }
  });
});

describe("maintenance mode keeps the shop's data on the server", () => {
  beforeEach(async () => {
    await setMaintenanceMode(database.db, true);
    return async () => {
      await setMaintenanceMode(database.db, false);
    };
  });

  it("runs no page loader for a guest: neither the page nor its .data carries shop data", async () => {
    const category = await createCategory(database.db, { name: "Geheime categorie" });
    await createProduct(database.db, { categoryId: category.id, shortDescription: "Verborgen testband" });
    await setMaintenanceMode(database.db, false);
    const open = await app.html(`/products?cat=${category.id}`);
    expect(open.html).toContain("Verborgen testband");

    await setMaintenanceMode(database.db, true);
    for (const path of [`/products?cat=${category.id}`, `/products.data?cat=${category.id}`]) {
      const res = await app.get(path);
      const body = await res.text();
      expect(res.status, path).toBe(503);
      expect(body, path).not.toContain("Verborgen testband");
      expect(body, path).not.toContain("Geheime categorie");
    }
    const asAdmin = await app.html(`/products?cat=${category.id}`, { headers: { cookie: admin.cookie } });
    expect(asAdmin.html).toContain("Verborgen testband");
  });

  it("reminds an admin that the shop is closed", async () => {
    const { html } = await app.html("/", { headers: { cookie: admin.cookie } });
    expect(html).toContain("Onderhoudsmodus staat aan: alleen beheerders zien de winkel.");
    await setMaintenanceMode(database.db, false);
    expect((await app.html("/", { headers: { cookie: admin.cookie } })).html).not.toContain(
      "Onderhoudsmodus staat aan",
    );
  });

  it("lets the login form sign in but not register while the shop is closed", async () => {
    const res = await app.post("/login", {
      intent: "register",
      email: "nieuw-tijdens-onderhoud@example.nl",
      password: "geheim123",
      confirmPassword: "geheim123",
    });
    expect(res.status).toBe(503);
    const rows = await database.db.select().from(users).where(eq(users.email, "nieuw-tijdens-onderhoud@example.nl"));
    expect(rows).toEqual([]);
  });
});
