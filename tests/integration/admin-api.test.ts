import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import type { Database } from "../../app/db/client.server";
import { adminChanges, siteSettings } from "../../app/db/schema";
import { startTestApp, type TestApp } from "../support/app";
import { createTestDatabase } from "../support/db";
import { expectAccessDenied, expectAdminOnly, guestAndCustomer } from "../support/refusals";
import { signedInUser } from "../support/users";

/** A supplier on loopback: records what it receives and answers as the test says. */
type Received = { method: string; url: string; headers: IncomingMessage["headers"]; body: string };
let received: Received[] = [];
let answer: (req: Received, res: ServerResponse) => void = (_req, res) => res.end();
let supplier: Server;
let supplierUrl: string;

let database: Database;
let app: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let customer: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  supplier = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const got = { method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString() };
      received.push(got);
      answer(got, res);
    });
  });
  await new Promise<void>((resolve) => supplier.listen(0, "127.0.0.1", resolve));
  supplierUrl = `http://127.0.0.1:${(supplier.address() as AddressInfo).port}/dropship/orders`;

  database = await createTestDatabase();
  app = await startTestApp(database.db, {
    // The credentials are for this supplier's origin only (an admin's URL elsewhere gets none).
    SUPPLIER_API_URL: supplierUrl,
    SUPPLIER_USERNAME: "api-gebruiker",
    SUPPLIER_PASSWORD: "Geheim&Wachtwoord<42>",
    SUPPLIER_DEBTOR_NUMBER: "D-1234",
  });
  admin = await signedInUser(app, database.db, { role: "admin", email: "koppeling@trapkracht.test" });
  customer = await signedInUser(app, database.db, { email: "geen.beheerder@example.nl" });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  supplier?.closeAllConnections();
  await new Promise((resolve) => supplier?.close(resolve));
});
beforeEach(() => {
  received = [];
});

