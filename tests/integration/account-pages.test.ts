import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { customers, users } from "../../app/db/schema";
import { createCustomer, createOrder } from "../support/order-factories";
import { cookieHeaderFrom, createUser, sessionCookie, signedInUser } from "../support/users";
import { flashOf } from "../support/flash";
import { useTestApp } from "../support/fixture";

const SAVED = "Profiel bijgewerkt";
const SAVE_ERROR = "Er is een fout opgetreden bij het bijwerken van uw profiel";
const NBSP = "\u00a0";

const { app, database } = useTestApp();

const db = () => database.db;
const customersOf = (userId: string) => db().select().from(customers).where(eq(customers.userId, userId));
const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;

/** The value attribute of the input with this id in server-rendered HTML. */
function inputValue(html: string, id: string): string | null {
  const tag = html.match(new RegExp(`<input[^>]*id="${id}"[^>]*>`))?.[0];
  if (!tag) return null;
  return tag.match(/ value="([^"]*)"/)?.[1] ?? "";
}

function conflictingClasses(html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/ class="([^"]*)"/g)) {
    const classes = [...new Set(match[1]!.replaceAll("&amp;", "&").split(/\s+/).filter(Boolean))];
    const kept = new Set(twMerge(classes.join(" ")).split(" "));
    const dropped = classes.filter((c) => !kept.has(c));
    if (dropped.length) found.push(dropped.join(" "));
  }
  return found;
}

