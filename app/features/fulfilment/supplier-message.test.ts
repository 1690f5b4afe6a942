import { describe, expect, it } from "vitest";
import type { OrderMailData } from "~/features/mail-templates";
import {
  buildOrderMessage,
  buildSupplierAnswer,
  exampleOrderMessage,
  fillCredentialPlaceholders,
  parseOrderMessage,
  parseSupplierAnswer,
  SupplierMessageError,
  supplierOrderFrom,
} from "./supplier-message";

const ORDER_ID = "3f2a9c1d-5b6e-4f70-8a9b-0c1d2e3f4a5b";

const data: OrderMailData = {
  orderId: ORDER_ID,
  createdAt: new Date("2026-03-12T13:05:00Z"),
  paidAt: new Date("2026-03-12T13:07:00Z"),
  customer: { firstName: "Sanne", lastName: "de Vries & Zn <BV>", email: "sanne@example.nl", phone: "0612345678" },
  address: {
    address: "Fietsstraat",
    houseNumber: "12",
    houseNumberAddition: "B",
    postalCode: "3511 AB",
    city: "Utrecht",
    country: "Nederland",
  },
  items: [
    {
      productId: "10145",
      productName: "Kettingolie",
      productPriceCents: 895,
      originalPriceCents: null,
      vatRate: 21,
      quantity: 2,
    },
    {
      productId: "20001",
      productName: "Energiegel",
      productPriceCents: 250,
      originalPriceCents: null,
      vatRate: 9,
      quantity: 1,
    },
  ],
  subtotalCents: 2040,
  discountCents: 0,
  couponCode: null,
  shippingCents: 495,
  vatLines: [],
  totalAmountCents: 2535,
};

const account = {
  username: "trap&kracht",
  password: ' "geheim" <1> ',
  debtorNumber: "D-10452",
  deliveryNoteLanguage: "NL",
};

const EXPECTED = `<?xml version="1.0" encoding="UTF-8"?>
<DropshipOrder>
  <Authentication>
    <Username>trap&amp;kracht</Username>
    <Password> &quot;geheim&quot; &lt;1&gt; </Password>
  </Authentication>
  <DebtorNumber>D-10452</DebtorNumber>
  <Reference>3f2a9c1d-5b6e-4f70-8a9b-0c1d2e3f4a5b</Reference>
  <Remark>Trapkracht bestelling 3f2a9c1d</Remark>
  <DeliveryAddress>
    <Company></Company>
    <Building></Building>
    <RecipientName>Sanne de Vries &amp; Zn &lt;BV&gt;</RecipientName>
    <Phone>0612345678</Phone>
    <Email>sanne@example.nl</Email>
    <Street>Fietsstraat</Street>
    <HouseNumber>12</HouseNumber>
    <HouseNumberAddition>B</HouseNumberAddition>
    <PostalCode>3511 AB</PostalCode>
    <City>Utrecht</City>
    <Country>NL</Country>
  </DeliveryAddress>
  <DeliveryNoteLanguage>NL</DeliveryNoteLanguage>
  <OrderLines>
    <OrderLine>
      <IndexNumber>1</IndexNumber>
      <ArtNo>10145</ArtNo>
      <Amount>2</Amount>
    </OrderLine>
    <OrderLine>
      <IndexNumber>2</IndexNumber>
      <ArtNo>20001</ArtNo>
      <Amount>1</Amount>
    </OrderLine>
  </OrderLines>
</DropshipOrder>
`;