const db = () => database.db;
const asAdmin = (path: string) => app.html(path, { headers: { cookie: admin.cookie } });
const postAsAdmin = (fields: Record<string, string> | URLSearchParams, path = "/admin/api") =>
  app.get(path, {
    method: "POST",
    headers: { cookie: admin.cookie, origin: app.url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

async function storedUrl() {
  const [row] = await db()
    .select({ url: siteSettings.supplierApiUrl })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1));
  return row?.url ?? null;
}

/** The test form as the page sends it: method, content type, header rows and the body. */
function testForm(fields: { method?: string; contentType?: string; headers?: [string, string][]; body?: string }) {
  const form = new URLSearchParams({ intent: "test", method: fields.method ?? "POST" });
  form.set("contentType", fields.contentType ?? "text/xml; charset=utf-8");
  for (const [name, value] of fields.headers ?? [["", ""]]) {
    form.append("headerName", name);
    form.append("headerValue", value);
  }
  form.set("body", fields.body ?? "");
  return form;
}

const PLACEHOLDER_BODY =
  '<?xml version="1.0" encoding="UTF-8"?><DropshipOrder><Username>••••</Username><Password>••••</Password><Reference>00000000-0000-4000-8000-000000000000</Reference></DropshipOrder>';

describe("API Connection tab", () => {
  it("shows the endpoint read-only with Edit URL and a test form prefilled with an example order", async () => {
    const { status, html } = await asAdmin("/admin/api");
    expect(status).toBe(200);
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/admin\/api"/);
    expect(html).toMatch(/<input[^>]*id="api-url"[^>]*readOnly=""/);
    expect(html).toMatch(/<a[^>]*href="\/admin\/api\?edit"[^>]*>Edit URL<\/a>/);
    expect(html).toMatch(/<option value="POST" selected="">POST<\/option>/);
    expect(html).toContain('value="text/xml; charset=utf-8"');
    expect(html).toContain("&lt;Username&gt;••••&lt;/Username&gt;");
    expect(html).toContain("&lt;Password&gt;••••&lt;/Password&gt;");
    for (const method of ["GET", "POST", "PUT", "DELETE"]) expect(html).toContain(`<option value="${method}"`);
    // No credential of any configured supplier reaches the page.
    expect(html).not.toContain("api-gebruiker");
    expect(html).not.toContain("Geheim");
    expect(html).not.toContain("demo-leverancier");
  });

  it("opens the URL for editing without JavaScript at ?edit", async () => {
    const { html } = await asAdmin("/admin/api?edit");
    expect(html).toMatch(/<input[^>]*id="api-url"/);
    expect(html).not.toMatch(/<input[^>]*id="api-url"[^>]*readOnly=""/);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Save<\/button>/);
  });

  it("saves a new API URL, records who changed it, and shows it", async () => {
    const res = await postAsAdmin({ intent: "api-url", url: supplierUrl });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("API URL updated successfully");
    expect(await storedUrl()).toBe(supplierUrl);
    const [change] = await db()
      .select()
      .from(adminChanges)
      .where(eq(adminChanges.entityId, "supplier-api-url"))
      .orderBy(adminChanges.id);
    expect(change).toMatchObject({ actorEmail: "koppeling@trapkracht.test", after: { url: supplierUrl } });
    expect((await asAdmin("/admin/api")).html).toContain(`value="${supplierUrl}"`);
  });

  it.each([
    ["not a URL", "geen-url", 400],
    ["a NUL character", "http://127.0.0.1/\u0000", 400],
    ["another scheme", "ftp://leverancier.example/orders", 400],
  ])("refuses %s with Failed to update API URL and keeps the old one", async (_what, url, status) => {
    const res = await postAsAdmin({ intent: "api-url", url });
    expect(res.status).toBe(status);
    expect(await res.text()).toContain("Failed to update API URL");
    expect(await storedUrl()).toBe(supplierUrl);
  });

  it("sends the test to the stored URL with the credentials filled in, and never shows them", async () => {
    answer = (req, res) => {
      // A supplier that echoes the request, credentials and all, in its body and a header.
      const user = /<Username>(.*?)<\/Username>/.exec(req.body)?.[1] ?? "";
      res.writeHead(200, { "content-type": "text/xml", "x-echo-user": user });
      res.end(`<DropshipOrderResponse><Echo>${req.body}</Echo></DropshipOrderResponse>`);
    };
    const form = testForm({ headers: [["X-Trace", "admin-test-1"]], body: PLACEHOLDER_BODY });
    // A URL in the form is ignored: the test goes to the configured supplier only.
    form.set("url", "http://127.0.0.1:1/elders");
    const res = await postAsAdmin(form, "/admin/api.data");
    expect(res.status).toBe(200);
    const body = await res.text();

    expect(received).toHaveLength(1);
    const got = received[0]!;
    expect(got.method).toBe("POST");
    expect(got.url).toBe("/dropship/orders");
    expect(got.headers["content-type"]).toBe("text/xml; charset=utf-8");
    expect(got.headers["x-trace"]).toBe("admin-test-1");
    const sentUser = /<Username>(.*?)<\/Username>/.exec(got.body)![1]!;
    const sentPassword = /<Password>(.*?)<\/Password>/.exec(got.body)![1]!;
    expect(sentUser).not.toBe("••••");
    expect(sentPassword).not.toBe("••••");
    expect(sentUser.length).toBeGreaterThan(3);
    expect(sentPassword.length).toBeGreaterThan(3);

    expect(body).toContain("API Connection Successful");
    expect(body).toContain("<Username>••••</Username>");
    expect(body).toContain("<Password>••••</Password>");
    expect(body).not.toContain(sentUser);
    expect(body).not.toContain(sentPassword);
    expect(body).toContain("x-echo-user");
  });

  it("shows the answer card without JavaScript: status, time, headers and body", async () => {
    answer = (_req, res) => {
      res.writeHead(201, { "content-type": "text/xml", "x-supplier": "loopback" });
      res.end("<DropshipOrderResponse><Status>accepted</Status></DropshipOrderResponse>");
    };
    const res = await postAsAdmin(testForm({ method: "PUT", body: "<Ping/>" }));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(received[0]!.method).toBe("PUT");
    expect(html).toContain("Connection Successful");
    expect(html).toMatch(/<dt[^>]*>Status<\/dt><dd><span[^>]*>201<\/span>/);
    expect(html).toMatch(/<dt[^>]*>Time<\/dt><dd>\d+ ms<\/dd>/);
    expect(html).toContain("x-supplier: </dt><dd");
    expect(html).toContain("&lt;Status&gt;accepted&lt;/Status&gt;");
  });

  it("sends a GET without a body", async () => {
    answer = (_req, res) => res.end("ok");
    const res = await postAsAdmin(testForm({ method: "GET", body: PLACEHOLDER_BODY }));
    expect(res.status).toBe(200);
    expect(received[0]!.method).toBe("GET");
    expect(received[0]!.body).toBe("");
  });

  it("reports an error answer as API Connection Test Failed with its status", async () => {
    answer = (_req, res) => {
      res.writeHead(422, { "content-type": "text/xml" });
      res.end("<DropshipOrderResponse><Status>rejected</Status></DropshipOrderResponse>");
    };
    const res = await postAsAdmin(testForm({ body: "<Ping/>" }));
    const html = await res.text();
    expect(html).toContain("API Connection Test Failed");
    expect(html).toContain("The supplier answered with an error");
    expect(html).toMatch(/<dt[^>]*>Status<\/dt><dd><span[^>]*>422<\/span>/);
  });

  it("cuts a huge answer", async () => {
    answer = (_req, res) => res.end("x".repeat(300_000));
    const res = await postAsAdmin(testForm({ body: "<Ping/>" }), "/admin/api.data");
    const body = await res.text();
    expect(body).toContain("API Connection Successful");
    expect(body).not.toContain("x".repeat(65_537));
    expect(body).toContain("x".repeat(65_536));
  });

  it.each([
    ["a header name with a space", testForm({ headers: [["X Bad", "1"]] })],
    ["a header value with a line break", testForm({ headers: [["X-Inject", "a\r\nHost: elders"]] })],
    ["a Host header", testForm({ headers: [["Host", "intern.example"]] })],
    ["a NUL in the body", testForm({ body: "<a>\u0000</a>" })],
    ["an unknown method", testForm({ method: "PATCH" })],
  ])("refuses %s with 400 and sends nothing", async (_what, form) => {
    const res = await postAsAdmin(form);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("API Connection Test Failed");
    expect(received).toEqual([]);
  });

  it("refuses a body over 64 KiB at the request limit (413) and sends nothing", async () => {
    const res = await postAsAdmin(testForm({ body: "y".repeat(70_000) }));
    expect(res.status).toBe(413);
    expect(await res.text()).toContain("Het verzoek is te groot");
    expect(received).toEqual([]);
  });

  it("shows the red Connection Failed card when nobody listens at the URL", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/orders`;
    await new Promise((resolve) => closed.close(resolve));
    expect((await postAsAdmin({ intent: "api-url", url: deadUrl })).status).toBe(200);

    const res = await postAsAdmin(testForm({ body: PLACEHOLDER_BODY }));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("API Connection Failed");
    expect(html).toMatch(/role="alert"[^>]*>.*Connection Failed/s);
    expect(html).toContain(deadUrl);
    expect((await postAsAdmin({ intent: "api-url", url: supplierUrl })).status).toBe(200);
  });
});

describe("API Connection guard", () => {
  describe.each(guestAndCustomer(() => customer.cookie))("for $who", ({ cookie }) => {
    it("refuses the page and both actions, changing and sending nothing", async () => {
      const before = await storedUrl();
      const [changesBefore] = await db().select({ n: count() }).from(adminChanges);
      const hidden = ["Endpoint URL"];
      const saveUrl = { intent: "api-url", url: "http://127.0.0.1:9/aanval" };
      await expectAdminOnly(
        app,
        cookie(),
        [
          "/admin/api",
          "/admin/api.data",
          "/admin/api?edit",
          "/admin?tab=api",
          { path: "/admin/api", fields: saveUrl },
          { path: "/admin/api.data", fields: saveUrl },
        ],
        { hidden },
      );
      for (const path of ["/admin/api", "/admin/api.data"]) {
        const test = await app.get(path, {
          method: "POST",
          headers: { cookie: cookie(), origin: app.url, "content-type": "application/x-www-form-urlencoded" },
          body: testForm({ body: PLACEHOLDER_BODY }).toString(),
        });
        await expectAccessDenied(test, { hidden });
      }
      expect(await storedUrl()).toBe(before);
      const [changesAfter] = await db().select({ n: count() }).from(adminChanges);
      expect(changesAfter!.n).toBe(changesBefore!.n);
      expect(received).toEqual([]);
    });
  });
});
