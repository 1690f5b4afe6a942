import { describe, expect, it } from "vitest";
import {
  EMPTY_CHECKOUT_VALUES,
  fieldError,
  isCheckoutToken,
  isDutchPostcode,
  checkoutCouponCode,
  normalizePostcode,
  parseCartItems,
  validateCheckout,
  validateCustomer,
  validateShipping,
  type CheckoutValues,
} from "./checkout-schema";

const valid: CheckoutValues = {
  ...EMPTY_CHECKOUT_VALUES,
  firstName: "Anna",
  lastName: "de Vries",
  email: "Anna@Example.nl ",
  phone: "06 12345678",
  address: "Fietsstraat",
  houseNumber: "12",
  houseNumberAddition: "a",
  postalCode: "1234ab",
  city: "Utrecht",
};

describe("checkout schema", () => {
  it("accepts a complete checkout and normalises it", () => {
    const result = validateCheckout({ ...valid, saveInfo: "on" });
    expect(result).toEqual({
      ok: true,
      data: {
        customer: {
          firstName: "Anna",
          lastName: "de Vries",
          email: "anna@example.nl",
          phone: "06 12345678",
          createAccount: false,
          password: "",
        },
        shipping: {
          address: "Fietsstraat",
          houseNumber: "12",
          houseNumberAddition: "A",
          postalCode: "1234 AB",
          city: "Utrecht",
          saveInfo: true,
        },
      },
    });
  });

  it("gives the spec's message for every customer field", () => {
    expect(
      validateCustomer({ ...EMPTY_CHECKOUT_VALUES, firstName: "A", lastName: " B ", email: "geen-adres" }),
    ).toEqual({
      ok: false,
      errors: {
        firstName: "Voornaam moet minimaal 2 tekens bevatten",
        lastName: "Achternaam moet minimaal 2 tekens bevatten",
        email: "Voer een geldig e-mailadres in",
      },
    });
  });

  it("asks for a password of at least 6 characters only when an account is wanted", () => {
    expect(validateCustomer({ ...valid, password: "123" }).ok).toBe(true);
    expect(validateCustomer({ ...valid, createAccount: "on", password: "12345" })).toEqual({
      ok: false,
      errors: { password: "Wachtwoord moet minimaal 6 tekens bevatten" },
    });
    expect(validateCustomer({ ...valid, createAccount: "on", password: "123456" }).ok).toBe(true);
  });

  it("gives the spec's message for every shipping field", () => {
    expect(validateShipping({ ...EMPTY_CHECKOUT_VALUES, address: "Weg", city: "U" })).toEqual({
      ok: false,
      errors: {
        address: "Adres moet minimaal 5 tekens bevatten",
        houseNumber: "Huisnummer is verplicht",
        postalCode: "Voer een geldige Nederlandse postcode in (bijv. 1234 AB)",
        city: "Plaats moet minimaal 2 tekens bevatten",
      },
    });
  });

  it("keeps the phone optional but checks it when given", () => {
    expect(validateCustomer({ ...valid, phone: "" }).ok).toBe(true);
    expect(validateCustomer({ ...valid, phone: "bel me" }).ok).toBe(false);
  });

  it.each(["1234 AB", "1234ab", "1234 ab", "9999ZZ", " 1000 aa "])("accepts the postcode %j", (code) => {
    expect(isDutchPostcode(code)).toBe(true);
  });

  it.each(["0123 AB", "1234 SA", "1234 sd", "1234SS", "12345", "1234  AB", "1234 A", "123 AB", "1234 A1", ""])(
    "refuses the postcode %j",
    (code) => {
      expect(isDutchPostcode(code)).toBe(false);
      expect(fieldError({ ...valid, postalCode: code }, "postalCode")).toBe(
        "Voer een geldige Nederlandse postcode in (bijv. 1234 AB)",
      );
    },
  );

  it("stores postcodes as 1234 AB", () => {
    expect(normalizePostcode("1234ab")).toBe("1234 AB");
    expect(normalizePostcode(" 5678 Cd ")).toBe("5678 CD");
  });

  it("gives one field's message on blur, and none for a valid field", () => {
    expect(fieldError({ ...valid, firstName: "A" }, "firstName")).toBe("Voornaam moet minimaal 2 tekens bevatten");
    expect(fieldError({ ...valid, firstName: "A" }, "lastName")).toBeUndefined();
    expect(fieldError({ ...valid, houseNumber: " " }, "houseNumber")).toBe("Huisnummer is verplicht");
  });
});

describe("posted cart", () => {
  it("keeps only ArtNo and quantity, merges lines and clamps quantities to 1–99", () => {
    expect(
      parseCartItems(
        JSON.stringify([
          { artNo: 5, quantity: 2, price: 0.01, VAT: 0 },
          { artNo: 5, quantity: 1 },
          { artNo: 6, quantity: -4 },
          { artNo: 7, quantity: 1e9 },
          { artNo: 8, quantity: 2.7 },
        ]),
      ),
    ).toEqual([
      { artNo: 5, quantity: 3 },
      { artNo: 6, quantity: 1 },
      { artNo: 7, quantity: 99 },
      { artNo: 8, quantity: 2 },
    ]);
  });

  it.each(["", "{}", "nope", '[{"artNo":"x","quantity":1}]', '[{"artNo":-1,"quantity":1}]', "[null]"])(
    "refuses %j",
    (raw) => expect(parseCartItems(raw)).toBeNull(),
  );

  it("recognises checkout tokens and coupon codes", () => {
    expect(isCheckoutToken("6f1c2f0e-8a3b-4c1d-9e2f-0a1b2c3d4e5f")).toBe(true);
    expect(isCheckoutToken("123")).toBe(false);
    expect(checkoutCouponCode("  welkom10 ")).toBe("WELKOM10");
    expect(checkoutCouponCode("   ")).toBeNull();
  });
});
