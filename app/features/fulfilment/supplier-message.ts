import { XMLBuilder, XMLParser, XMLValidator } from "fast-xml-parser";
import type { OrderMailData } from "~/features/mail-templates";
import { shortOrderId } from "~/features/shopper-orders";

/**
 * The supplier's order message and its answers (spec 2 §7.4 place-dropshipment-order). The wire
 * format is ours (docs/supplier-api.md, ADR 0011): one XML order per request, one XML answer.
 * Pure: the sending, the settings and the queue live in the *.server.ts modules beside this one.
 */

import type { SupplierOrderLine } from "./schema";

export type { SupplierOrderLine };

/** Every field of spec 2 §7.4's order message, as it goes on the wire. */
export type SupplierOrder = {
  username: string;
  password: string;
  debtorNumber: string;
  /** The shop's full order id (uuid): unique per order, so a repeat is recognised as "already known". */
  reference: string;
  remark: string;
  company: string;
  building: string;
  recipientName: string;
  phone: string;
  email: string;
  street: string;
  houseNumber: string;
  houseNumberAddition: string;
  postalCode: string;
  city: string;
  /** ISO 3166-1 alpha-2, e.g. NL. */
  country: string;
  deliveryNoteLanguage: string;
  lines: SupplierOrderLine[];
};

/** What the job makes of the supplier's answer. */
export type SupplierAnswer =
  /** The supplier has the order: new (`alreadyKnown` false) or from an earlier attempt. */
  | { kind: "accepted"; supplierReference: string; alreadyKnown: boolean }
  /** A definite no (unknown article, bad credentials, …): trying again will not help. */
  | { kind: "rejected"; code: string; reason: string }
  /** Anything else (5xx, garbage, HTML, empty, a timeout): try again later. */
  | { kind: "error"; reason: string };

export const ROOT = "DropshipOrder";
export const ANSWER_ROOT = "DropshipOrderResponse";
export const CONTENT_TYPE = "text/xml; charset=utf-8";
/** Shown instead of the credentials wherever a message leaves the server (the admin's test form). */
export const CREDENTIAL_PLACEHOLDER = "••••";

/** The order could not be turned into a message (no address, a country the supplier cannot ship to). */
export class SupplierMessageError extends Error {
  override name = "SupplierMessageError";
}

const COUNTRY_CODES: Record<string, string> = {
  nederland: "NL",
  netherlands: "NL",
  "the netherlands": "NL",
  nl: "NL",
  belgië: "BE",
  belgie: "BE",
  belgium: "BE",
  be: "BE",
  duitsland: "DE",
  deutschland: "DE",
  germany: "DE",
  de: "DE",
};

/** The ISO code of a country as the checkout stores it ("Nederland" → "NL"); null when unknown. */
export function countryCode(country: string): string | null {
  return COUNTRY_CODES[country.trim().toLowerCase()] ?? null;
}

// XML 1.0 cannot carry these at all (not even escaped); a supplier's parser would refuse the message.
// eslint-disable-next-line no-control-regex
const NOT_IN_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const xmlSafe = (value: string) => value.replace(NOT_IN_XML, "");
const clean = (value: string | null | undefined) => xmlSafe(value ?? "").trim();

export type SupplierAccount = {
  username: string;
  password: string;
  debtorNumber: string;
  deliveryNoteLanguage: string;
};

/**
 * The paid order as the supplier gets it. The shop does not ask for a company or building, so
 * those go empty. Throws SupplierMessageError for an order that cannot be shipped as it stands.
 */
