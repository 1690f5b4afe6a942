import { readFileSync } from "node:fs";
import path from "node:path";
import { globSync } from "tinyglobby";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { WORDING_EXCEPTIONS } from "./wording-exceptions";

/**
 * The one language rule (ADR 0039): every text literal and JSX text in app/ is read; on the admin's
 * side a Dutch text, on the shopper's side an English one or a formal "u/uw", must be in
 * WORDING_EXCEPTIONS. Texts are recognised by words only one of the two languages uses, so a text
 * without such a word passes; the rule catches sentences, labels and messages, not single names.
 */

const APP = path.resolve(import.meta.dirname, "../..");

type Side = "admin" | "shop";

/**
 * Each feature folder's side (folders named admin-… are the admin's). A new folder must be added here:
 * the test "every feature folder has a side" fails until it is.
 */
const FEATURE_SIDES: Record<string, Side | null> = {
  "cart-checkout": "shop",
  // Sign-in, sign-up and the profile: the shopper's (the admin check's "Access Denied" is listed).
  accounts: "shop",
  // The shopper's side of an order: Mijn bestellingen, /bestelling, /herroepen, invoices, the status labels.
  "shopper-orders": "shop",
  // The rules a coupon code is judged by, with the messages the shopper reads (the admin tab is admin-coupons).
  coupons: "shop",
  "address-lookup": "shop",
  // Admin controls on the shop's Dutch product page speak the page's language (ADR 0039).
  "product-tags": "shop",
  // The shop's search (issue 30): what shoppers read, "Bedoelde je …?", is Dutch.
  search: "shop",
  // Every mail the shop sends speaks Dutch, also the notices to the shop's own inbox: the rule is
  // about screens (ADR 0039), and the owner reads the shop's mails in the shop's language.
  "mail-templates": "shop",
  // The shop's own pages: home, blog, about, privacy, terms, the maintenance screen.
  content: "shop",
  contact: "shop",
  "stock-alerts": "shop",
  // The shop's served images: the few words are a shopper's 404.
  media: "shop",
  carousel: "admin",
  "image-migration": "admin",
  connections: "admin",
  fulfilment: "admin",
  payments: "shop",
  // The shop's catalogue pages: listings, category pages and the product page.
  catalogue: "shop",
  // The admin's rules for an order: status transitions, the All Orders query, refunds.
  orders: "admin",
  "order-timeline": "admin",
  "product-images": "admin",
  "supplier-feed": "admin",
  // The owner's synonyms and search report: admin pages; the shopper only gets a rewritten query.
  "search-synonyms": "admin",
  "search-report": "admin",
  // The shop's header, menus, footer, checkout frame and 404 page.
  "shop-layout": "shop",
  // The mail queue's words are the outbox's states and log lines; the mails are mail-templates'.
  mail: "shop",
  // The Settings tab, and the settings the shop reads.
  "site-settings": "admin",
  // Health and metrics answers are for the operator's tools (English, like the logs).
  operations: null,
};

/** Words for someone else than the shopper or the admin: the supplier's XML, the demo supplier's answers. */
const NEITHER_SIDE =
  /^(features\/fulfilment\/(supplier-message|test-supplier-[a-z]+\.route)|features\/connections\/loopback-servers)/;

