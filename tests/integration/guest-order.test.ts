import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { GUEST_ORDER_TEXT, guestOrderToken } from "../../app/features/shopper-orders/index.server";
import { TEST_AUTH_SECRET } from "../support/app";
import { useTestApp } from "../support/fixture";
import { createCustomer, createOrder } from "../support/order-factories";

describe("a guest's order page /bestelling", () => {
  const { app, database } = useTestApp();
  let ipCounter = 1;
  let ip = "";

  const lookUp = (orderNumber: string, email: string, from = ip) =>
    app.post("/bestelling", { orderNumber, email }, { headers: { "x-forwarded-for": from } });
  const cookieOf = (res: Response) => (res.headers.get("set-cookie") ?? "").split(";")[0]!;
  const guestOrder = async (email = `gast-${Date.now()}-${ipCounter}@example.nl`) => {
    const customer = await createCustomer(database.db, { email, firstName: "Gerda", lastName: "Gast" });
    const order = await createOrder(database.db, customer.id, {
      status: "processing",
      paymentStatus: "paid",
      items: [{ productName: "Kettingolie 100 ml", priceCents: 895, quantity: 2 }],
      subtotalCents: 1790,
      shippingCents: 495,
      vatLines: [{ rate: 21, amountCents: 397 }],
      totalAmountCents: 2285,
    });
    return { order, email, number: order.id.slice(0, 8) };
  };

  beforeEach(async () => {
    ip = `192.0.2.${ipCounter++}`;
    await database.db.execute(sql`DELETE FROM rate_limits WHERE key LIKE 'guest-order:%'`);
  });

  it("shows the lookup form, not indexed, linked to from nowhere it should not be", async () => {
    const { status, html } = await app.html("/bestelling");
    expect(status).toBe(200);
    expect(html).toContain("Je bestelling bekijken");
    expect(html).toMatch(/<label[^>]*for="bestelling-nummer"[^>]*>Bestelnummer<\/label>/);
    expect(html).toMatch(/<label[^>]*for="bestelling-email"[^>]*>E-mailadres<\/label>/);
    expect(html).toContain('name="robots" content="noindex"');
  });

  it("opens the order with its number and e-mail address: status, lines, totals and address", async () => {
    const { order, email, number } = await guestOrder();
    const res = await lookUp(`#${number.toUpperCase()}`, email.toUpperCase());
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/bestelling");
    expect(res.headers.get("set-cookie")).toMatch(/HttpOnly; SameSite=Lax/);
    const page = await app.html("/bestelling", { headers: { cookie: cookieOf(res) } });
    expect(page.html).toContain(`#${number}`);
    expect(page.html).toContain("In behandeling");
    expect(page.html).toContain("Betaald");
    expect(page.html).toContain("Kettingolie 100 ml × 2");
    expect(page.html).toContain("Verzendkosten");
    expect(page.html).toContain("Waarvan btw 21%");
    expect(page.html).toContain("Gerda Gast");
    // The number alone, or the order's id in the address bar, opens nothing without the cookie.
    expect((await app.html("/bestelling")).html).not.toContain("Kettingolie 100 ml");
    expect((await app.get(`/bestelling?code=${order.id}`)).status).toBe(404);
  });

  it("answers a wrong pair exactly as a pair without any order", async () => {
    const { email, number } = await guestOrder();
    const other = await guestOrder();
    const wrongEmail = await lookUp(number, other.email);
    const noOrder = await lookUp("00000000", "niemand@example.nl");
    const wrongNumber = await lookUp(other.number, email);
    for (const res of [wrongEmail, noOrder, wrongNumber]) {
      expect(res.status).toBe(404);
      expect(res.headers.get("set-cookie")).toBeNull();
      expect(await res.text()).toContain(GUEST_ORDER_TEXT.notFound.replace(/'/g, "&#x27;").slice(0, 60));
    }
  });

  it("a stranger's wrong addresses for a known number do not lock out the guest; the stranger's own IP is throttled", async () => {
    const { email, number } = await guestOrder();
    const stranger = "198.18.0.66";
    for (let i = 0; i < 10; i++) expect((await lookUp(number, `fout${i}@example.nl`, stranger)).status).toBe(404);
    // The stranger's eleventh try is refused, whatever the pair, even the right one.
    expect((await lookUp(number, `fout-nog-een@example.nl`, stranger)).status).toBe(429);
    expect((await lookUp(number, email, stranger)).status).toBe(429);
    // Ten failures spread over ten addresses do not stop the guest with the right address either.
    for (let i = 0; i < 10; i++)
      expect((await lookUp(number, `ander${i}@example.nl`, `198.18.1.${i}`)).status).toBe(404);
    const owner = await lookUp(number, email, "198.18.0.99");
    expect(owner.status).toBe(302);
    expect(owner.headers.get("set-cookie")).toMatch(/^trapkracht_bestelling=/);
  });

  it("limits failed tries per pair of number and address, and per IP address; finding the order does not count", async () => {
    const { email, number } = await guestOrder();
    // One pair tried five times wrongly from five addresses: the sixth try of that pair is refused.
    const wrong = "bijna-goed@example.nl";
    for (let i = 0; i < 5; i++) expect((await lookUp(number, wrong, `198.18.2.${i}`)).status).toBe(404);
    expect((await lookUp(number, wrong, "198.18.2.99")).status).toBe(429);
    // The guest who opens the order again and again from one address is never refused.
    for (let i = 0; i < 12; i++) expect((await lookUp(number, email)).status).toBe(302);
    // Ten wrong tries from one address, then that address is refused.
    for (let i = 0; i < 10; i++) {
      expect((await lookUp(String(i).padStart(8, "0"), `x${i}@example.nl`)).status).toBe(404);
    }
    expect((await lookUp("0000000a", "x@example.nl")).status).toBe(429);
  });

  it("the signed link of the mails opens the order while the lookup form is throttled", async () => {
    const { order, number } = await guestOrder();
    for (let i = 0; i < 11; i++) await lookUp(number, `fout${i}@example.nl`);
    expect((await lookUp(number, "nog-een@example.nl")).status).toBe(429);
    const res = await app.get(`/bestelling?code=${encodeURIComponent(guestOrderToken(TEST_AUTH_SECRET, order.id))}`, {
      headers: { "x-forwarded-for": ip },
    });
    expect(res.status).toBe(302);
    expect((await app.html("/bestelling", { headers: { cookie: cookieOf(res) } })).html).toContain(`#${number}`);
  });

  it("opens the order from the signed link of the mails, and refuses a forged or tampered one", async () => {
    const { order, number } = await guestOrder();
    const code = guestOrderToken(TEST_AUTH_SECRET, order.id);
    const res = await app.get(`/bestelling?code=${encodeURIComponent(code)}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/bestelling");
    expect((await app.html("/bestelling", { headers: { cookie: cookieOf(res) } })).html).toContain(`#${number}`);

    const forged = guestOrderToken("een-ander-geheim-0123456789-abcdefghij", order.id);
    for (const bad of [forged, `${order.id}.`, order.id, `${code}x`]) {
      const answer = await app.get(`/bestelling?code=${encodeURIComponent(bad)}`);
      expect(answer.status).toBe(404);
      expect(answer.headers.get("set-cookie")).toBeNull();
    }
    // A cookie with a forged value opens nothing either.
    const page = await app.html("/bestelling", { headers: { cookie: `trapkracht_bestelling=${forged}` } });
    expect(page.html).not.toContain(`#${number}`);
    expect(page.html).toContain("Bestelnummer");
  });

  it("refuses control characters and a malformed number with a field error, looking nothing up", async () => {
    const res = await lookUp("1a2b\u00003c", "a@example.nl");
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Ongeldige tekens in dit veld");
    const malformed = await lookUp("12345", "a@example.nl");
    expect(malformed.status).toBe(400);
    const rows = await database.db.execute(
      sql`SELECT count(*)::int AS n FROM rate_limits WHERE key LIKE 'guest-order:%'`,
    );
    expect(
      (rows as unknown as { rows: { n: number }[] }).rows?.[0]?.n ?? (rows as unknown as { n: number }[])[0]?.n,
    ).toBe(0);
  });
});