export function supplierOrderFrom(data: OrderMailData, account: SupplierAccount): SupplierOrder {
  const address = data.address;
  if (!address) throw new SupplierMessageError("The order has no shipping address");
  const country = countryCode(address.country);
  if (!country) throw new SupplierMessageError(`Country "${address.country}" has no known ISO code`);
  if (data.items.length === 0) throw new SupplierMessageError("The order has no lines");
  const lines = data.items.map((item, i) => {
    if (!/^\d{1,18}$/.test(item.productId)) {
      throw new SupplierMessageError(`Line ${i + 1} has no numeric article number ("${item.productId}")`);
    }
    return { indexNumber: i + 1, artNo: item.productId, amount: item.quantity };
  });
  return {
    username: account.username,
    password: account.password,
    debtorNumber: account.debtorNumber,
    reference: data.orderId,
    remark: `Trapkracht bestelling ${shortOrderId(data.orderId)}`,
    company: "",
    building: "",
    recipientName: clean(`${data.customer.firstName} ${data.customer.lastName}`),
    phone: clean(data.customer.phone),
    email: clean(data.customer.email),
    street: clean(address.address),
    houseNumber: clean(address.houseNumber),
    houseNumberAddition: clean(address.houseNumberAddition),
    postalCode: clean(address.postalCode),
    city: clean(address.city),
    country,
    deliveryNoteLanguage: account.deliveryNoteLanguage,
    lines,
  };
}

const builder = new XMLBuilder({ format: true, indentBy: "  ", suppressEmptyNode: false, processEntities: true });
const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** The order as XML; every value is escaped by the builder. */
export function buildOrderMessage(order: SupplierOrder): string {
  // Not trimmed here: a password may start or end with a space.
  const text = xmlSafe;
  return (
    DECLARATION +
    builder.build({
      [ROOT]: {
        Authentication: { Username: text(order.username), Password: text(order.password) },
        DebtorNumber: text(order.debtorNumber),
        Reference: text(order.reference),
        Remark: text(order.remark),
        DeliveryAddress: {
          Company: text(order.company),
          Building: text(order.building),
          RecipientName: text(order.recipientName),
          Phone: text(order.phone),
          Email: text(order.email),
          Street: text(order.street),
          HouseNumber: text(order.houseNumber),
          HouseNumberAddition: text(order.houseNumberAddition),
          PostalCode: text(order.postalCode),
          City: text(order.city),
          Country: text(order.country),
        },
        DeliveryNoteLanguage: text(order.deliveryNoteLanguage),
        OrderLines: {
          OrderLine: order.lines.map((line) => ({
            IndexNumber: String(line.indexNumber),
            ArtNo: text(line.artNo),
            Amount: String(line.amount),
          })),
        },
      },
    })
  );
}

/** An example order with the credentials as placeholders: the admin's API Connection test body. */
export function exampleOrderMessage(account: Pick<SupplierAccount, "debtorNumber" | "deliveryNoteLanguage">): string {
  return buildOrderMessage({
    username: CREDENTIAL_PLACEHOLDER,
    password: CREDENTIAL_PLACEHOLDER,
    debtorNumber: account.debtorNumber,
    reference: "00000000-0000-4000-8000-000000000000",
    remark: "Trapkracht testbestelling",
    company: "",
    building: "",
    recipientName: "Sanne de Vries",
    phone: "0612345678",
    email: "sanne@example.nl",
    street: "Fietsstraat",
    houseNumber: "12",
    houseNumberAddition: "B",
    postalCode: "3511 AB",
    city: "Utrecht",
    country: "NL",
    deliveryNoteLanguage: account.deliveryNoteLanguage,
    lines: [{ indexNumber: 1, artNo: "10145", amount: 1 }],
  });
}

const escapeText = (value: string) => xmlSafe(value).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The admin's test body with the real credentials put where the placeholders stand (on the server,
 * right before sending): the browser only ever sees the placeholders.
 */
export function fillCredentialPlaceholders(body: string, credentials: { username: string; password: string }): string {
  return body
    .replaceAll(
      `<Username>${CREDENTIAL_PLACEHOLDER}</Username>`,
      `<Username>${escapeText(credentials.username)}</Username>`,
    )
    .replaceAll(
      `<Password>${CREDENTIAL_PLACEHOLDER}</Password>`,
      `<Password>${escapeText(credentials.password)}</Password>`,
    );
}

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (name) => name === "OrderLine",
});

type XmlNode = Record<string, unknown>;

