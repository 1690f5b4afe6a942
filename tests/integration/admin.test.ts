import { beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { customers, sessions, siteSettings, users } from "../../app/db/schema";
import { createUser, sessionCookie, signedInUser } from "../support/users";
import { useTestApp } from "../support/fixture";
import { expectAdminOnly, guestAndCustomer } from "../support/refusals";

const { app, database } = useTestApp();
let admin: Awaited<ReturnType<typeof signedInUser>>;
let customer: Awaited<ReturnType<typeof signedInUser>>;
/** A user the refused requests try to deactivate/reactivate; they must stay exactly as they are. */
let target: { id: string; email: string };
let inactiveTarget: { id: string; email: string };

beforeAll(async () => {
  admin = await signedInUser(app, database.db, { role: "admin", email: "hoofdbeheer@trapkracht.test" });
  customer = await signedInUser(app, database.db, { email: "gewone.klant@example.nl", name: "Karel Klant" });
  target = await createUser(database.db, { email: "doelwit@example.nl" });
  inactiveTarget = await createUser(database.db, { email: "slapend@example.nl", isActive: false });
});

const db = () => database.db;

async function isActive(userId: string) {
  const [row] = await db().select({ isActive: users.isActive }).from(users).where(eq(users.id, userId));
  return row!.isActive;
}

async function maintenanceOn() {
  const [row] = await db().select({ on: siteSettings.maintenanceMode }).from(siteSettings);
  return row!.on;
}

async function sessionCount(userId: string) {
  const [row] = await db().select({ n: count() }).from(sessions).where(eq(sessions.userId, userId));
  return Number(row!.n);
}

/**
 * The payload of a single-fetch (.data) answer: React Router's turbo-stream, a flat list where an
 * object maps "_<index of key>" to the index of its value. Enough for the plain objects our actions return.
 */
function singleFetchData(body: string): unknown {
  const list = JSON.parse(body.split("\n")[0]!) as unknown[];
  const hydrate = (index: number): unknown => {
    if (index < 0) return undefined;
    const value = list[index];
    if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, at]) => [list[Number(key.slice(1))] as string, hydrate(at as number)]),
    );
  };
  return hydrate(0);
}

const ADMIN_GETS = [
  "/admin",
  "/admin?tab=users",
  "/admin?tab=settings",
  "/admin/users",
  "/admin/settings",
  "/admin/products",
  "/admin/homepage",
  "/admin/product-management",
  "/admin/image-migration",
  "/admin/coupons",
  "/admin/sftp",
  "/admin/ftp",
  "/admin/sftp/files/voorraad.csv",
  "/admin/unknown",
  "/admin/a/b/c",
  // What a client-side navigation fetches (single fetch).
  "/admin.data",
  "/admin.data?tab=users",
  "/admin.data?tab=settings",
  "/admin/users.data",
  "/admin/settings.data",
  "/admin/coupons.data",
  "/admin/sftp.data",
  "/admin/ftp.data",
  "/admin/product-management.data",
  "/admin/image-migration.data",
  "/admin/unknown.data",
];

/** Every admin action, as a form post and as the fetcher (single-fetch) post the page sends with JavaScript. */
const adminActions = (): { path: string; fields: Record<string, string> }[] => [
  { path: "/admin/users", fields: { intent: "deactivate", userId: target.id } },
  { path: "/admin/users.data", fields: { intent: "deactivate", userId: target.id } },
  { path: "/admin/users", fields: { intent: "reactivate", userId: inactiveTarget.id } },
  { path: "/admin/users.data", fields: { intent: "reactivate", userId: inactiveTarget.id } },
  { path: "/admin/settings", fields: { intent: "maintenance", maintenance: "on" } },
  { path: "/admin/settings.data", fields: { intent: "maintenance", maintenance: "on" } },
  // The layout and the old tab URLs take no form, but the guard still answers first.
  { path: "/admin?tab=users", fields: { intent: "deactivate", userId: target.id } },
  { path: "/admin.data?tab=settings", fields: { intent: "maintenance", maintenance: "on" } },
  { path: "/admin/coupons", fields: { intent: "anything" } },
  { path: "/admin/coupons.data", fields: { intent: "anything" } },
  { path: "/admin/sftp.data", fields: { intent: "test", host: "127.0.0.1", port: "22", user: "x", password: "y" } },
  { path: "/admin/ftp.data", fields: { intent: "list", remotePath: "/" } },
];

