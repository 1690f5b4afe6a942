import type { ContactInput } from "~/features/contact";
import type { OrderMailData } from "./order-mail-data";
import type { WithdrawnMailData } from "./withdrawal-mails";

/**
 * Every value a template shows passes through `word`: the admin preview passes them as they are, the
 * escaping test marks each one with hostile characters and checks it comes out escaped in the HTML and
 * verbatim in the text. A value that bypassed `word` here would go unchecked, so all strings go through it.
 */
export type Word = (value: string) => string;

const SHOP = "https://www.trapkracht.nl";
const PLACED = new Date("2026-03-12T13:05:00Z");
const PAID = new Date("2026-03-12T13:07:00Z");

export function sampleOrder(word: Word): OrderMailData {
  return {
    orderId: word("3f2a9c1e-7b4d-4e0a-9c55-1d2e3f4a5b6c"),
    createdAt: PLACED,
    paidAt: PAID,
    customer: {
      firstName: word("Anna"),
      lastName: word("de Vries"),
      email: word("anna@example.nl"),
      phone: word("06 12345678"),
    },
    address: {
      address: word("Kerkstraat"),
      houseNumber: word("12"),
      houseNumberAddition: word("A"),
      postalCode: word("3511 AB"),
      city: word("Utrecht"),
      country: word("Nederland"),
    },
    // Kettingolie: 2 × €9,95 = €19,90 (was €12,50); Binnenband: 1 × €6,50. Subtotal €26,40, coupon
    // −€2,64, shipping €4,95: total €28,71, of which 21% VAT €4,98.
    items: [
      {
        productId: word("10001"),
        productName: word("Kettingolie 100 ml"),
        productPriceCents: 995,
        originalPriceCents: 1250,
        vatRate: 21,
        quantity: 2,
      },
      {
        productId: word("20417"),
        productName: word("Binnenband 28 inch"),
        productPriceCents: 650,
        originalPriceCents: null,
        vatRate: 21,
        quantity: 1,
      },
    ],
    subtotalCents: 2640,
    discountCents: 264,
    couponCode: word("ZOMER10"),
    shippingCents: 495,
    vatLines: [{ rate: 21, amountCents: 498 }],
    totalAmountCents: 2871,
  };
}

export function sampleContact(word: Word): ContactInput {
  return {
    firstName: word("Anna"),
    lastName: word("de Vries"),
    email: word("anna@example.nl"),
    subject: word("Levertijd bestelling"),
    message: `${word("Hallo,")}\n${word("Wanneer wordt mijn bestelling bezorgd?")}\n\n${word("Groet, Anna")}`,
  };
}

export function sampleWithdrawal(word: Word): WithdrawnMailData {
  return {
    orderId: word("3f2a9c1e-7b4d-4e0a-9c55-1d2e3f4a5b6c"),
    withdrawalId: word("8c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f"),
    receivedAt: new Date("2026-03-20T09:30:00Z"),
    refundDueAt: new Date("2026-04-03T09:30:00Z"),
    reason: word("Te laat geleverd"),
    whole: false,
    customer: { name: word("Anna de Vries"), email: word("anna@example.nl") },
    lines: [{ productId: word("10001"), productName: word("Kettingolie 100 ml"), quantity: 1, priceCents: 995 }],
  };
}

export const sampleUrls = (word: Word) => ({
  publicUrl: word(SHOP),
  orderUrl: word(`${SHOP}/bestelling?code=voorbeeld`),
  link: word(`${SHOP}/account/bevestigen?token=voorbeeld`),
  loginUrl: word(`${SHOP}/login`),
  trackingUrl: word("https://jouw.pakket.nl/volg/3SABC123456789"),
  productUrl: word(`${SHOP}/product/10001-kettingolie-100-ml`),
  unsubscribeUrl: word(`${SHOP}/voorraadmelding?afmelden=voorbeeld`),
  customerServiceEmail: word("klantenservice@trapkracht.nl"),
});