/** The document's root element when `body` is well-formed XML with that root; null otherwise. */
function parseRoot(body: string, root: string): XmlNode | null {
  const trimmed = body.trim();
  // No DTDs: they are how entity-expansion attacks come in, and no supplier answer needs one (HTML has one).
  if (!trimmed.startsWith("<") || /<!DOCTYPE|<!ENTITY/i.test(trimmed)) return null;
  if (XMLValidator.validate(trimmed) !== true) return null;
  let document: unknown;
  try {
    document = parser.parse(trimmed);
  } catch {
    return null;
  }
  if (!document || typeof document !== "object") return null;
  const keys = Object.keys(document);
  if (keys.length !== 1 || keys[0] !== root) return null;
  const node = (document as XmlNode)[root];
  if (node === "") return {};
  return node && typeof node === "object" && !Array.isArray(node) ? (node as XmlNode) : null;
}

/** A leaf's text; "" for a missing or empty element, null when it is not a leaf. */
function leaf(node: XmlNode, name: string): string | null {
  const value = node[name];
  if (value === undefined || value === "") return "";
  return typeof value === "string" ? value : null;
}

/** A short, single-line sample of an unexpected body for the job's error (never the request). */
function sample(body: string): string {
  const flat = body.replace(/\s+/g, " ").trim();
  if (!flat) return "an empty body";
  return `"${flat.slice(0, 120)}${flat.length > 120 ? "…" : ""}"`;
}

const RETRYABLE_STATUS = new Set([408, 425, 429]);

/**
 * Reads the supplier's answer. "Accepted" needs a 2xx with a supplier reference; "already known"
 * (the reference was sent before, e.g. a retry after a lost answer) counts as accepted with the
 * reference the supplier already gave; "rejected" with a reason is final. Everything else, whatever
 * its status, is an error to try again: a 5xx, a redirect, HTML from a proxy, garbage, nothing.
 */
export function parseSupplierAnswer(status: number, body: string, expectedReference?: string): SupplierAnswer {
  if (status >= 500 || RETRYABLE_STATUS.has(status)) {
    return { kind: "error", reason: `Supplier answered HTTP ${status}` };
  }
  if (status >= 300 && status < 400) {
    return { kind: "error", reason: `Supplier answered HTTP ${status} (a redirect, not followed)` };
  }
  const node = parseRoot(body, ANSWER_ROOT);
  if (!node) {
    return { kind: "error", reason: `Supplier answered HTTP ${status} with ${sample(body)}, not a ${ANSWER_ROOT}` };
  }
  const answerStatus = leaf(node, "Status");
  const supplierReference = leaf(node, "SupplierReference");
  const reference = leaf(node, "Reference");
  const code = leaf(node, "ErrorCode");
  const message = leaf(node, "Message");
  if (answerStatus === null || supplierReference === null || reference === null || code === null || message === null) {
    return { kind: "error", reason: `Supplier answered HTTP ${status} with a malformed ${ANSWER_ROOT}` };
  }
  if (expectedReference && reference && reference !== expectedReference) {
    return { kind: "error", reason: `Supplier answered for reference "${reference.slice(0, 64)}", not this order` };
  }
  const ok = status >= 200 && status < 300;
  switch (answerStatus) {
    case "accepted":
    case "already_known": {
      const alreadyKnown = answerStatus === "already_known";
      if (!ok && !(alreadyKnown && status === 409)) break;
      if (!supplierReference || supplierReference.length > 200) {
        return { kind: "error", reason: `Supplier answered "${answerStatus}" without a usable supplier reference` };
      }
      return { kind: "accepted", supplierReference, alreadyKnown };
    }
    case "rejected":
      return {
        kind: "rejected",
        code: code || "REJECTED",
        reason: (message || code || "no reason given").slice(0, 500),
      };
  }
  return {
    kind: "error",
    reason: `Supplier answered HTTP ${status} with status "${answerStatus.slice(0, 40)}"${message ? `: ${message.slice(0, 200)}` : ""}`,
  };
}