/** Which side of the shop a file outside app/features speaks to, by path (first match wins); null: neither. */
const SIDES: [RegExp, Side | null][] = [
  [/^db\//, null],
  [/^shared\/language\//, null],
  // The admin's form kit, its toasts' place and the database's error words are the admin's.
  [/^shared\/(admin-ui|errors|outbound|uploads)\//, "admin"],
  [/^shared\/ui\/admin-/, "admin"],
  // The file store's words are S3 requests and log lines for the operator (ADR 0041).
  [/^shared\/storage\//, null],
  [/^shared\//, "shop"],
];

const DUTCH =
  /\b(de|het|een|niet|nieuw|nieuwe|aanbieding|van|voor|naar|bij|je|jouw|uw|wordt|zijn|kan|kon|geen|alle|nog|ook|fout|opslaan|verwijderen|annuleren|bewerken|toevoegen|zoeken|bestelling|bestellingen|klant|terug|sluiten|volgende|vorige|bezig|laden|bijgewerkt|opgeslagen|wijzigen|dit|deze|wat|hoe|wij|ons|onze|prijs|voorraad|actief|inactief|bedrag|betaald|verzonden|geannuleerd|mislukt|kies|afbeelding|uploaden)\b/i;
const ENGLISH =
  /\b(the|your|you|please|failed|invalid|error|could|successfully|occurred|verify|save|cancel|delete|edit|remove|search|loading|next|previous|close|back|not|with|for|and|this|are|was|order|payment)\b/i;
const FORMAL = /(^|[\s"'“(])([Uu]|[Uu]w)(?=[\s,.!?:;)"'”]|$)/;

/** Attributes and keys whose strings are code (classes, paths, ids), not words a person reads. */
const CODE_ATTRIBUTES =
  /^(className|href|to|id|name|type|method|action|rel|src|autoComplete|htmlFor|role|variant|size|inputMode|pattern|accept|encType|key|d|viewBox|path)$/;

type Found = { file: string; line: number; text: string; side: Side };

function featureOf(file: string): string | null {
  return /^features\/([^/]+)\//.exec(file)?.[1] ?? null;
}

function sideOf(file: string): Side | null {
  if (NEITHER_SIDE.test(file)) return null;
  const feature = featureOf(file);
  if (feature !== null) return feature.startsWith("admin-") ? "admin" : (FEATURE_SIDES[feature] ?? null);
  return SIDES.find(([pattern]) => pattern.test(file))?.[1] ?? null;
}

const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

function isComparedValue(node: ts.Node): boolean {
  const parent = node.parent;
  if (parent && ts.isBinaryExpression(parent) && EQUALITY.has(parent.operatorToken.kind)) return true;
  return parent !== undefined && ts.isCaseClause(parent) && parent.expression === node;
}

function textsOf(file: string, side: Side): Found[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(path.join(APP, file), "utf8"),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: Found[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isImportDeclaration(node) ||
      ts.isExportDeclaration(node) ||
      ts.isTaggedTemplateExpression(node) || // sql`…`
      ts.isLiteralTypeNode(node)
    )
      return;
    if (ts.isCallExpression(node) && /(^|\.)(info|warn|error|debug|fatal|trace)$/.test(node.expression.getText(source)))
      if (/(logger|log|console)\./.test(node.expression.getText(source))) return;
    if (ts.isNewExpression(node) && /Error$/.test(node.expression.getText(source))) return;
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.SuperKeyword) return; // an Error's message
    if (ts.isJsxAttribute(node) && CODE_ATTRIBUTES.test(node.name.getText(source))) return;
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && CODE_ATTRIBUTES.test(node.name.text)) return;
    // An action's log line (intentAction's logMessage) goes to the log, like logger.error's text.
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === "logMessage") return;
    let text: string | null = null;
    if (isComparedValue(node)) return; // code compares it (=== "Product not found"), nobody reads it
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    else if (ts.isJsxText(node)) text = node.text.replace(/\s+/g, " ").trim();
    else if (ts.isTemplateExpression(node))
      text = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join("{…}");
    if (text && /\p{L}{2}/u.test(text)) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      found.push({ file, line, text: text.trim(), side });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** A list of CSS classes: every word lower case, most with a dash or a colon ("text-ink hover:bg-surface"). */
function isClassList(text: string) {
  const words = text.split(/\s+/);
  return (
    words.every((w) => /^[a-z0-9!:\-[\]/._%#()]+$/.test(w)) &&
    words.filter((w) => /[-:]/.test(w)).length * 2 >= words.length
  );
}

function breaksTheRule(found: Found): boolean {
  const side = found.side;
  if (isClassList(found.text)) return false;
  // Paths and file names ("/export/voorraad.csv") are not words of either language.
  const text = found.text.replace(/\S*[/.]\S*\w\S*/g, (token) => (/^\p{L}+[.,:;!?]?$/u.test(token) ? token : " "));
  const sentence = /\s/.test(text);
  if (side === "admin") return (sentence || /^\p{Lu}/u.test(text)) && DUTCH.test(text);
  return sentence && ((ENGLISH.test(text) && !DUTCH.test(text)) || FORMAL.test(text));
}

/** An exception as a pattern: its "{…}" stands for any inserted value. */
const EXCEPTION_PATTERNS = WORDING_EXCEPTIONS.map((exception) => ({
  exception,
  pattern: new RegExp(
    `^${exception.text
      .split("{…}")
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*")}$`,
    "s",
  ),
}));

/** The exceptions a found text is (a template's "{…}" matches any inserted value). */
function exceptionsOf({ text, side }: Found) {
  const filled = text.replace(/\{…\}/g, "x");
  return EXCEPTION_PATTERNS.filter(({ exception, pattern }) => exception.side === side && pattern.test(filled)).map(
    ({ exception }) => exception,
  );
}

const files = globSync("**/*.{ts,tsx}", { cwd: APP }).filter((file) => !/\.test\.tsx?$/.test(file));
const texts = files.flatMap((file) => {
  const side = sideOf(file);
  return side ? textsOf(file, side) : [];
});

describe("one language rule: the shop speaks Dutch with je, the admin English, except the listed texts", () => {
  it("reads the texts of both sides (the scan itself works)", () => {
    expect(texts.some((t) => t.side === "shop" && t.text === "In winkelwagen")).toBe(true);
    expect(texts.some((t) => t.side === "admin" && t.text === "Product Management")).toBe(true);
  });

  it("every feature folder has a side", () => {
    const folders = [...new Set(files.map(featureOf).filter((f): f is string => f !== null))];
    expect(folders.filter((f) => !f.startsWith("admin-") && !Object.hasOwn(FEATURE_SIDES, f))).toEqual([]);
  });

  it("the rule recognises a Dutch admin text, an English shop text and a formal 'uw'", () => {
    expect(breaksTheRule({ file: "", line: 0, side: "admin", text: "Slide bewerken" })).toBe(true);
    expect(breaksTheRule({ file: "", line: 0, side: "admin", text: "Edit slide" })).toBe(false);
    expect(breaksTheRule({ file: "", line: 0, side: "shop", text: "Could not load the page" })).toBe(true);
    expect(breaksTheRule({ file: "", line: 0, side: "shop", text: "Wijzig uw adres" })).toBe(true);
    expect(breaksTheRule({ file: "", line: 0, side: "shop", text: "Wijzig je adres" })).toBe(false);
  });

  it("no text breaks the rule unless it is listed in WORDING_EXCEPTIONS", () => {
    const breaking = texts
      .filter((t) => breaksTheRule(t) && exceptionsOf(t).length === 0)
      .map((t) => `${t.side}  ${t.file}:${t.line}  ${JSON.stringify(t.text)}`);
    expect(breaking).toEqual([]);
  });

  it("every listed exception is still said somewhere on its side (the list holds nothing stale)", () => {
    const said = new Set(texts.flatMap(exceptionsOf));
    expect(WORDING_EXCEPTIONS.filter((exception) => !said.has(exception)).map((e) => e.text)).toEqual([]);
  });
});