describe("the supplier's order message", () => {
  it("carries every field of spec 2 §7.4, escaped, with the full order id as reference", () => {
    expect(buildOrderMessage(supplierOrderFrom(data, account))).toBe(EXPECTED);
  });

  it("reads back as the same order (what the test supplier sees)", () => {
    const parsed = parseOrderMessage(EXPECTED);
    expect(parsed).toEqual({
      ok: true,
      order: {
        // The reader trims values; the password's own spaces are on the wire (see EXPECTED).
        username: "trap&kracht",
        password: '"geheim" <1>',
        debtorNumber: "D-10452",
        reference: ORDER_ID,
        remark: "Trapkracht bestelling 3f2a9c1d",
        company: "",
        building: "",
        recipientName: "Sanne de Vries & Zn <BV>",
        phone: "0612345678",
        email: "sanne@example.nl",
        street: "Fietsstraat",
        houseNumber: "12",
        houseNumberAddition: "B",
        postalCode: "3511 AB",
        city: "Utrecht",
        country: "NL",
        deliveryNoteLanguage: "NL",
        lines: [
          { indexNumber: 1, artNo: "10145", amount: 2 },
          { indexNumber: 2, artNo: "20001", amount: 1 },
        ],
      },
    });
  });

  it("leaves out characters XML cannot carry, and sends an empty phone and addition as empty elements", () => {
    const xml = buildOrderMessage(
      supplierOrderFrom(
        {
          ...data,
          customer: { ...data.customer, lastName: "de\u0000 Vries\u0007", phone: null },
          address: { ...data.address!, houseNumberAddition: null },
        },
        account,
      ),
    );
    expect(xml).toContain("<RecipientName>Sanne de Vries</RecipientName>");
    expect(xml).toContain("<Phone></Phone>");
    expect(xml).toContain("<HouseNumberAddition></HouseNumberAddition>");
  });

  it("refuses an order it cannot ship instead of sending half of it", () => {
    expect(() => supplierOrderFrom({ ...data, address: null }, account)).toThrow(SupplierMessageError);
    expect(() => supplierOrderFrom({ ...data, address: { ...data.address!, country: "Atlantis" } }, account)).toThrow(
      'Country "Atlantis" has no known ISO code',
    );
    expect(() => supplierOrderFrom({ ...data, items: [] }, account)).toThrow("The order has no lines");
    expect(() => supplierOrderFrom({ ...data, items: [{ ...data.items[0]!, productId: "abc" }] }, account)).toThrow(
      'Line 1 has no numeric article number ("abc")',
    );
  });

  it("offers the admin an example with placeholders, filled with the real credentials only on the server", () => {
    const example = exampleOrderMessage({ debtorNumber: "D-10452", deliveryNoteLanguage: "NL" });
    expect(example).toContain("<Username>••••</Username>");
    expect(example).toContain("<Password>••••</Password>");
    expect(example).toContain("<DebtorNumber>D-10452</DebtorNumber>");
    const filled = fillCredentialPlaceholders(example, { username: "trap&kracht", password: "<geheim>" });
    expect(filled).toContain("<Username>trap&amp;kracht</Username>");
    expect(filled).toContain("<Password>&lt;geheim&gt;</Password>");
    expect(filled).not.toContain("••••");
  });

  it("refuses order messages a supplier could not process", () => {
    expect(parseOrderMessage("garbage")).toEqual({ ok: false, error: "Not a well-formed DropshipOrder message" });
    expect(parseOrderMessage(EXPECTED.replace("<ArtNo>20001</ArtNo>", "<ArtNo>twintig</ArtNo>"))).toEqual({
      ok: false,
      error: "OrderLine 2 has no valid ArtNo",
    });
    expect(parseOrderMessage(EXPECTED.replace("<Amount>1</Amount>", "<Amount>0</Amount>"))).toEqual({
      ok: false,
      error: "OrderLine 2 has no valid Amount",
    });
    expect(parseOrderMessage(EXPECTED.replace("<City>Utrecht</City>", "<City></City>"))).toEqual({
      ok: false,
      error: "city is required",
    });
  });
});

