import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { rowsOf } from "../../app/db/rows.server";
import { adminChanges, sessions, users } from "../../app/db/schema";
import { setUserActive, setUserRole } from "../../app/features/admin-users/users.server";
import { useTestApp } from "../support/fixture";
import { flashOf } from "../support/flash";
import { createCustomer } from "../support/order-factories";
import { expectAdminOnly, guestAndCustomer } from "../support/refusals";
import { createUser, signedInUser } from "../support/users";

const { app, database } = useTestApp();
let admin: Awaited<ReturnType<typeof signedInUser>>;
let shopper: Awaited<ReturnType<typeof signedInUser>>;

const db = () => database.db;
const LAST_ADMIN = "This is the last active admin: the shop must keep one. Make another user admin first.";

const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/[\s\u00a0]+/g, " ")
    .trim();

const post = (cookie: string, fields: Record<string, string>, path = "/admin/users?page=1") =>
  app.post(path, fields, { headers: { cookie } });

const roleOf = async (id: string) =>
  (await db().select({ role: users.role }).from(users).where(eq(users.id, id)))[0]!.role;

const roleChanges = (id: string) =>
  db()
    .select()
    .from(adminChanges)
    .where(and(eq(adminChanges.entityId, id), eq(adminChanges.action, "role")))
    .orderBy(desc(adminChanges.id));

const listedEmails = (html: string) => [...html.matchAll(/<th scope="row"[^>]*>([^<]+)/g)].map((m) => m[1]!.trim());

/** Leaves exactly these users as the active admins (everyone else a customer). */
async function onlyAdmins(ids: string[]) {
  await db()
    .update(users)
    .set({ role: sql`case when ${inArray(users.id, ids)} then 'admin' else 'customer' end` })
    .where(sql`true`);
}

beforeAll(async () => {
  admin = await signedInUser(app, db(), { role: "admin", email: "hoofd@trapkracht.test" });
  shopper = await signedInUser(app, db(), { email: "gewoon.klant@example.nl" });
});

beforeEach(async () => {
  await onlyAdmins([admin.id]);
});

describe("Users search", () => {
  it("finds users by part of the e-mail address, the account name or a customer record's name", async () => {
    const fenna = await createUser(db(), { email: "fenna.fiets@example.nl", name: "Fenna Fiets" });
    const noName = await createUser(db(), { email: "x9@example.nl" });
    await createCustomer(db(), { firstName: "Joost", lastName: "Trapper", email: noName.email, userId: noName.id });
    const cases: [string, string[]][] = [
      ["FENNA.FIETS", [fenna.email]],
      ["fiets", [fenna.email]],
      ["joost trap", [noName.email]],
      ["bestaat-niet", []],
      ["%", []],
    ];
    for (const [q, expected] of cases) {
      const { status, html } = await app.html(`/admin/users?q=${encodeURIComponent(q)}`, {
        headers: { cookie: admin.cookie },
      });
      expect(status).toBe(200);
      expect(listedEmails(html)).toEqual(expected);
      expect(html).toContain(`value="${q}"`);
      if (expected.length === 0) expect(html).toContain("No users match this search.");
      else expect(text(html)).toContain(`${expected.length} user found`);
    }
  });

  it("refuses a search with control characters", async () => {
    const { status, html } = await app.html("/admin/users?q=fe%00nna", { headers: { cookie: admin.cookie } });
    expect(status).toBe(400);
    expect(html).toContain("The search may not contain control characters.");
  });
});

