import { beforeEach, describe, expect, it } from "vitest";
import { shippingAddresses } from "../../app/db/schema";
import { createProduct } from "../support/factories";
import { createCoupon } from "../support/coupon-factories";
import { createCustomer } from "../support/order-factories";
import { signedInUser } from "../support/users";
import { useTestApp } from "../support/fixture";
import type { QuoteView } from "../../app/features/cart-checkout/quote-view";

type Fields = Record<string, string>;

const CUSTOMER: Fields = {
  firstName: "Anna",
  lastName: "de Vries",
  email: "anna@example.nl",
  phone: "",
  createAccount: "",
  password: "",
};
const SHIPPING: Fields = {
  address: "Fietsstraat",
  houseNumber: "12",
  houseNumberAddition: "",
  postalCode: "1234 AB",
  city: "Utrecht",
  saveInfo: "",
};

const POSTCODE_MESSAGE = "Voer een geldige Nederlandse postcode in (bijv. 1234 AB)";

/** The markup of one field: its input carries aria-invalid and points at its message by id. */
function fieldMarkup(html: string, name: string): string {
  const m = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(
    html.replace(/type="hidden" name="[^"]*" value="[^"]*"/g, ""),
  );
  return m?.[0] ?? "";
}

function expectFieldError(html: string, name: string, message: string) {
  const input = fieldMarkup(html, name);
  expect(input, `input ${name}`).toContain('aria-invalid="true"');
  expect(input).toContain(`aria-describedby="checkout-${name}-fout`);
  expect(html).toContain(`<p id="checkout-${name}-fout" class="text-sm font-medium text-danger">${message}</p>`);
}

/**
 * The payload of a single-fetch (.data) answer: React Router's turbo-stream, a flat list where an
 * object maps "_<index of key>" to the index of its value and an array lists value indexes.
 */
function singleFetchData(body: string): unknown {
  const list = JSON.parse(body.split("\n")[0]!) as unknown[];
  const hydrate = (index: number): unknown => {
    if (index < 0) return index === -7 ? null : undefined;
    const value = list[index];
    if (Array.isArray(value)) return value.map((i) => hydrate(i as number));
    if (value === null || typeof value !== "object") return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, at]) => [list[Number(key.slice(1))] as string, hydrate(at as number)]),
    );
  };
  const root = hydrate(0) as Record<string, { data?: unknown }>;
  return root.data ?? root;
}

function currentStep(html: string): string | undefined {
  return /<li aria-current="step"[^>]*>[\s\S]*?<span class="[^"]*">([^<]+)</.exec(html)?.[1];
}

