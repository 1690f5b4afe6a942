import { describe, expect, it } from "vitest";
import { asc, eq, sql } from "drizzle-orm";
import { customers, shippingAddresses } from "../../app/db/schema";
import { flashOf } from "../support/flash";
import { useTestApp } from "../support/fixture";
import { signedInUser } from "../support/users";

/**
 * The profile's address (issue 30 item 14): the default shipping address checkout starts from,
 * saved with the checkout's rules and messages (spec 1 §5), by the signed-in customer only.
 */

const { app, database } = useTestApp();
const db = () => database.db;

const addressesOf = (userId: string) =>
  db()
    .select({
      address: shippingAddresses.address,
      houseNumber: shippingAddresses.houseNumber,
      houseNumberAddition: shippingAddresses.houseNumberAddition,
      postalCode: shippingAddresses.postalCode,
      city: shippingAddresses.city,
      isDefault: shippingAddresses.isDefault,
    })
    .from(shippingAddresses)
    .innerJoin(customers, eq(customers.id, shippingAddresses.customerId))
    .where(eq(customers.userId, userId))
    .orderBy(asc(shippingAddresses.createdAt));

const ADDRESS = {
  intent: "address",
  postalCode: "3511ab",
  houseNumber: "12",
  houseNumberAddition: "b",
  address: "Oudegracht",
  city: "Utrecht",
};

/** The value attribute of the input with this id in server-rendered HTML. */
function inputValue(html: string, id: string): string | null {
  const tag = html.match(new RegExp(`<input[^>]*id="${id}"[^>]*>`))?.[0];
  if (!tag) return null;
  return tag.match(/ value="([^"]*)"/)?.[1] ?? "";
}

describe("the profile's address", () => {
  it("refuses a guest without storing anything", async () => {
    const count = async () =>
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(shippingAddresses)
      )[0]!.n;
    const before = await count();
    const res = await app.post("/profile", ADDRESS);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    expect(await count()).toBe(before);
  });

  it("shows empty labelled fields (postcode and number first) for a customer without an address", async () => {
    const customer = await signedInUser(app, db());
    const { status, html } = await app.html("/profile", { headers: { cookie: customer.cookie } });
    expect(status).toBe(200);
    expect(html).toContain("Bezorgadres");
    for (const id of [
      "adres-postalCode",
      "adres-houseNumber",
      "adres-houseNumberAddition",
      "adres-address",
      "adres-city",
    ]) {
      expect(inputValue(html, id), id).toBe("");
      expect(html).toContain(`for="${id}"`);
    }
    expect(html.indexOf('id="adres-postalCode"')).toBeLessThan(html.indexOf('id="adres-address"'));
  });

  it("saves the address as the customer's default, normalised as checkout stores it, and shows it again", async () => {
    const customer = await signedInUser(app, db());
    const res = await app.post("/profile", ADDRESS, { headers: { cookie: customer.cookie } });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/profile");
    expect(flashOf(res)).toMatchObject({ kind: "success", title: "Adres opgeslagen" });
    expect(await addressesOf(customer.id)).toEqual([
      {
        address: "Oudegracht",
        houseNumber: "12",
        houseNumberAddition: "B",
        postalCode: "3511 AB",
        city: "Utrecht",
        isDefault: true,
      },
    ]);
    const { html } = await app.html("/profile", { headers: { cookie: customer.cookie } });
    expect(inputValue(html, "adres-postalCode")).toBe("3511 AB");
    expect(inputValue(html, "adres-address")).toBe("Oudegracht");
    expect(inputValue(html, "adres-city")).toBe("Utrecht");

    // Checkout starts from it.
    const checkout = await app.html("/checkout", { headers: { cookie: customer.cookie } });
    expect(checkout.html).toContain("Oudegracht");
  });

  it("a new address becomes the default; the old one stays as it was", async () => {
    const customer = await signedInUser(app, db());
    await app.post("/profile", ADDRESS, { headers: { cookie: customer.cookie } });
    const moved = {
      ...ADDRESS,
      postalCode: "9712 CP",
      houseNumber: "1",
      houseNumberAddition: "",
      address: "Grote Markt",
      city: "Groningen",
    };
    expect((await app.post("/profile", moved, { headers: { cookie: customer.cookie } })).status).toBe(302);
    const rows = await addressesOf(customer.id);
    expect(rows.map((r) => [r.postalCode, r.isDefault])).toEqual([
      ["3511 AB", false],
      ["9712 CP", true],
    ]);
  });

  it("keeps the profile's own fields apart: an address post does not touch name or phone", async () => {
    const customer = await signedInUser(app, db());
    await app.post(
      "/profile",
      { firstName: "Fenna", lastName: "Kok", phone: "0612345678" },
      { headers: { cookie: customer.cookie } },
    );
    await app.post("/profile", ADDRESS, { headers: { cookie: customer.cookie } });
    const [row] = await db().select().from(customers).where(eq(customers.userId, customer.id));
    expect(row).toMatchObject({ firstName: "Fenna", lastName: "Kok", phone: "0612345678" });
  });

  it.each([
    ["postalCode", "0123 AB", "Voer een geldige Nederlandse postcode in (bijv. 1234 AB)"],
    ["postalCode", "1234 SS", "Voer een geldige Nederlandse postcode in (bijv. 1234 AB)"],
    ["houseNumber", "", "Huisnummer is verplicht"],
    ["address", "Dam", "Adres moet minimaal 5 tekens bevatten"],
    ["city", "U", "Plaats moet minimaal 2 tekens bevatten"],
    ["city", "Utr\u0000echt", "Ongeldige tekens in dit veld"],
  ])("refuses %s %j with the spec's message and stores nothing", async (field, value, message) => {
    const customer = await signedInUser(app, db());
    const res = await app.post("/profile", { ...ADDRESS, [field]: value }, { headers: { cookie: customer.cookie } });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(message);
    expect(html).toContain("Je adres kon niet worden opgeslagen");
    expect(await addressesOf(customer.id)).toEqual([]);
  });
});