describe("without a session", () => {
  it("sends a guest from /profile and /orders to /, and from /account to /profile", async () => {
    for (const [path, target] of [
      ["/profile", "/"],
      ["/orders", "/"],
      ["/account", "/profile"],
    ] as const) {
      const res = await app.get(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location"), path).toBe(target);
    }
  });

  it("refuses a guest's profile post without storing anything", async () => {
    const before = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(customers);
    const res = await app.post("/profile", { firstName: "Gast", lastName: "Poging", phone: "0612345678" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    const after = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(customers);
    expect(after).toEqual(before);
  });
});

describe("a Strava user without a confirmed e-mail address", () => {
  it("is sent to /auth/email from every account page, and cannot save a profile", async () => {
    const strava = await signedInUser(app, db(), { email: "strava-4242@strava.invalid" });
    for (const path of ["/profile", "/orders", "/account"]) {
      const res = await app.get(path, { headers: { cookie: strava.cookie } });
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location"), path).toBe("/auth/email");
    }
    const post = await app.post("/profile", { firstName: "Renner" }, { headers: { cookie: strava.cookie } });
    expect(post.headers.get("location")).toBe("/auth/email");
    expect(await customersOf(strava.id)).toEqual([]);
  });
});

describe("/profile", () => {
  it("shows the labelled form with the e-mail address read-only and never posted", async () => {
    const me = await signedInUser(app, db(), { name: "Jan de Vries" });
    const { status, html } = await app.html("/profile", { headers: { cookie: me.cookie } });
    expect(status).toBe(200);
    expect(html).toContain("<title>Mijn account | Trapkracht</title>");
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    for (const [id, label] of [
      ["profiel-firstName", "Voornaam"],
      ["profiel-lastName", "Achternaam"],
      ["profiel-phone", "Telefoonnummer"],
      ["profiel-email", "E-mailadres"],
    ]) {
      expect(html).toMatch(new RegExp(`<label[^>]*for="${id}"[^>]*>${label}</label>`));
    }
    const email = html.match(/<input[^>]*id="profiel-email"[^>]*>/)![0];
    expect(email).toContain("readOnly");
    expect(email).not.toContain("name=");
    expect(inputValue(html, "profiel-email")).toBe(me.email);
    // Before the first save the account's name is the starting point.
    expect(inputValue(html, "profiel-firstName")).toBe("Jan");
    expect(inputValue(html, "profiel-lastName")).toBe("de Vries");
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Opslaan<\/button>/);
    expect(html).toContain('action="/profile"');
    expect(conflictingClasses(html)).toEqual([]);
  });

  it("saves first name, last name and phone, ignores a posted e-mail, and says so after the redirect", async () => {
    const me = await signedInUser(app, db());
    const res = await app.post(
      "/profile",
      { firstName: " Anna ", lastName: "de Boer", phone: "06 1234 5678", email: "kaper@example.nl" },
      { headers: { cookie: me.cookie } },
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/profile");
    expect(flashOf(res)).toEqual({ kind: "success", title: SAVED });

    const rows = await customersOf(me.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      firstName: "Anna",
      lastName: "de Boer",
      phone: "06 1234 5678",
      email: me.email,
    });
    expect((await userRow(me.id)).name).toBe("Anna de Boer");
    expect(await db().select().from(customers).where(eq(customers.email, "kaper@example.nl"))).toEqual([]);

    // The browser follows the redirect with the flash cookie: the page carries the toast and the new values.
    const page = await app.html("/profile", { headers: { cookie: cookieHeaderFrom(res, me.cookie) } });
    expect(page.status).toBe(200);
    // As text in the page too, so a browser without JavaScript (no toasts) also sees it.
    expect(page.html).toMatch(/<div role="status"[^>]*>[\s\S]*?<p[^>]*>Profiel bijgewerkt<\/p>/);
    expect(inputValue(page.html, "profiel-firstName")).toBe("Anna");
    expect(inputValue(page.html, "profiel-phone")).toBe("06 1234 5678");
    expect(inputValue(page.html, "profiel-email")).toBe(me.email);
    // Once: the next visit has no flash left.
    const again = await app.html("/profile", { headers: { cookie: me.cookie } });
    expect(again.html).not.toContain(SAVED);
  });

  it("updates the same customer record on a second save and can clear the phone", async () => {
    const me = await signedInUser(app, db());
    await app.post(
      "/profile",
      { firstName: "Piet", lastName: "Smit", phone: "0201234567" },
      { headers: { cookie: me.cookie } },
    );
    const [first] = await customersOf(me.id);
    const res = await app.post(
      "/profile",
      { firstName: "Piet", lastName: "Smits", phone: "" },
      { headers: { cookie: me.cookie } },
    );
    expect(res.status).toBe(302);
    const rows = await customersOf(me.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: first!.id, lastName: "Smits", phone: null });
    expect((await userRow(me.id)).name).toBe("Piet Smits");
  });

  it("leaves guest customer records with the same e-mail alone", async () => {
    const me = await signedInUser(app, db());
    const guest = await createCustomer(db(), {
      email: me.email.toUpperCase(),
      firstName: "Oud",
      lastName: "Gast",
      phone: "0101111111",
    });
    await app.post("/profile", { firstName: "Nieuw", lastName: "Lid", phone: "" }, { headers: { cookie: me.cookie } });
    const [guestAfter] = await db().select().from(customers).where(eq(customers.id, guest.id));
    expect(guestAfter).toEqual(guest);
    expect(await customersOf(me.id)).toHaveLength(1);
  });

  it("answers invalid input with 400, the Dutch messages and the entered values, changing nothing", async () => {
    const me = await signedInUser(app, db(), { name: "Eva Jansen" });
    await app.post(
      "/profile",
      { firstName: "Eva", lastName: "Jansen", phone: "0612345678" },
      { headers: { cookie: me.cookie } },
    );
    const [before] = await customersOf(me.id);
    const tooLong = "x".repeat(101);
    const res = await app.post(
      "/profile",
      { firstName: "Evelien", lastName: tooLong, phone: "06-bel-mij" },
      { headers: { cookie: me.cookie } },
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(SAVE_ERROR);
    expect(html).toContain("Achternaam mag maximaal 100 tekens bevatten");
    expect(html).toContain("Telefoonnummer mag alleen cijfers, spaties en de tekens + - ( ) bevatten");
    expect(html).not.toContain(SAVED);
    expect(inputValue(html, "profiel-firstName")).toBe("Evelien");
    expect(inputValue(html, "profiel-lastName")).toBe(tooLong);
    expect(inputValue(html, "profiel-phone")).toBe("06-bel-mij");
    const phoneInput = html.match(/<input[^>]*id="profiel-phone"[^>]*>/)![0];
    expect(phoneInput).toContain('aria-invalid="true"');
    expect(phoneInput).toContain('aria-describedby="profiel-phone-fout"');
    expect(html).toContain('id="profiel-phone-fout"');
    expect(html).toContain('role="alert"');

    expect(await customersOf(me.id)).toEqual([before]);
    expect((await userRow(me.id)).name).toBe("Eva Jansen");
  });

  it("only ever changes the viewer's own record, whatever ids or e-mail are posted", async () => {
    const victim = await signedInUser(app, db());
    await app.post(
      "/profile",
      { firstName: "Echte", lastName: "Eigenaar", phone: "0612345678" },
      { headers: { cookie: victim.cookie } },
    );
    const [victimBefore] = await customersOf(victim.id);
    const attacker = await signedInUser(app, db());
    const res = await app.post(
      "/profile",
      {
        firstName: "Gekaapt",
        lastName: "Profiel",
        phone: "0699999999",
        email: victim.email,
        userId: victim.id,
        id: victimBefore!.id,
        customerId: victimBefore!.id,
      },
      { headers: { cookie: attacker.cookie } },
    );
    expect(res.status).toBe(302);
    expect(await customersOf(victim.id)).toEqual([victimBefore]);
    expect((await userRow(victim.id)).name).toBe("Echte Eigenaar");
    const [mine] = await customersOf(attacker.id);
    expect(mine).toMatchObject({ firstName: "Gekaapt", email: attacker.email });
  });

  it("refuses a cross-site post (origin check)", async () => {
    const me = await signedInUser(app, db());
    const res = await app.get("/profile", {
      method: "POST",
      headers: {
        cookie: me.cookie,
        origin: "https://kwaadaardig.example",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ firstName: "Van", lastName: "Elders" }).toString(),
    });
    expect(res.status).toBe(403);
    expect(await customersOf(me.id)).toEqual([]);
  });
});

describe("/account", () => {
  it("shows the same profile form to a signed-in user and saves back to /account", async () => {
    const me = await signedInUser(app, db());
    const page = await app.html("/account", { headers: { cookie: me.cookie } });
    expect(page.status).toBe(200);
    expect(page.html).toContain("<title>Mijn account | Trapkracht</title>");
    expect(inputValue(page.html, "profiel-email")).toBe(me.email);
    expect(page.html).toContain('action="/account"');
    expect(page.html).toMatch(/<button[^>]*type="submit"[^>]*>Opslaan<\/button>/);

    const res = await app.post(
      "/account",
      { firstName: "Kim", lastName: "Bos", phone: "" },
      { headers: { cookie: me.cookie } },
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/account");
    expect(flashOf(res)).toEqual({ kind: "success", title: SAVED });
    expect(await customersOf(me.id)).toMatchObject([{ firstName: "Kim", lastName: "Bos" }]);
  });
});

describe("/orders", () => {
  /** Short ids in the order they appear on the page. */
  const shortIdsIn = (html: string) => [...html.matchAll(/#([0-9a-f]{8})</g)].map((m) => m[1]);

  it("says so when there are no orders", async () => {
    const me = await signedInUser(app, db());
    const { status, html } = await app.html("/orders", { headers: { cookie: me.cookie } });
    expect(status).toBe(200);
    expect(html).toContain("<title>Mijn bestellingen | Trapkracht</title>");
    expect(html).toContain("Geen bestellingen gevonden");
  });

  it("lists every order of the viewer's e-mail, case-insensitively and guest orders included, newest first", async () => {
    const janUser = await createUser(db(), { email: "jan@example.nl" });
    const jan = { cookie: await sessionCookie(app, janUser.email, janUser.password) };

    const guestMixedCase = await createCustomer(db(), { email: "Jan@Example.NL" });
    const guestUpper = await createCustomer(db(), { email: "JAN@EXAMPLE.NL" });
    const own = await createCustomer(db(), { email: "jan@example.nl", userId: janUser.id });
    const someoneElse = await createCustomer(db(), { email: "piet@example.nl" });
    const lookalike = await createCustomer(db(), { email: "xjan@example.nl" });

    const oldest = await createOrder(db(), guestMixedCase.id, {
      createdAt: new Date("2025-03-02T09:00:00Z"),
      status: "completed",
      paymentStatus: "paid",
      items: [
        { productName: "Kettingolie 100 ml", priceCents: 895, quantity: 2 },
        { productName: "Remblokken Shimano B01S", priceCents: 1495 },
      ],
    });
    const middle = await createOrder(db(), guestUpper.id, {
      createdAt: new Date("2026-01-15T12:00:00Z"),
      status: "cancelled",
      paymentStatus: "refunded",
      items: [{ productName: "Energiegel citroen", priceCents: 250, quantity: 4 }],
    });
    const newest = await createOrder(db(), own.id, {
      createdAt: new Date("2026-11-21T10:00:00Z"),
      items: [{ productName: "Binnenband 28 inch", priceCents: 699 }],
      totalAmountCents: 1194,
    });
    const odd = await createOrder(db(), own.id, {
      createdAt: new Date("2026-06-01T10:00:00Z"),
      status: "returned",
      paymentStatus: "processing",
      items: [{ productName: "Bidon 750 ml", priceCents: 599 }],
    });
    const pietsOrder = await createOrder(db(), someoneElse.id, {
      createdAt: new Date("2026-12-01T10:00:00Z"),
      items: [{ productName: "Geheim product van Piet", priceCents: 9999 }],
    });
    const lookalikeOrder = await createOrder(db(), lookalike.id, {
      items: [{ productName: "Product van Xjan", priceCents: 1000 }],
    });

    const { status, html } = await app.html("/orders", { headers: { cookie: jan.cookie } });
    expect(status).toBe(200);
    const short = (id: string) => id.slice(0, 8);
    expect(shortIdsIn(html)).toEqual([newest.id, odd.id, middle.id, oldest.id].map(short));
    expect(html).not.toContain(short(pietsOrder.id));
    expect(html).not.toContain("Geheim product van Piet");
    expect(html).not.toContain(short(lookalikeOrder.id));
    expect(html).not.toContain("Product van Xjan");
    expect(html).not.toContain("Geen bestellingen gevonden");

    // Each order is its own disclosure; its summary holds number, date, payment, status and total.
    // (Only within the list: the header may have disclosures of its own.)
    const list = html.slice(html.indexOf('<ul aria-label="Bestellingen"'));
    const summaries = [...list.matchAll(/<summary[^>]*>([\s\S]*?)<\/summary>/g)].map((m) =>
      m[1]!.replace(/<[^>]+>/g, "|"),
    );
    const text = (s: string) => s.split("|").filter(Boolean);
    expect(text(summaries[0]!)).toEqual([
      "Bestelling ",
      `#${short(newest.id)}`,
      "21 november 2026",
      "Niet betaald",
      "In afwachting",
      `€${NBSP}11,94`,
    ]);
    expect(text(summaries[1]!)).toEqual([
      "Bestelling ",
      `#${short(odd.id)}`,
      "1 juni 2026",
      "Onbekend",
      "returned",
      `€${NBSP}5,99`,
    ]);
    expect(text(summaries[2]!)).toEqual([
      "Bestelling ",
      `#${short(middle.id)}`,
      "15 januari 2026",
      "Terugbetaald",
      "Geannuleerd",
      `€${NBSP}10,00`,
    ]);
    expect(text(summaries[3]!)).toEqual([
      "Bestelling ",
      `#${short(oldest.id)}`,
      "2 maart 2025",
      "Betaald",
      "Voltooid",
      `€${NBSP}32,85`,
    ]);

    // Item lines: name × quantity with the line price (and the unit price when more than one).
    expect(html).toContain("Kettingolie 100 ml × 2");
    expect(html).toContain(`€${NBSP}17,90`);
    expect(html).toContain(`€${NBSP}8,95 per stuk`);
    expect(html).toContain("Remblokken Shimano B01S × 1");
    expect(html).toContain(`€${NBSP}14,95`);
    expect(html).toContain("Energiegel citroen × 4");
    expect(html).toContain("Binnenband 28 inch × 1");
    expect(html).toContain("Bidon 750 ml × 1");
    expect(conflictingClasses(html)).toEqual([]);
  });

  it("adds every order up like its confirmation mail: subtotal, discount with its code, shipping, total, VAT per rate, address", async () => {
    const me = await signedInUser(app, db(), { email: "optellen@example.nl" });
    const customer = await createCustomer(db(), { email: "optellen@example.nl", firstName: "Sam", lastName: "Smit" });
    const order = await createOrder(db(), customer.id, {
      items: [
        { productName: "Kettingolie 100 ml", priceCents: 650 },
        { productName: "Energiegel citroen", priceCents: 250, quantity: 4 },
      ],
      subtotalCents: 1650,
      discountCents: 165,
      couponCode: "ZOMER10",
      shippingCents: 495,
      vatLines: [
        { rate: 21, amountCents: 184 },
        { rate: 9, amountCents: 75 },
      ],
      totalAmountCents: 1980,
    });
    const { html } = await app.html("/orders", { headers: { cookie: me.cookie } });
    const amounts = html.slice(html.indexOf(`aria-label="Bedragen van bestelling ${order.id.slice(0, 8)}"`));
    const rows = [
      ...amounts.slice(0, amounts.indexOf("</dl>")).matchAll(/<dt>([^<]*)<\/dt><dd[^>]*>([^<]*)<\/dd>/g),
    ].map((m) => [m[1], m[2]]);
    expect(rows).toEqual([
      ["Subtotaal", `€${NBSP}16,50`],
      ["Korting (ZOMER10)", `− €${NBSP}1,65`],
      ["Verzendkosten", `€${NBSP}4,95`],
      ["Totaal", `€${NBSP}19,80`],
      ["Waarvan btw 21%", `€${NBSP}1,84`],
      ["Waarvan btw 9%", `€${NBSP}0,75`],
    ]);
    // 16,50 − 1,65 + 4,95 = 19,80: the lines and the total add up on the page.
    expect(html).toContain("Bezorgadres");
    for (const line of ["Sam Smit", "Fietsstraat 12", "1234 AB Utrecht"]) expect(html).toContain(line);
  });

  it("shows no orders for an address the account has not proven", async () => {
    const me = await signedInUser(app, db(), { email: "onbewezen@example.nl" });
    const guest = await createCustomer(db(), { email: "onbewezen@example.nl" });
    const order = await createOrder(db(), guest.id, { items: [{ productName: "Gastbestelling", priceCents: 500 }] });
    expect((await app.html("/orders", { headers: { cookie: me.cookie } })).html).toContain(order.id.slice(0, 8));
    await db().update(users).set({ emailVerified: false }).where(eq(users.id, me.id));
    const { html } = await app.html("/orders", { headers: { cookie: me.cookie } });
    expect(html).toContain("Geen bestellingen gevonden");
    expect(html).not.toContain("Gastbestelling");
  });

  it("never shows the orders of another e-mail address", async () => {
    const me = await signedInUser(app, db());
    const stranger = await createCustomer(db(), { email: "vreemde@example.nl" });
    const theirs = await createOrder(db(), stranger.id, {
      items: [{ productName: "Andermans fiets", priceCents: 99900 }],
    });
    const { html } = await app.html("/orders", { headers: { cookie: me.cookie } });
    expect(html).toContain("Geen bestellingen gevonden");
    expect(html).not.toContain(theirs.id.slice(0, 8));
    expect(html).not.toContain("Andermans fiets");
  });
});