describe("the supplier's answer", () => {
  it("accepted with the supplier's reference", () => {
    const body = `<?xml version="1.0" encoding="UTF-8"?>
<DropshipOrderResponse>
  <Status>accepted</Status>
  <Reference>${ORDER_ID}</Reference>
  <SupplierReference>LV-2026-000123</SupplierReference>
</DropshipOrderResponse>`;
    expect(parseSupplierAnswer(201, body, ORDER_ID)).toEqual({
      kind: "accepted",
      supplierReference: "LV-2026-000123",
      alreadyKnown: false,
    });
  });

  it("'reference already known' counts as accepted with the reference the supplier gave before (200 or 409)", () => {
    const body = `<DropshipOrderResponse><Status>already_known</Status><SupplierReference>LV-2026-000123</SupplierReference><Message>Reference already known</Message></DropshipOrderResponse>`;
    const expected = { kind: "accepted", supplierReference: "LV-2026-000123", alreadyKnown: true };
    expect(parseSupplierAnswer(200, body)).toEqual(expected);
    expect(parseSupplierAnswer(409, body)).toEqual(expected);
  });

  it("rejected with the supplier's reason (final), also with entities in the reason", () => {
    const body = `<DropshipOrderResponse><Status>rejected</Status><ErrorCode>UNKNOWN_ARTICLE</ErrorCode><Message>Unknown article number 99999 &amp; 88888</Message></DropshipOrderResponse>`;
    expect(parseSupplierAnswer(422, body)).toEqual({
      kind: "rejected",
      code: "UNKNOWN_ARTICLE",
      reason: "Unknown article number 99999 & 88888",
    });
    expect(
      parseSupplierAnswer(400, "<DropshipOrderResponse><Status>rejected</Status></DropshipOrderResponse>"),
    ).toEqual({ kind: "rejected", code: "REJECTED", reason: "no reason given" });
  });

  it("anything else is an error to try again: 5xx, redirects, HTML, garbage, empty, truncated, no reference", () => {
    const accepted = `<DropshipOrderResponse><Status>accepted</Status><SupplierReference>X-1</SupplierReference></DropshipOrderResponse>`;
    expect(parseSupplierAnswer(500, accepted)).toEqual({ kind: "error", reason: "Supplier answered HTTP 500" });
    expect(parseSupplierAnswer(503, "")).toEqual({ kind: "error", reason: "Supplier answered HTTP 503" });
    expect(parseSupplierAnswer(429, accepted)).toEqual({ kind: "error", reason: "Supplier answered HTTP 429" });
    expect(parseSupplierAnswer(302, "")).toEqual({
      kind: "error",
      reason: "Supplier answered HTTP 302 (a redirect, not followed)",
    });
    expect(parseSupplierAnswer(200, "<!DOCTYPE html><html><body>Bad gateway<br></body></html>")).toEqual({
      kind: "error",
      reason:
        'Supplier answered HTTP 200 with "<!DOCTYPE html><html><body>Bad gateway<br></body></html>", not a DropshipOrderResponse',
    });
    expect(parseSupplierAnswer(200, "<html><body>ok</body></html>").kind).toBe("error");
    expect(parseSupplierAnswer(200, "OK")).toEqual({
      kind: "error",
      reason: 'Supplier answered HTTP 200 with "OK", not a DropshipOrderResponse',
    });
    expect(parseSupplierAnswer(200, "  ")).toEqual({
      kind: "error",
      reason: "Supplier answered HTTP 200 with an empty body, not a DropshipOrderResponse",
    });
    expect(parseSupplierAnswer(200, accepted.slice(0, 60)).kind).toBe("error");
    expect(
      parseSupplierAnswer(200, "<DropshipOrderResponse><Status>accepted</Status></DropshipOrderResponse>"),
    ).toEqual({ kind: "error", reason: 'Supplier answered "accepted" without a usable supplier reference' });
    expect(parseSupplierAnswer(200, "<DropshipOrderResponse><Status>queued</Status></DropshipOrderResponse>")).toEqual({
      kind: "error",
      reason: 'Supplier answered HTTP 200 with status "queued"',
    });
    // "Accepted" on a 4xx is contradictory: not taken as accepted.
    expect(parseSupplierAnswer(404, accepted).kind).toBe("error");
  });

  it("refuses a DTD (entity expansion) and an answer for another order", () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaa">]><DropshipOrderResponse><Status>accepted</Status><SupplierReference>&a;</SupplierReference></DropshipOrderResponse>`;
    expect(parseSupplierAnswer(200, bomb).kind).toBe("error");
    const other = `<DropshipOrderResponse><Status>accepted</Status><Reference>ander-id</Reference><SupplierReference>X-1</SupplierReference></DropshipOrderResponse>`;
    expect(parseSupplierAnswer(200, other, ORDER_ID)).toEqual({
      kind: "error",
      reason: 'Supplier answered for reference "ander-id", not this order',
    });
  });

  it("writes answers the way it reads them", () => {
    expect(buildSupplierAnswer({ status: "accepted", reference: ORDER_ID, supplierReference: "TS-1" })).toBe(
      `<?xml version="1.0" encoding="UTF-8"?>
<DropshipOrderResponse>
  <Status>accepted</Status>
  <Reference>${ORDER_ID}</Reference>
  <SupplierReference>TS-1</SupplierReference>
</DropshipOrderResponse>
`,
    );
    const rejected = buildSupplierAnswer({ status: "rejected", code: "UNKNOWN_ARTICLE", message: "Unknown <article>" });
    expect(parseSupplierAnswer(422, rejected)).toEqual({
      kind: "rejected",
      code: "UNKNOWN_ARTICLE",
      reason: "Unknown <article>",
    });
  });
});