describe.each(guestAndCustomer(() => customer.cookie))("admin guard for $who", ({ cookie }) => {
  it.each(ADMIN_GETS)("refuses GET %s with Access Denied", async (path) => {
    await expectAdminOnly(app, cookie(), [path], { hidden: ["Admin Dashboard"] });
  });

  it("refuses every admin action and changes nothing", async () => {
    await expectAdminOnly(app, cookie(), adminActions(), { hidden: ["Admin Dashboard"] });
    expect(await isActive(target.id)).toBe(true);
    expect(await isActive(inactiveTarget.id)).toBe(false);
    expect(await maintenanceOn()).toBe(false);
  });
});

describe("admin dashboard", () => {
  const asAdmin = (path: string) => app.html(path, { headers: { cookie: admin.cookie } });

  it("shows the Admin Dashboard with its tabs in order, the Dashboard first and current at /admin", async () => {
    const { status, html } = await asAdmin("/admin");
    expect(status).toBe(200);
    expect(html).toContain("Admin Dashboard");
    // The tab bar only (the account menu also links "Admin Dashboard" to /admin).
    const nav = html.slice(html.indexOf('aria-label="Admin sections"'));
    const tabBar = nav.slice(0, nav.indexOf("</nav>"));
    const tabs = [...tabBar.matchAll(/<a[^>]*href="\/admin(?:\/(\w+))?"[^>]*>([^<]+)<\/a>/g)].map((m) => [
      m[1] ?? "",
      m[2],
    ]);
    expect(tabs).toEqual([
      ["", "Dashboard"],
      ["products", "Product Management"],
      ["homepage", "Homepage Content"],
      ["api", "API Connection"],
      ["sftp", "SFTP"],
      ["ftp", "FTP"],
      ["users", "Users"],
      ["orders", "All Orders"],
      ["customers", "Customers"],
      ["emails", "E-mails"],
      ["reports", "Reports"],
      ["search", "Search"],
      ["coupons", "Coupons"],
      ["settings", "Site Settings"],
    ]);
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/admin"/);
    expect(html.match(/aria-current="page"/g)).toHaveLength(1);
    expect(html).toMatch(/<a[^>]*href="\/admin\/image-migration"[^>]*>.*Image Migration Tool<\/a>/s);
    expect(html).toContain('id="admin-panel-title" class="text-xl font-semibold">Dashboard</h2>');
    expect(html).not.toContain("Coming soon");
  });

  it("shows /admin/products as the Product Management tab", async () => {
    const { status, html } = await asAdmin("/admin/products");
    expect(status).toBe(200);
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/admin\/products"/);
    expect(html.match(/aria-current="page"/g)).toHaveLength(1);
    expect(html).toContain('id="admin-panel-title" class="text-xl font-semibold">Product Management</h2>');
  });

  it("shows /admin/product-management as the Product Management tab", async () => {
    const { status, html } = await asAdmin("/admin/product-management");
    expect(status).toBe(200);
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/admin\/products"/);
    expect(html).toContain('id="admin-panel-title" class="text-xl font-semibold">Product Management</h2>');
    expect(html).not.toContain("Coming soon");
  });

  it("shows /admin/image-migration as a page of its own inside the admin shell", async () => {
    const { status, html } = await asAdmin("/admin/image-migration");
    expect(status).toBe(200);
    expect(html).toMatch(/<h1[^>]*>.*Image Migration Tool<\/h1>/s);
    // No dashboard tab is current (the page's own Statistics / Migration Tool tabs are).
    expect(html).not.toMatch(/<a[^>]*aria-current="page"[^>]*href="\/admin\/[a-z]+"/);
    expect(html).not.toContain("Coming soon");
    expect(html).toContain('href="/admin/users"');
  });

  it.each([
    ["/admin?tab=users", "/admin/users"],
    ["/admin?tab=orders&q=piet", "/admin/orders?q=piet"],
    ["/admin?tab=settings", "/admin/settings"],
  ])("redirects the old tab link %s to %s", async (from, to) => {
    const res = await app.get(from, { headers: { cookie: admin.cookie } });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(to);
  });

  it("shows the default tab, the Dashboard, at /admin for an unknown ?tab=", async () => {
    const { status, html } = await asAdmin("/admin?tab=bestaat-niet");
    expect(status).toBe(200);
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/admin"/);
  });

  it("answers an unknown admin path with 404 after the guard", async () => {
    const { status, html } = await asAdmin("/admin/bestaat-niet");
    expect(status).toBe(404);
    expect(html).toContain("Page not found");
  });

  it("shows a request that breaks the page in the dashboard's error boundary", async () => {
    // Not a form at all: the action refuses it with a 400, which reaches the route's ErrorBoundary.
    const res = await app.get("/admin", {
      method: "POST",
      headers: { cookie: admin.cookie, origin: app.url, "content-type": "text/plain" },
      body: "geen formulier",
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Something went wrong in the Admin Dashboard.");
    expect(html).toContain("400 Ongeldig formulier: verstuur het formulier opnieuw vanaf de pagina.");
  });
});

describe("Users tab", () => {
  const asAdmin = (path: string) => app.html(path, { headers: { cookie: admin.cookie } });
  const postAsAdmin = (fields: Record<string, string>, path = "/admin/users") =>
    app.post(path, fields, { headers: { cookie: admin.cookie } });

  /** The <tr> of the users table that holds this e-mail address. */
  function rowOf(html: string, email: string): string {
    const row = [...html.matchAll(/<tr[^>]*>.*?<\/tr>/gs)].map((m) => m[0]).find((r) => r.includes(`>${email}`));
    if (!row) throw new Error(`no row for ${email}`);
    return row;
  }
  const text = (html: string) =>
    html
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .trim();

  it("lists users with Email, Name, Role, Status, Created At and Actions", async () => {
    const fromCustomer = await createUser(db(), { email: "fenna@example.nl" });
    await db()
      .insert(customers)
      .values({ userId: fromCustomer.id, firstName: "Fenna", lastName: "de Vries", email: "fenna@example.nl" });
    const { status, html } = await asAdmin("/admin/users");
    expect(status).toBe(200);
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/admin\/users"/);
    const headers = [...html.matchAll(/<th scope="col"[^>]*>([^<]+)<\/th>/g)].map((m) => m[1]);
    expect(headers).toEqual(["Email", "Name", "Role", "Status", "Created At", "Actions"]);

    expect(text(rowOf(html, customer.email))).toMatch(
      /^gewone\.klant@example\.nl Karel Klant Customer Active \d{1,2} \w{3} \d{4}, \d{2}:\d{2} Change history of gewone\.klant@example\.nl Make admin gewone\.klant@example\.nl Deactivate gewone\.klant@example\.nl$/,
    );
    expect(text(rowOf(html, "fenna@example.nl"))).toContain("Fenna de Vries");
    expect(text(rowOf(html, target.email))).toContain("— No name");
    expect(text(rowOf(html, inactiveTarget.email))).toMatch(/Inactive .* Reactivate slapend@example\.nl$/);
    // The admin's own row: marked, and without a Deactivate button (Make customer asks, and is refused
    // for the last active admin).
    const own = rowOf(html, admin.email);
    expect(text(own)).toMatch(
      /^hoofdbeheer@trapkracht\.test \(you\) — No name Admin Active .* Change history of hoofdbeheer@trapkracht\.test Make customer hoofdbeheer@trapkracht\.test Your own account$/,
    );
    expect(own).not.toContain("Deactivate");
    // Each button is a POST form that works without JavaScript.
    const form = /<form[^>]*>/.exec(rowOf(html, customer.email))![0];
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/admin/users?page=1"');
    expect(rowOf(html, customer.email)).toMatch(
      new RegExp(
        `name="intent" value="confirm-deactivate".*name="userId" value="${customer.id}".*<button[^>]*type="submit"`,
        "s",
      ),
    );
  });

  it("lists the newest users first", async () => {
    const { html } = await asAdmin("/admin/users");
    const emails = [...html.matchAll(/<th scope="row"[^>]*>([^<]+)/g)].map((m) => m[1]);
    expect(emails.indexOf("fenna@example.nl")).toBeLessThan(emails.indexOf(admin.email));
  });

  it("deactivates a user: inactive, sessions gone, signed out at once, no new sign-in", async () => {
    const victim = await signedInUser(app, db(), { email: "wordt.gestopt@example.nl" });
    const before = await app.html("/", { headers: { cookie: victim.cookie } });
    expect(before.html).toContain(victim.email);
    expect(await sessionCount(victim.id)).toBe(1);

    const res = await postAsAdmin({ intent: "deactivate", userId: victim.id });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("User deactivated");
    expect(html).toContain(`${victim.email} has been signed out and can no longer sign in.`);

    expect(await isActive(victim.id)).toBe(false);
    expect(await sessionCount(victim.id)).toBe(0);
    const after = await app.html("/", { headers: { cookie: victim.cookie } });
    expect(after.status).toBe(200);
    expect(after.html).not.toContain(victim.email);
    await expect(sessionCookie(app, victim.email, victim.password)).rejects.toThrow(/403/);
    const list = await asAdmin("/admin/users");
    expect(text(rowOf(list.html, victim.email))).toMatch(/Inactive .* Reactivate wordt\.gestopt@example\.nl$/);
  });

  it("reactivates a user through the fetcher request the page sends with JavaScript", async () => {
    const sleeper = await createUser(db(), { email: "weer.actief@example.nl", isActive: false });
    const res = await postAsAdmin({ intent: "reactivate", userId: sleeper.id }, "/admin/users.data");
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toContain("User reactivated");
    expect(body).toContain(`${sleeper.email} can sign in again.`);
    expect(await isActive(sleeper.id)).toBe(true);
    await expect(sessionCookie(app, sleeper.email, sleeper.password)).resolves.toContain("session_token=");
  });

  it("does not let an admin deactivate themselves", async () => {
    const res = await postAsAdmin({ intent: "deactivate", userId: admin.id });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Failed to update user");
    expect(html).toContain("You cannot deactivate your own account.");
    expect(await isActive(admin.id)).toBe(true);
    expect((await asAdmin("/admin")).status).toBe(200);
  });

  it("answers an unknown user id with a clear error", async () => {
    const res = await postAsAdmin({ intent: "deactivate", userId: "bestaat-niet" });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("User not found.");
  });

  it("pages the list 50 at a time", async () => {
    const many = Array.from({ length: 55 }, (_, i) => ({
      id: `paging-${i}`,
      email: `veel${String(i).padStart(2, "0")}@example.nl`,
      createdAt: new Date(Date.UTC(2020, 0, 1, 0, i)),
    }));
    await db().insert(users).values(many);
    const [total] = await db().select({ n: count() }).from(users);
    const first = await asAdmin("/admin/users");
    expect(first.html.match(/<th scope="row"/g)).toHaveLength(50);
    expect(first.html).toContain(`Page 1 of ${Math.ceil(Number(total!.n) / 50)}`);
    expect(first.html).toContain('href="/admin/users?page=2"');
    const second = await asAdmin("/admin/users?page=2");
    expect(second.html.match(/<th scope="row"/g)).toHaveLength(Number(total!.n) - 50);
    // The oldest user (created first) comes last.
    expect(second.html).toContain("veel00@example.nl");
    expect(second.html).toContain('href="/admin/users?page=1"');
    await db().delete(users).where(eq(users.email, "veel00@example.nl"));
  });
});

describe("Site Settings tab", () => {
  const asAdmin = (path: string) => app.html(path, { headers: { cookie: admin.cookie } });
  const switchState = (html: string) => /<button[^>]*role="switch"[^>]*aria-checked="(true|false)"/.exec(html)?.[1];

  it("shows the Onderhoudsmodus switch with its text", async () => {
    const { status, html } = await asAdmin("/admin/settings");
    expect(status).toBe(200);
    expect(html).toContain('<p id="maintenance-label" lang="nl" class="font-semibold">Onderhoudsmodus</p>');
    expect(html).toMatch(/role="switch"[^>]*aria-labelledby="maintenance-label"/);
    expect(html).toContain("While maintenance mode is on, only admins can use the website.");
    expect(switchState(html)).toBe("false");
  });

  it("switches maintenance mode on and off, answering with the new state", async () => {
    const on = await app.post(
      "/admin/settings",
      { intent: "maintenance", maintenance: "on" },
      {
        headers: { cookie: admin.cookie },
      },
    );
    expect(on.status).toBe(200);
    expect(await on.text()).toContain("Onderhoudsmodus ingeschakeld");
    expect(await maintenanceOn()).toBe(true);
    expect(switchState((await asAdmin("/admin/settings")).html)).toBe("true");
    // While it is on, a guest gets the maintenance screen; the admin keeps the site.
    expect((await app.html("/")).status).toBe(503);

    const off = await app.post(
      "/admin/settings.data",
      { intent: "maintenance", maintenance: "off" },
      {
        headers: { cookie: admin.cookie },
      },
    );
    expect(off.status).toBe(200);
    const body = await off.text();
    expect(body).toContain("Onderhoudsmodus uitgeschakeld");
    expect(singleFetchData(body)).toEqual({
      data: { ok: true, intent: "maintenance", title: "Onderhoudsmodus uitgeschakeld", maintenance: false },
    });
    expect(await maintenanceOn()).toBe(false);
    expect(switchState((await asAdmin("/admin/settings")).html)).toBe("false");
    expect((await app.html("/")).status).toBe(200);
  });

  it("refuses a switch request without a state", async () => {
    const res = await app.post("/admin/settings", { intent: "maintenance" }, { headers: { cookie: admin.cookie } });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Kon de onderhoudsmodus niet wijzigen");
    expect(html).toContain("Er is een onbekende fout opgetreden.");
    expect(await maintenanceOn()).toBe(false);
  });
});