describe("changing a role", () => {
  it("without JavaScript asks first: the question's form makes the change, nothing changes before", async () => {
    const target = await createUser(db(), { email: "wordt.beheerder@example.nl" });
    const res = await post(admin.cookie, { intent: "confirm-role", userId: target.id, role: "admin" });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(text(html)).toContain(
      `Make ${target.email} an admin? They can then see every order and customer and change products, settings and users. Make admin Cancel`,
    );
    const question = html.slice(html.indexOf('id="role-question"'));
    const form = question.slice(question.indexOf("<form"), question.indexOf("</form>"));
    expect(form).toMatch(/^<form[^>]*action="\/admin\/users\?page=1"/);
    expect(form).toMatch(/^<form[^>]*method="post"/);
    expect(form).toContain('<input type="hidden" name="intent" value="set-role"/>');
    expect(form).toContain(`<input type="hidden" name="userId" value="${target.id}"/>`);
    expect(form).toContain('<input type="hidden" name="role" value="admin"/>');
    expect(await roleOf(target.id)).toBe("customer");
    expect(await roleChanges(target.id)).toEqual([]);
  });

  it("makes a customer an admin: their open session has the admin dashboard at once; recorded", async () => {
    const target = await signedInUser(app, db(), { email: "nieuwe.beheerder@example.nl" });
    expect((await app.get("/admin/users", { headers: { cookie: target.cookie } })).status).toBe(302);
    const res = await post(admin.cookie, { intent: "set-role", userId: target.id, role: "admin" }, "/admin/users.data");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("User is now an admin");
    expect(await roleOf(target.id)).toBe("admin");
    expect((await app.get("/admin/users", { headers: { cookie: target.cookie } })).status).toBe(200);
    const [change] = await roleChanges(target.id);
    expect(change).toMatchObject({
      entityType: "user",
      action: "role",
      actorEmail: admin.email,
      before: { email: target.email, role: "customer" },
      after: { email: target.email, role: "admin" },
    });
  });

  it("demotes an admin: their open session loses the admin dashboard on its next request, stays signed in", async () => {
    const other = await signedInUser(app, db(), { role: "admin", email: "oud.beheerder@example.nl" });
    expect((await app.get("/admin/users", { headers: { cookie: other.cookie } })).status).toBe(200);
    const res = await post(admin.cookie, { intent: "set-role", userId: other.id, role: "customer" });
    expect(res.status).toBe(200);
    expect(text(await res.text())).toContain(
      `User is now a customer ${other.email} has no access to the admin dashboard any more.`,
    );
    // The very same cookie, the very next request: refused (the role is read from the user row).
    await expectAdminOnly(app, other.cookie, [
      "/admin/users",
      "/admin/customers",
      "/admin/orders.data",
      { path: "/admin/users?page=1", fields: { intent: "set-role", userId: admin.id, role: "customer" } },
    ]);
    expect(await roleOf(admin.id)).toBe("admin");
    // Still signed in, as a customer.
    expect((await db().select().from(sessions).where(eq(sessions.userId, other.id))).length).toBe(1);
    expect((await app.html("/", { headers: { cookie: other.cookie } })).html).toContain(other.email);
    expect((await roleChanges(other.id))[0]).toMatchObject({ before: { role: "admin" }, after: { role: "customer" } });
  });

  it("lets an admin demote themselves while another active admin remains", async () => {
    const second = await createUser(db(), { role: "admin", email: "tweede@trapkracht.test" });
    const self = await signedInUser(app, db(), { role: "admin", email: "stopt.ermee@trapkracht.test" });
    await onlyAdmins([admin.id, second.id, self.id]);
    const res = await post(self.cookie, { intent: "set-role", userId: self.id, role: "customer" });
    // Their admin pages are gone at once: off to the shop, told why.
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    expect(flashOf(res)).toEqual({
      kind: "success",
      title: "You are now a customer",
      description: "You no longer have access to the admin dashboard.",
    });
    expect(await roleOf(self.id)).toBe("customer");
  });

  it("refuses to demote the last active admin, with a clear message, and records nothing", async () => {
    // An inactive admin does not count: they cannot sign in.
    const sleeping = await createUser(db(), { role: "admin", email: "slaapt@trapkracht.test", isActive: false });
    await onlyAdmins([admin.id, sleeping.id]);
    const res = await post(admin.cookie, { intent: "set-role", userId: admin.id, role: "customer" });
    expect(res.status).toBe(409);
    expect(text(await res.text())).toContain(`Failed to update user ${LAST_ADMIN}`);
    expect(await roleOf(admin.id)).toBe("admin");
    expect(await roleChanges(admin.id)).toEqual([]);
    expect((await app.get("/admin/users", { headers: { cookie: admin.cookie } })).status).toBe(200);
  });

  it("refuses to deactivate the last active admin", async () => {
    // Through the service: the page never offers an admin their own Deactivate, so take another actor.
    const result = await setUserActive(
      db(),
      { id: "iemand-anders", email: "x@example.nl" },
      {
        userId: admin.id,
        active: false,
      },
    );
    expect(result).toEqual({ ok: false, reason: "last-admin" });
    const [row] = await db().select({ isActive: users.isActive }).from(users).where(eq(users.id, admin.id));
    expect(row!.isActive).toBe(true);
  });

  it("refuses an unknown role, an unknown user and control characters, changing nothing", async () => {
    const target = await createUser(db(), { email: "blijft.klant@example.nl" });
    for (const [fields, status] of [
      [{ intent: "set-role", userId: target.id, role: "superuser" }, 400],
      [{ intent: "confirm-role", userId: target.id, role: "" }, 400],
      [{ intent: "set-role", userId: "bestaat-niet", role: "admin" }, 404],
      [{ intent: "set-role", userId: `${target.id}\u0000`, role: "admin" }, 404],
      [{ intent: "set-role", userId: target.id, role: "admin\u001b" }, 400],
    ] as const) {
      expect((await post(admin.cookie, fields)).status).toBe(status);
    }
    expect(await roleOf(target.id)).toBe("customer");
    expect(await roleChanges(target.id)).toEqual([]);
  });

  it.each(guestAndCustomer(() => shopper.cookie))("refuses every role intent to $who", async ({ cookie }) => {
    await expectAdminOnly(
      app,
      cookie(),
      ["confirm-role", "set-role"].flatMap((intent) =>
        ["/admin/users", "/admin/users.data"].map((path) => ({
          path,
          fields: { intent, userId: shopper.id, role: "admin" },
        })),
      ),
    );
    expect(await roleOf(shopper.id)).toBe("customer");
  });
});