describe("checkout page", () => {
  const { app, database } = useTestApp();
  let ipCounter = 1;
  let ip = "";

  const post = (fields: Fields, cookie?: string) =>
    app.post("/checkout", fields, { headers: { "x-forwarded-for": ip, ...(cookie ? { cookie } : {}) } });
  /** What the page's fetchers get: the action's answer over single fetch (/checkout.data). */
  const singleFetch = async (fields: Fields) => {
    const res = await app.post("/checkout.data", fields, { headers: { "x-forwarded-for": ip } });
    return singleFetchData(await res.text());
  };
  const step = async (intent: string, fields: Fields, cookie?: string) => {
    const res = await post({ intent, checkoutToken: crypto.randomUUID(), items: "[]", ...fields }, cookie);
    return { status: res.status, html: await res.text() };
  };

  beforeEach(() => {
    ip = `10.1.${ipCounter++}.1`;
  });

  it("shows step 1 with the progress bar, labelled fields and a fresh checkout token, never cached", async () => {
    const res = await app.get("/checkout");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const html = await res.text();
    expect(html).toContain("<title>Afrekenen | Trapkracht</title>");
    for (const label of ["Klantgegevens", "Verzendgegevens", "Overzicht &amp; Betaling"]) expect(html).toContain(label);
    expect(currentStep(html)).toBe("Klantgegevens");
    for (const [name, label] of [
      ["firstName", "Voornaam"],
      ["lastName", "Achternaam"],
      ["email", "E-mailadres"],
      ["phone", "Telefoonnummer"],
      ["createAccount", "Maak een account aan"],
    ]) {
      expect(html).toContain(`<label class="text-sm font-medium text-ink`);
      expect(html).toMatch(new RegExp(`<label[^>]*for="checkout-${name}"[^>]*>${label}</label>`));
    }
    expect(html).toMatch(/<button[^>]*value="customer"[^>]*>Volgende<\/button>/);
    const token = /name="checkoutToken" value="([^"]+)"/.exec(html)?.[1];
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
    const second = await app.html("/checkout");
    expect(/name="checkoutToken" value="([^"]+)"/.exec(second.html)?.[1]).not.toBe(token);
    // The coupon field of the side panel.
    expect(html).toMatch(/<label[^>]*for="checkout-coupon"[^>]*>Kortingscode<\/label>/);
    expect(html).toContain(">Toepassen</button>");
  });

  it("keeps the checkout free of distractions: logo, 'Veilig betalen', back to the cart and help, no shop menus", async () => {
    const { html } = await app.html("/checkout");
    expect(html).toContain('aria-label="Trapkracht, naar de homepage"');
    expect(html).toContain("Veilig betalen");
    expect(html).toMatch(/<a[^>]*href="\/cart"[^>]*>.*Terug naar winkelwagen<\/a>/s);
    expect(html).toMatch(/<a[^>]*href="mailto:[^"]+"[^>]*>.*Hulp nodig\?/s);
    // None of the shop's navigation: no main menu, no search, no footer menus.
    expect(html).not.toContain('aria-label="Hoofdmenu"');
    expect(html).not.toContain('role="search"');
    expect(html).not.toContain('aria-label="Winkel"');
    expect(html).toContain('href="/terms"');
    // Other shop pages keep them.
    expect((await app.html("/cart")).html).toContain('aria-label="Hoofdmenu"');
  });

  it("gives every customer-step message on its field, keeps the entered values and stays on step 1", async () => {
    const { status, html } = await step("customer", {
      ...CUSTOMER,
      firstName: "A",
      lastName: " ",
      email: "anna@",
      createAccount: "on",
      password: "12345",
    });
    expect(status).toBe(400);
    expect(currentStep(html)).toBe("Klantgegevens");
    expectFieldError(html, "firstName", "Voornaam moet minimaal 2 tekens bevatten");
    expectFieldError(html, "lastName", "Achternaam moet minimaal 2 tekens bevatten");
    expectFieldError(html, "email", "Voer een geldig e-mailadres in");
    expectFieldError(html, "password", "Wachtwoord moet minimaal 6 tekens bevatten");
    expect(fieldMarkup(html, "email")).toContain('value="anna@"');
    expect(fieldMarkup(html, "phone")).not.toContain('aria-invalid="true"');
  });

  it("goes on to step 2 with valid details; the phone and account are optional", async () => {
    const { status, html } = await step("customer", CUSTOMER);
    expect(status).toBe(200);
    expect(currentStep(html)).toBe("Verzendgegevens");
    for (const [name, label] of [
      ["address", "Adres"],
      ["houseNumber", "Huisnummer"],
      ["houseNumberAddition", "Toevoeging"],
      ["postalCode", "Postcode"],
      ["city", "Plaats"],
      ["country", "Land"],
    ]) {
      expect(html).toMatch(new RegExp(`<label[^>]*for="checkout-${name}"[^>]*>${label}</label>`));
    }
    // Country fixed and disabled; the first step's values travel along as hidden fields.
    expect(html).toMatch(
      /<input[^>]*id="checkout-country"[^>]*disabled=""[^>]*value="Nederland"|<input[^>]*id="checkout-country"[^>]*value="Nederland"[^>]*disabled=""/,
    );
    expect(html).toContain('type="hidden" name="firstName" value="Anna"');
    expect(html).toMatch(/<button[^>]*value="back-1"[^>]*>Terug<\/button>/);
    // "Save for next time" is for signed-in customers only.
    expect(html).not.toContain("Gegevens opslaan voor een volgende keer");
  });

  it("gives every shipping-step message on its field", async () => {
    const { status, html } = await step("shipping", {
      ...CUSTOMER,
      address: "Weg",
      houseNumber: " ",
      postalCode: "0123 AB",
      city: "U",
    });
    expect(status).toBe(400);
    expect(currentStep(html)).toBe("Verzendgegevens");
    expectFieldError(html, "address", "Adres moet minimaal 5 tekens bevatten");
    expectFieldError(html, "houseNumber", "Huisnummer is verplicht");
    expectFieldError(html, "postalCode", POSTCODE_MESSAGE);
    expectFieldError(html, "city", "Plaats moet minimaal 2 tekens bevatten");
  });

  it.each(["0123 AB", "1234 SA", "1234 SS", "1234 sd", "12345"])("refuses the postcode %j", async (postalCode) => {
    const { status, html } = await step("shipping", { ...CUSTOMER, ...SHIPPING, postalCode });
    expect(status).toBe(400);
    expectFieldError(html, "postalCode", POSTCODE_MESSAGE);
  });

  it.each(["1234 AB", "1234ab"])("accepts the postcode %j and shows the overview", async (postalCode) => {
    const { status, html } = await step("shipping", { ...CUSTOMER, ...SHIPPING, postalCode });
    expect(status).toBe(200);
    expect(currentStep(html)).toBe("Overzicht &amp; Betaling");
    expect(html).toContain("1234 AB Utrecht");
    expect(html).toContain("iDEAL");
    expect(html).toContain("Creditcard");
    expect(html).toMatch(
      /Je hebt 14 dagen bedenktijd; lees onze <a href="\/terms"[^>]*>algemene voorwaarden<\/a> en het <a href="\/terms#herroeping"[^>]*>herroepingsrecht<\/a>\./,
    );
    expect(html).toMatch(/<button[^>]*value="place"[^>]*>[\s\S]*?Bestelling met betalingsverplichting<\/button>/);
    expect(html).toMatch(/<button[^>]*value="back-2"[^>]*>Terug<\/button>/);
  });

  it("goes back a step without JavaScript and keeps what was entered", async () => {
    const { html } = await step("back-1", { ...CUSTOMER, ...SHIPPING, city: "Zwolle" });
    expect(currentStep(html)).toBe("Klantgegevens");
    expect(fieldMarkup(html, "firstName")).toContain('value="Anna"');
    expect(html).toContain('type="hidden" name="city" value="Zwolle"');
  });

  it("prefills a signed-in customer's details and default address, with the e-mail read-only", async () => {
    const user = await signedInUser(app, database.db);
    const own = await createCustomer(database.db, {
      userId: user.id,
      email: user.email,
      firstName: "Piet",
      lastName: "Jansen",
      phone: "0612345678",
    });
    await database.db.insert(shippingAddresses).values([
      { customerId: own.id, address: "Oude Weg", houseNumber: "1", postalCode: "1111 AA", city: "Ede" },
      {
        customerId: own.id,
        address: "Kerkstraat",
        houseNumber: "5",
        houseNumberAddition: "A",
        postalCode: "3511 AB",
        city: "Utrecht",
        isDefault: true,
      },
    ]);
    const { html } = await app.html("/checkout", { headers: { cookie: user.cookie } });
    expect(fieldMarkup(html, "firstName")).toContain('value="Piet"');
    expect(fieldMarkup(html, "lastName")).toContain('value="Jansen"');
    expect(fieldMarkup(html, "phone")).toContain('value="0612345678"');
    const email = fieldMarkup(html, "email");
    expect(email).toContain(`value="${user.email}"`);
    expect(email).toContain("readOnly");
    // No account to create for someone who has one.
    expect(html).not.toContain("Maak een account aan");
    for (const value of ["Kerkstraat", "5", "A", "3511 AB", "Utrecht"]) {
      expect(html).toContain(`value="${value}"`);
    }

    // A posted e-mail address is ignored for a signed-in customer; the shipping step offers saving.
    const next = await step("customer", { ...CUSTOMER, email: "ander@example.nl" }, user.cookie);
    expect(next.html).toContain(`type="hidden" name="email" value="${user.email}"`);
    expect(next.html).toContain("Gegevens opslaan voor een volgende keer");
  });

  it("prices the posted cart on the server, ignoring prices and VAT in it", async () => {
    const product = await createProduct(database.db, { consumerPriceCents: 2500, vatRate: 9, stockQuantity: 1 });
    const items = JSON.stringify([{ artNo: product.artNo, quantity: 2, price: 0.01, VAT: 0 }]);
    const answer = (await singleFetch({ intent: "quote", items })) as { quote: QuoteView };
    expect(answer.quote.lines).toEqual([
      expect.objectContaining({
        artNo: product.artNo,
        unitPriceCents: 2500,
        vatRate: 9,
        quantity: 2,
        problem: "insufficient-stock",
        stockQuantity: 1,
      }),
    ]);
    expect(answer.quote.sellable).toBe(false);
  });

  it("checks coupons through the rate-limited coupon check, trimmed and upper-cased", async () => {
    const product = await createProduct(database.db, { consumerPriceCents: 2500 });
    const coupon = await createCoupon(database.db, { discountPercentage: 10 });
    const items = JSON.stringify([{ artNo: product.artNo, quantity: 2 }]);

    const applied = (await singleFetch({ intent: "coupon", code: ` ${coupon.code.toLowerCase()} `, items })) as {
      status: string;
      code: string;
      discountCents: number;
    };
    expect(applied).toMatchObject({ status: "applied", code: coupon.code, discountCents: 500 });
    const quoted = (await singleFetch({ intent: "quote", items, couponCode: coupon.code })) as { quote: QuoteView };
    expect(quoted.quote.totals).toMatchObject({ subtotalCents: 5000, discountCents: 500, totalCents: 4500 + 495 });

    const unknown = await singleFetch({ intent: "coupon", code: "BESTAATNIET", items });
    expect(unknown).toMatchObject({
      status: "invalid",
      title: "Invalid coupon",
      message: "Deze kortingscode bestaat niet.",
    });
    expect(await singleFetch({ intent: "coupon", code: "  ", items })).toMatchObject({
      status: "empty",
      title: "Please enter a coupon code",
    });
  });
});