/** The answers as a supplier writes them (the local test supplier and the tests' fake supplier). */
export function buildSupplierAnswer(
  answer:
    | { status: "accepted" | "already_known"; reference: string; supplierReference: string; message?: string }
    | { status: "rejected"; reference?: string; code: string; message: string },
): string {
  const body: Record<string, string> = { Status: answer.status };
  if (answer.reference) body.Reference = clean(answer.reference);
  if ("supplierReference" in answer) body.SupplierReference = clean(answer.supplierReference);
  if ("code" in answer) body.ErrorCode = clean(answer.code);
  if (answer.message) body.Message = clean(answer.message);
  return DECLARATION + builder.build({ [ANSWER_ROOT]: body });
}

export type ParsedOrderMessage = { ok: true; order: SupplierOrder } | { ok: false; error: string };

/**
 * Reads an order message as a supplier would (the local test supplier, the tests' fake supplier):
 * every field present, at least one line, positive whole amounts, numbered lines from 1.
 */
export function parseOrderMessage(body: string): ParsedOrderMessage {
  // Characters XML cannot carry make the message unreadable (and PostgreSQL refuses a NUL).
  if (new RegExp(NOT_IN_XML.source).test(body))
    return { ok: false, error: "The message holds characters XML does not allow" };
  const node = parseRoot(body, ROOT);
  if (!node) return { ok: false, error: `Not a well-formed ${ROOT} message` };
  const child = (parent: XmlNode, name: string): XmlNode | null => {
    const value = parent[name];
    return value && typeof value === "object" && !Array.isArray(value) ? (value as XmlNode) : null;
  };
  const auth = child(node, "Authentication");
  const address = child(node, "DeliveryAddress");
  const linesNode = child(node, "OrderLines");
  if (!auth || !address || !linesNode) {
    return { ok: false, error: "Authentication, DeliveryAddress and OrderLines are required" };
  }
  const fields = {
    username: leaf(auth, "Username"),
    password: leaf(auth, "Password"),
    debtorNumber: leaf(node, "DebtorNumber"),
    reference: leaf(node, "Reference"),
    remark: leaf(node, "Remark"),
    company: leaf(address, "Company"),
    building: leaf(address, "Building"),
    recipientName: leaf(address, "RecipientName"),
    phone: leaf(address, "Phone"),
    email: leaf(address, "Email"),
    street: leaf(address, "Street"),
    houseNumber: leaf(address, "HouseNumber"),
    houseNumberAddition: leaf(address, "HouseNumberAddition"),
    postalCode: leaf(address, "PostalCode"),
    city: leaf(address, "City"),
    country: leaf(address, "Country"),
    deliveryNoteLanguage: leaf(node, "DeliveryNoteLanguage"),
  };
  for (const [name, value] of Object.entries(fields)) {
    if (value === null) return { ok: false, error: `${name} must be text` };
  }
  const values = fields as Record<keyof typeof fields, string>;
  for (const required of [
    "reference",
    "recipientName",
    "street",
    "houseNumber",
    "postalCode",
    "city",
    "country",
  ] as const) {
    if (!values[required]) return { ok: false, error: `${required} is required` };
  }
  const rawLines = linesNode.OrderLine;
  if (!Array.isArray(rawLines) || rawLines.length === 0)
    return { ok: false, error: "At least one OrderLine is required" };
  const lines: SupplierOrderLine[] = [];
  for (const [i, raw] of rawLines.entries()) {
    if (!raw || typeof raw !== "object") return { ok: false, error: `OrderLine ${i + 1} is malformed` };
    const line = raw as XmlNode;
    const index = leaf(line, "IndexNumber");
    const artNo = leaf(line, "ArtNo");
    const amount = leaf(line, "Amount");
    if (index !== String(i + 1)) return { ok: false, error: `OrderLine ${i + 1} has IndexNumber "${index}"` };
    if (!artNo || !/^\d{1,18}$/.test(artNo)) return { ok: false, error: `OrderLine ${i + 1} has no valid ArtNo` };
    if (!amount || !/^[1-9]\d{0,5}$/.test(amount))
      return { ok: false, error: `OrderLine ${i + 1} has no valid Amount` };
    lines.push({ indexNumber: i + 1, artNo, amount: Number(amount) });
  }
  return { ok: true, order: { ...values, lines } };
}