describe("two admins demoting each other at the same moment", () => {
  it("leave one admin: one change goes through, the other is refused as the last admin", async () => {
    const a = await signedInUser(app, db(), { role: "admin", email: "race.a@trapkracht.test" });
    const b = await signedInUser(app, db(), { role: "admin", email: "race.b@trapkracht.test" });
    await onlyAdmins([a.id, b.id]);

    const both = () =>
      Promise.all([
        // As the page's fetcher sends them: the action's own answer, no page drawn after it.
        post(a.cookie, { intent: "set-role", userId: b.id, role: "customer" }, "/admin/users.data"),
        post(b.cookie, { intent: "set-role", userId: a.id, role: "customer" }, "/admin/users.data"),
      ]);

    let answers: Response[];
    if (database.kind === "postgres") {
      // Hold the admins' rows so both requests are inside their transactions, waiting on the same
      // lock, before either may go on: a real race, not two requests that happen to take turns.
      let racing: Promise<Response[]> | undefined;
      await db().transaction(async (gate) => {
        await gate.execute(sql`select id from users where role = 'admin' and is_active order by id for update`);
        racing = both();
        const deadline = Date.now() + 15_000;
        for (;;) {
          const [waiting] = rowsOf<{ n: number }>(
            await db().execute(sql`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`),
          );
          if (Number(waiting!.n) >= 2) break;
          if (Date.now() > deadline) throw new Error("the two requests never waited on the lock");
          await new Promise((resolve) => setImmediate(resolve));
        }
      });
      // Committed: the gate is open. (Awaited inside, the gate would wait on the requests it holds up.)
      answers = await racing!;
    } else {
      // PGlite has one connection: the transactions take turns, and the second must still see the first.
      answers = await both();
    }

    const statuses = answers.map((r) => r.status).sort();
    if (database.kind === "postgres") {
      // Both were past the admin check and inside their transactions: the lock decided.
      expect(statuses).toEqual([200, 409]);
      const refused = answers.find((r) => r.status === 409)!;
      expect(text(await refused.text())).toContain(LAST_ADMIN);
    } else {
      // Taking turns, the second is refused by the last-admin check or, demoted already, by the admin check.
      expect(statuses[0]).toBe(200);
      expect([202, 409]).toContain(statuses[1]);
    }
    const admins = await db()
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, "admin"), eq(users.isActive, true)));
    expect(admins).toHaveLength(1);
    const changes = await db()
      .select({ id: adminChanges.id })
      .from(adminChanges)
      .where(and(inArray(adminChanges.entityId, [a.id, b.id]), eq(adminChanges.action, "role")));
    expect(changes).toHaveLength(1);
  });

  it("the service alone: two demotions of the last two admins at once leave one", async () => {
    const a = await createUser(db(), { role: "admin", email: "dienst.a@trapkracht.test" });
    const b = await createUser(db(), { role: "admin", email: "dienst.b@trapkracht.test" });
    await onlyAdmins([a.id, b.id]);
    const results = await Promise.all([
      setUserRole(db(), { id: a.id, email: a.email }, { userId: b.id, role: "customer" }),
      setUserRole(db(), { id: b.id, email: b.email }, { userId: a.id, role: "customer" }),
    ]);
    expect(results.map((r) => r.ok).sort()).toEqual([false, true]);
    expect(results.find((r) => !r.ok)).toEqual({ ok: false, reason: "last-admin" });
  });
});
