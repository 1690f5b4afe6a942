import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { and, asc, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../app/db/client.server";
import { adminChanges, jobs, outbox } from "../../app/db/schema";
import { startMailDelivery } from "../../app/features/mail/delivery.server";
import { resolveMailAttachment } from "../../app/features/shopper-orders/mail-attachments.server";
import { enqueueMail, type OutgoingMail } from "../../app/features/mail/outbox.server";
import { createLogger } from "../../app/shared/logging/logger.server";
import { startTestApp, type TestApp } from "../support/app";
import { createTestDatabase } from "../support/db";
import { flashOf } from "../support/flash";
import { startMailbox } from "../support/mailbox";
import { createCustomer, createOrder } from "../support/order-factories";
import { expectAdminOnly } from "../support/refusals";
import { signedInUser } from "../support/users";

const logger = createLogger("silent");

/** The page's visible text, tags and scripts removed, spaces collapsed. */
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/[\s\u00a0]+/g, " ")
    .trim();

/** The mails the list's table shows, top to bottom, as their outbox ids. */
const listedIds = (html: string) =>
  [...html.matchAll(/<th scope="row"[^>]*><a[^>]*href="\/admin\/emails\/(\d+)[^"]*"/g)].map((m) => Number(m[1]));

const bannerOf = (html: string) => {
  const m = /<div[^>]*role="status"[^>]*aria-label="E-mail delivery"[^>]*>([\s\S]*?)<\/a><\/div>/.exec(html);
  return m ? text(m[1]!) : null;
};

function mail(overrides: Partial<OutgoingMail> = {}): OutgoingMail {
  return {
    kind: "test",
    to: "iemand@example.nl",
    subject: "Een testmail",
    text: "Hallo, dit is de tekst.",
    html: "<p>Hallo</p>",
    ...overrides,
  };
}

describe("the E-mails tab", () => {
  let database: Database;
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let shopper: Awaited<ReturnType<typeof signedInUser>>;
  const db = () => database.db;
  const asAdmin = (path: string) => app.html(path, { headers: { cookie: admin.cookie } });
  const post = (path: string, fields: Record<string, string>, cookie = admin.cookie) =>
    app.post(path, fields, { headers: { cookie } });
  const counts = async () => ({
    mails: (await db().select({ n: count() }).from(outbox))[0]!.n,
    jobs: (await db().select({ n: count() }).from(jobs))[0]!.n,
    changes: (await db().select({ n: count() }).from(adminChanges))[0]!.n,
  });

  let orderId = "";
  let orderMail = 0;
  let failedMail = 0;
  let waitingMail = 0;
  let sentMail = 0;
  let scriptMail = 0;
  let plainMail = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await startTestApp(db());
    admin = await signedInUser(app, db(), { role: "admin", email: "postbeheer@trapkracht.test" });
    shopper = await signedInUser(app, db(), { email: "nieuwsgierig@example.nl" });
    orderId = (await createOrder(db(), (await createCustomer(db(), { email: "femke@example.nl" })).id)).id;

    // 55 routine mails first (two pages), then the ones the tests look at, newest last.
    for (let i = 1; i <= 55; i++) {
      await enqueueMail(db(), mail({ to: `klant${i}@example.nl`, subject: `Nieuwsbrief ${i}` }));
    }
    orderMail = (
      await enqueueMail(
        db(),
        mail({
          kind: "order-confirmation",
          to: "femke@example.nl",
          subject: "Bevestiging van je bestelling",
          text: "Bedankt voor je bestelling, Femke.",
          html: "<h1>Bedankt</h1><p>Je bestelling is binnen.</p>",
          attachments: [{ kind: "invoice", number: 42 }],
          orderId,
        }),
      )
    ).id;
    failedMail = (await enqueueMail(db(), mail({ to: "kapot@example.nl", subject: "Wachtwoord herstellen" }))).id;
    await db()
      .update(outbox)
      .set({ status: "failed", attempts: 5, lastError: "550 5.1.1 mailbox unavailable" })
      .where(eq(outbox.id, failedMail));
    sentMail = (await enqueueMail(db(), mail({ to: "jan@example.nl", subject: "Je pakket is onderweg" }))).id;
    await db().update(outbox).set({ status: "sent", attempts: 1, sentAt: new Date() }).where(eq(outbox.id, sentMail));
    waitingMail = (
      await enqueueMail(db(), mail({ to: "Wacht@Example.nl", subject: "100% korting? Lees dit", kind: "contact" }))
    ).id;
    await db().update(outbox).set({ attempts: 2, lastError: "421 try again later" }).where(eq(outbox.id, waitingMail));
    scriptMail = (
      await enqueueMail(
        db(),
        mail({
          to: "xss@example.nl",
          subject: "Mail met script",
          html: `<p id="inhoud">Gewoon tekst</p><script>parent.document.title = "gehackt"</script><img src="https://tracker.example/pixel.gif" onerror="alert(1)">`,
        }),
      )
    ).id;
    plainMail = (await enqueueMail(db(), mail({ to: "tekst@example.nl", subject: "Alleen tekst", html: null }))).id;
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("is the tab after Customers and lists every mail newest first with recipient, subject, time and state", async () => {
    const { status, html } = await asAdmin("/admin/emails");
    expect(status).toBe(200);
    const tabs = [...html.matchAll(/<a[^>]*href="\/admin\/(\w+)"[^>]*>([^<]+)<\/a>/g)].map((m) => [m[1], m[2]]);
    const at = tabs.findIndex(([id]) => id === "customers");
    expect(tabs[at + 1]).toEqual(["emails", "E-mails"]);
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/admin\/emails"/);
    // 61 mails were written: the newest 50 on the first page, newest first.
    const ids = listedIds(html);
    expect(ids).toHaveLength(50);
    expect(ids.slice(0, 6)).toEqual([plainMail, scriptMail, waitingMail, sentMail, failedMail, orderMail]);
    const rows = [...html.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((m) => text(m[1]!));
    const failedRow = rows.find((row) => row.includes("Wachtwoord herstellen"))!;
    expect(failedRow).toMatch(/^\d{1,2} \w{3} \d{4}, \d{2}:\d{2} Wachtwoord herstellen #\d+ · test kapot@example\.nl/);
    expect(failedRow).toContain("Failed after 5 attempts 550 5.1.1 mailbox unavailable");
    const waitingRow = rows.find((row) => row.includes("100% korting"))!;
    expect(waitingRow).toContain("Wacht@Example.nl Waiting (2 failed attempts) 421 try again later");
    expect(rows.find((row) => row.includes("Je pakket is onderweg"))).toMatch(/Sent \d{1,2} \w{3} \d{4}, \d{2}:\d{2}$/);
  });

  it("pages on by the outbox id: older and newer", async () => {
    const first = await asAdmin("/admin/emails");
    const older = /href="(\/admin\/emails\?after=\d+)"[^>]*>Older e-mails</.exec(first.html)![1]!;
    expect(older).toBe(`/admin/emails?after=${listedIds(first.html).at(-1)}`);
    const second = await asAdmin(older.replace(/&amp;/g, "&"));
    const ids = listedIds(second.html);
    // 61 - 50 = 11 older mails: Nieuwsbrief 11 down to 1.
    expect(ids).toHaveLength(11);
    expect(text(second.html)).toContain("Nieuwsbrief 1 ");
    expect(second.html).not.toContain(">Older e-mails<");
    const newer = /href="(\/admin\/emails\?before=\d+)"[^>]*>Newer e-mails</.exec(second.html)![1]!;
    expect(listedIds((await asAdmin(newer)).html)).toEqual(listedIds(first.html));
  });

  it("filters by state (the dashboard's ?status=failed and ?status=pending links)", async () => {
    expect(listedIds((await asAdmin("/admin/emails?status=failed")).html)).toEqual([failedMail]);
    expect(listedIds((await asAdmin("/admin/emails?status=sent")).html)).toEqual([sentMail]);
    const pending = listedIds((await asAdmin("/admin/emails?status=pending")).html);
    expect(pending.slice(0, 3)).toEqual([plainMail, scriptMail, waitingMail]);
    expect(pending).not.toContain(failedMail);
    expect(pending).not.toContain(sentMail);
    expect(listedIds((await asAdmin("/admin/emails?status=sending")).html)).toEqual([]);
    const unknown = await asAdmin("/admin/emails?status=bounced");
    expect(unknown.status).toBe(400);
    expect(text(unknown.html)).toContain("Unknown status: choose waiting, sending, sent or failed.");
  });

  it("searches the recipient and the subject, in any case, with LIKE's wildcards taken literally", async () => {
    expect(listedIds((await asAdmin("/admin/emails?q=WACHT%40example")).html)).toEqual([waitingMail]);
    expect(listedIds((await asAdmin("/admin/emails?q=wachtwoord")).html)).toEqual([failedMail]);
    expect(listedIds((await asAdmin("/admin/emails?q=100%25")).html)).toEqual([waitingMail]);
    expect(listedIds((await asAdmin("/admin/emails?q=_")).html)).toEqual([]);
    expect(listedIds((await asAdmin("/admin/emails?status=failed&q=femke")).html)).toEqual([]);
    expect(listedIds((await asAdmin("/admin/emails?status=pending&q=femke")).html)).toEqual([orderMail]);
  });

  it("refuses a search with control characters", async () => {
    for (const q of ["femke%00", "fem%01ke", "%1b[31m"]) {
      const { status, html } = await asAdmin(`/admin/emails?q=${q}`);
      expect(status).toBe(400);
      expect(text(html)).toContain("The search may not contain control characters.");
      expect(listedIds(html)).toEqual([]);
    }
  });

  it("shows a mail as sent: recipient, state, order, attachment, the HTML part in a sandbox and the text", async () => {
    const { status, html } = await asAdmin(`/admin/emails/${orderMail}?status=pending`);
    expect(status).toBe(200);
    const page = text(html);
    expect(page).toContain("Bevestiging van je bestelling");
    expect(page).toContain(`E-mail #${orderMail} · order-confirmation`);
    expect(page).toContain("To femke@example.nl");
    expect(page).toContain("State Waiting");
    expect(html).toMatch(new RegExp(`<a[^>]*href="/admin/orders/${orderId}"[^>]*>Order ${orderId.slice(0, 8)}</a>`));
    expect(html).toMatch(/<a[^>]*href="\/factuur\/42"[^>]*>factuur-000042\.pdf<\/a>/);
    expect(page).toContain("Bedankt voor je bestelling, Femke.");
    // The frame loads the HTML part from its own route with every sandbox flag on (no allow-*).
    const frame = /<iframe[^>]*>/.exec(html)![0];
    expect(frame).toContain(`src="/admin/emails/${orderMail}/html"`);
    expect(frame).toMatch(/sandbox=""/);
    // The HTML itself is not in the page.
    expect(html).not.toContain("Je bestelling is binnen.");
    expect(html).toMatch(/<a[^>]*href="\/admin\/emails\?status=pending"[^>]*>.*Back to e-mails<\/a>/s);

    const plain = text((await asAdmin(`/admin/emails/${plainMail}`)).html);
    expect(plain).toContain("This e-mail has no HTML part");
    expect(plain).toContain("About no order");

    for (const missing of ["999999", "0", "abc", "99999999999"]) {
      const res = await asAdmin(`/admin/emails/${missing}`);
      expect(res.status, missing).toBe(404);
      expect(text(res.html)).toContain("E-mail not found");
    }
    // A control character in the path is refused before any route (server/path-params.ts).
    expect((await asAdmin("/admin/emails/1%00")).status).toBe(404);
  });

  it("serves the HTML part as stored under a policy that runs no script and loads nothing", async () => {
    const res = await app.get(`/admin/emails/${scriptMail}/html`, { headers: { cookie: admin.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    // One policy (the site's, with its script nonce and frame-ancestors 'none', is replaced).
    const csp = res.headers.get("content-security-policy")!;
    const directives = csp.split(";").map((d) => d.trim());
    expect(directives).toContain("sandbox");
    expect(directives).toContain("default-src 'none'");
    expect(directives).toContain("frame-ancestors 'self'");
    expect(csp).not.toMatch(/allow-scripts|allow-same-origin|script-src|nonce-|unsafe-eval/);
    expect(csp).not.toContain(",");
    expect(await res.text()).toBe(
      `<p id="inhoud">Gewoon tekst</p><script>parent.document.title = "gehackt"</script><img src="https://tracker.example/pixel.gif" onerror="alert(1)">`,
    );
    const none = await app.get(`/admin/emails/${plainMail}/html`, { headers: { cookie: admin.cookie } });
    expect(none.status).toBe(404);
  });

  it("refuses the list, a mail, its HTML and the resend to a guest and to a customer", async () => {
    const before = await counts();
    for (const cookie of ["", shopper.cookie]) {
      const pages = [
        "/admin/emails",
        "/admin/emails?status=failed",
        "/admin/emails.data",
        `/admin/emails/${orderMail}`,
        `/admin/emails/${orderMail}.data`,
        `/admin/emails/${orderMail}/html`,
      ];
      await expectAdminOnly(app, cookie, pages, { hidden: ["femke@example.nl"] });
      const resends = [`/admin/emails/${orderMail}`, `/admin/emails/${orderMail}.data`];
      await expectAdminOnly(
        app,
        cookie,
        resends.map((path) => ({ path, fields: { intent: "resend" } })),
        { hidden: ["femke"] },
      );
    }
    expect(await counts()).toEqual(before);
  });

  it("asks before resending, and the resend writes exactly one copy naming the original, recorded on the order", async () => {
    const ask = await asAdmin(`/admin/emails/${orderMail}?resend=1`);
    expect(text(ask.html)).toContain(
      "Resend this e-mail? A copy of “Bevestiging van je bestelling” goes to femke@example.nl again. This e-mail stays as it is.",
    );
    const forms = [...ask.html.matchAll(/<form[^>]*>([\s\S]*?)<\/form>/g)].map((m) => m[0]);
    const resendForm = forms.find((form) => form.includes('value="resend"'))!;
    expect(resendForm).toMatch(/^<form[^>]*method="post"/);
    expect(resendForm).toMatch(new RegExp(`^<form[^>]*action="/admin/emails/${orderMail}"`));
    expect(text(resendForm)).toBe("Cancel Resend e-mail");

    const before = await counts();
    const res = await post(`/admin/emails/${orderMail}`, { intent: "resend" });
    expect(res.status).toBe(302);
    const copyId = Number(/^\/admin\/emails\/(\d+)$/.exec(res.headers.get("location")!)![1]);
    expect(flashOf(res)).toEqual({
      kind: "success",
      title: "E-mail queued again",
      description: `A copy goes to femke@example.nl (e-mail #${copyId}).`,
    });
    expect(await counts()).toEqual({ mails: before.mails + 1, jobs: before.jobs + 1, changes: before.changes + 1 });
    const [original] = await db().select().from(outbox).where(eq(outbox.id, orderMail));
    const [copy] = await db().select().from(outbox).where(eq(outbox.id, copyId));
    expect(copy).toMatchObject({
      kind: "order-confirmation",
      toAddress: "femke@example.nl",
      subject: "Bevestiging van je bestelling",
      textBody: "Bedankt voor je bestelling, Femke.",
      htmlBody: "<h1>Bedankt</h1><p>Je bestelling is binnen.</p>",
      attachments: [{ kind: "invoice", number: 42 }],
      orderId,
      resentFromId: orderMail,
      status: "pending",
      attempts: 0,
    });
    expect(original!.status).toBe("pending");
    const [change] = await db()
      .select()
      .from(adminChanges)
      .where(and(eq(adminChanges.action, "resend-mail"), eq(adminChanges.entityId, orderId)));
    expect(change).toMatchObject({
      entityType: "order",
      actorEmail: "postbeheer@trapkracht.test",
      before: { outboxId: orderMail, status: "pending" },
      after: { outboxId: copyId, kind: "order-confirmation", to: "femke@example.nl" },
    });
    // The copy's page names its original; the original lists the copy.
    expect(text((await asAdmin(`/admin/emails/${copyId}`)).html)).toContain(`Copy of E-mail #${orderMail}`);
    expect(text((await asAdmin(`/admin/emails/${orderMail}`)).html)).toContain(`Sent again as E-mail #${copyId}`);
  });

  it("records the resend of a mail about no order on the mail itself", async () => {
    const before = await counts();
    const res = await post(`/admin/emails/${failedMail}`, { intent: "resend" });
    expect(res.status).toBe(302);
    const copyId = Number(/(\d+)$/.exec(res.headers.get("location")!)![1]);
    expect(await counts()).toEqual({ mails: before.mails + 1, jobs: before.jobs + 1, changes: before.changes + 1 });
    const [change] = await db()
      .select()
      .from(adminChanges)
      .where(and(eq(adminChanges.entityType, "mail"), eq(adminChanges.entityId, String(failedMail))));
    expect(change).toMatchObject({
      action: "resend-mail",
      before: { outboxId: failedMail, status: "failed" },
      after: { outboxId: copyId, to: "kapot@example.nl" },
    });
  });

  it("resends nothing for a mail that does not exist or an unknown intent", async () => {
    const before = await counts();
    expect((await post("/admin/emails/999999", { intent: "resend" })).status).toBe(404);
    expect((await post(`/admin/emails/${sentMail}`, { intent: "delete" })).status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it("refuses a resend body over 64 KiB with 413 and writes nothing", async () => {
    const before = await counts();
    const res = await app.get(`/admin/emails/${sentMail}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url, cookie: admin.cookie },
      body: `intent=resend&pad=${"a".repeat(64 * 1024)}`,
    });
    expect(res.status).toBe(413);
    expect(await res.text()).toContain("Het verzoek is te groot");
    expect(await counts()).toEqual(before);
  });
});

/** A loopback port nothing listens on: a mail server that is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("the mail delivery banner on every admin page", () => {
  let database: Database;
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;
  let withoutSmtp: TestApp;
  let withSmtp: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  const db = () => database.db;
  const bannerOn = async (app: TestApp, path = "/admin/users") =>
    bannerOf((await app.html(path, { headers: { cookie: admin.cookie } })).html);

  beforeAll(async () => {
    database = await createTestDatabase();
    mailbox = await startMailbox();
    withoutSmtp = await startTestApp(db());
    withSmtp = await startTestApp(db(), { SMTP_URL: mailbox.smtpUrl });
    admin = await signedInUser(withoutSmtp, db(), { role: "admin", email: "banner@trapkracht.test" });
  });
  afterAll(async () => {
    await withoutSmtp?.close();
    await withSmtp?.close();
    await mailbox?.close();
    await database?.close();
  });

  it("is absent while nothing waits, and says how many mails wait while no SMTP server is configured", async () => {
    expect(await bannerOn(withoutSmtp)).toBeNull();
    await enqueueMail(db(), mail({ to: "een@example.nl" }));
    expect(await bannerOn(withoutSmtp)).toBe(
      "E-mail is not being sent: no SMTP server is configured. 1 e-mail is waiting. Set SMTP_URL and restart the shop; the waiting e-mails are then sent. Show waiting e-mails",
    );
    await enqueueMail(db(), mail({ to: "twee@example.nl" }));
    await enqueueMail(db(), mail({ to: "drie@example.nl" }));
    for (const path of ["/admin/users", "/admin/orders", "/admin/emails", "/admin/changes", "/admin/feeds"]) {
      expect(await bannerOn(withoutSmtp, path), path).toMatch(/^E-mail is not being sent: .* 3 e-mails are waiting\./);
    }
    const html = (await withoutSmtp.html("/admin/users", { headers: { cookie: admin.cookie } })).html;
    expect(html).toMatch(/<a[^>]*href="\/admin\/emails\?status=pending"[^>]*>Show waiting e-mails<\/a>/);
    // The shop with SMTP configured has no such complaint: its worker sends them.
    expect(await bannerOn(withSmtp)).toBeNull();
  });

  it("is gone once the waiting mail is delivered over SMTP", async () => {
    const delivery = startMailDelivery({
      db: db(),
      logger,
      smtpUrl: mailbox.smtpUrl,
      from: "winkel@trapkracht.test",
      resolveAttachment: resolveMailAttachment,
    });
    try {
      await expect.poll(async () => (await delivery.runOnce(), mailbox.messages.length), { timeout: 15_000 }).toBe(3);
    } finally {
      await delivery.stop();
    }
    expect(mailbox.messages.map((m) => m.to[0]).sort()).toEqual([
      "drie@example.nl",
      "een@example.nl",
      "twee@example.nl",
    ]);
    expect(await bannerOn(withoutSmtp)).toBeNull();
    expect(await bannerOn(withSmtp)).toBeNull();
  });

  it("says deliveries fail, with the last error, until a mail is delivered again", async () => {
    const down = `smtp://127.0.0.1:${await closedPort()}`;
    const failing = startMailDelivery({
      db: db(),
      logger,
      resolveAttachment: resolveMailAttachment,
      smtpUrl: down,
      from: "winkel@trapkracht.test",
      retryDelaysMs: [60_000],
    });
    const first = await enqueueMail(db(), mail({ to: "vier@example.nl" }));
    const second = await enqueueMail(db(), mail({ to: "vijf@example.nl" }));
    try {
      const tried = async () =>
        (
          await db()
            .select({ n: count() })
            .from(outbox)
            .where(sql`${outbox.id} in (${first.id}, ${second.id}) and ${outbox.lastError} is not null`)
        )[0]!.n;
      await expect.poll(async () => (await failing.runOnce(), tried()), { timeout: 15_000 }).toBe(2);
    } finally {
      await failing.stop();
    }
    const [row] = await db().select().from(outbox).where(eq(outbox.id, second.id));
    expect(row!.status).toBe("pending");
    expect(row!.lastError).toMatch(/ECONNREFUSED/);
    const banner = await bannerOn(withSmtp);
    expect(banner).toMatch(
      /^E-mail is not being delivered: 2 e-mails failed and none has been delivered since\. Last error \(\d{1,2} \w{3} \d{4}, \d{2}:\d{2}\): .*ECONNREFUSED.* Open E-mails$/,
    );
    expect(await bannerOn(withSmtp, "/admin/customers")).toBe(banner);

    // The mail server is back: a new mail goes out, and so the banner goes.
    const delivery = startMailDelivery({
      db: db(),
      logger,
      smtpUrl: mailbox.smtpUrl,
      from: "winkel@trapkracht.test",
      resolveAttachment: resolveMailAttachment,
    });
    await enqueueMail(db(), mail({ to: "zes@example.nl" }));
    try {
      await expect
        .poll(async () => (await delivery.runOnce(), mailbox.messages.some((m) => m.to[0] === "zes@example.nl")), {
          timeout: 15_000,
        })
        .toBe(true);
    } finally {
      await delivery.stop();
    }
    expect(await bannerOn(withSmtp)).toBeNull();
    const rows = await db().select().from(outbox).orderBy(asc(outbox.id));
    expect(rows.filter((r) => r.lastErrorAt !== null).map((r) => r.toAddress)).toEqual([
      "vier@example.nl",
      "vijf@example.nl",
    ]);
  });
});
