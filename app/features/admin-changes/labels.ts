/**
 * The change log's words in one place (issue 29 item 6, ADR 0037): the kinds of item, the label of
 * each recorded field per kind, and how its values read. The admin is English; values the spec or
 * the other tabs show in Dutch (order and payment states) read as those tabs show them.
 *
 * A field is formatted by its `format`:
 * - euro: integer cents as "€ 32,95"; percent: "5 %"; count: a plain number
 * - status: a product's Status 1/0 as "Active"/"Inactive"; active: a boolean as "Active"/"Inactive";
 *   onOff: "On"/"Off"; yesNo: "Yes"/"No"
 * - day: "31 Dec 2026"; moment: "27 Nov 2026, 08:40"
 * - category: a category id as the category's name; html: the text of HTML, shortened;
 *   images/list: how many, and the first names; orderStatus/paymentStatus/dropshipment: the Orders
 *   tab's labels; position: a 0-based place as "1st" place; minutes: "every 60 minutes"
 * - secret: never shown, only that it changed
 */

export type FieldFormat =
  | "text"
  | "euro"
  | "percent"
  | "count"
  | "status"
  | "active"
  | "onOff"
  | "yesNo"
  | "day"
  | "moment"
  | "category"
  | "html"
  | "images"
  | "list"
  | "orderStatus"
  | "paymentStatus"
  | "dropshipment"
  | "position"
  | "minutes"
  | "role"
  | "secret"
  | "hidden";

export type FieldLabel = { label: string; format?: FieldFormat };

/** The kinds of item the admin changes, in the filter's order. Others (written later) still list. */
export const CHANGE_ENTITY_TYPES = [
  { id: "product", label: "Product" },
  { id: "product-tag", label: "Product tag" },
  { id: "tag", label: "Tag" },
  { id: "slide", label: "Homepage slide" },
  { id: "coupon", label: "Coupon" },
  { id: "user", label: "User" },
  { id: "order", label: "Order" },
  { id: "mail", label: "E-mail" },
  { id: "setting", label: "Setting" },
  { id: "supplier_feed_run", label: "Supplier feed run" },
  { id: "supplier_feed_schedule", label: "Supplier feed schedule" },
  { id: "image-migration", label: "Image migration" },
  { id: "search-synonym", label: "Search synonym" },
] as const;

export function entityTypeLabel(type: string): string {
  return CHANGE_ENTITY_TYPES.find((t) => t.id === type)?.label ?? humanize(type);
}

const PRODUCT_FIELDS: Record<string, FieldLabel> = {
  artNo: { label: "ArtNo", format: "count" },
  brand: { label: "Brand" },
  shortDescription: { label: "Short description" },
  longDescriptionHtml: { label: "Long description", format: "html" },
  categoryId: { label: "Category", format: "category" },
  consumerPriceCents: { label: "Consumer price", format: "euro" },
  discountedPriceCents: { label: "Discounted price", format: "euro" },
  vatRate: { label: "VAT rate", format: "percent" },
  status: { label: "Status", format: "status" },
  stockQuantity: { label: "Stock quantity", format: "count" },
  images: { label: "Images", format: "images" },
  colour: { label: "Colour" },
  material: { label: "Material" },
  size: { label: "Size" },
  type: { label: "Type" },
  articleKeyword: { label: "Keyword" },
  tags: { label: "Tags", format: "list" },
  tag: { label: "Tag" },
};

/** The label of each recorded field, per kind of item. A field missing here still shows (humanized). */
export const FIELD_LABELS: Record<string, Record<string, FieldLabel>> = {
  product: PRODUCT_FIELDS,
  "product-tag": { tag: { label: "Tag" } },
  tag: { tag: { label: "Tag" } },
  slide: {
    title: { label: "Title" },
    text: { label: "Text" },
    bgImage: { label: "Background image" },
    ctaText: { label: "Button text" },
    ctaLink: { label: "Button link" },
    highlight: { label: "Highlight" },
    isActive: { label: "Status", format: "active" },
    sortOrder: { label: "Position", format: "position" },
    position: { label: "Position", format: "count" },
    startsOn: { label: "Shown from", format: "day" },
    endsOn: { label: "Shown until", format: "day" },
    order: { label: "Order of slides", format: "hidden" },
    id: { label: "Id", format: "hidden" },
  },
  coupon: {
    id: { label: "Id", format: "hidden" },
    code: { label: "Code" },
    discountPercentage: { label: "Discount (%)", format: "percent" },
    discountAmountCents: { label: "Discount (€)", format: "euro" },
    minOrderValueCents: { label: "Minimum order value", format: "euro" },
    maxDiscountAmountCents: { label: "Maximum discount", format: "euro" },
    usageLimit: { label: "Usage limit", format: "count" },
    usageCount: { label: "Times used", format: "count" },
    validUntil: { label: "Valid until", format: "day" },
    isActive: { label: "Status", format: "active" },
    createdAt: { label: "Created", format: "moment" },
  },
  user: {
    email: { label: "E-mail" },
    isActive: { label: "Account", format: "active" },
    role: { label: "Role", format: "role" },
    sessionsEnded: { label: "Sessions ended", format: "count" },
  },
  order: {
    status: { label: "Status", format: "orderStatus" },
    trackingUrl: { label: "Tracking link" },
    paymentStatus: { label: "Payment", format: "paymentStatus" },
    refundedCents: { label: "Refunded in total", format: "euro" },
    refund: { label: "Refund", format: "hidden" },
    dropshipmentStatus: { label: "Dropshipment", format: "dropshipment" },
    attempts: { label: "Attempts", format: "count" },
    lastError: { label: "Last error" },
    outboxId: { label: "Mail", format: "hidden" },
    kind: { label: "Mail" },
    to: { label: "To" },
  },
  mail: {
    outboxId: { label: "Mail", format: "hidden" },
    status: { label: "Status", format: "hidden" },
    kind: { label: "Mail" },
    to: { label: "To" },
  },
  setting: {
    maintenanceMode: { label: "Maintenance mode", format: "onOff" },
    url: { label: "URL" },
    host: { label: "Host" },
    port: { label: "Port", format: "count" },
    user: { label: "User name" },
    logonType: { label: "Sign in with" },
    remotePath: { label: "Folder" },
    secure: { label: "Secure connection (TLS)", format: "yesNo" },
    password: { label: "Password", format: "secret" },
    privateKey: { label: "Private key", format: "secret" },
    hostKeySha256: { label: "Host key" },
  },
  supplier_feed_run: {
    kind: { label: "Feed" },
    source: { label: "Source" },
    fileName: { label: "File" },
    fullFeed: { label: "Full feed", format: "yesNo" },
    held: { label: "Products held back", format: "count" },
    deactivated: { label: "Products set inactive", format: "count" },
  },
  supplier_feed_schedule: {
    kind: { label: "Feed" },
    source: { label: "Source" },
    remotePath: { label: "File path" },
    intervalMinutes: { label: "Runs", format: "minutes" },
    fullFeed: { label: "Full feed", format: "yesNo" },
    enabled: { label: "Status", format: "onOff" },
  },
  "search-synonym": {
    term: { label: "Search term" },
    replacement: { label: "Searched as" },
  },
  "image-migration": {
    batchSize: { label: "Products in the batch", format: "count" },
    startArtNo: { label: "From ArtNo", format: "count" },
    batches: { label: "Batches", format: "count" },
    results: { label: "Results", format: "count" },
    lastArtNo: { label: "Last ArtNo", format: "count" },
  },
};

/** A key naming something secret: its value is never shown, only that it changed (any kind of item). */
export const SECRET_KEY = /pass(word)?|secret|token|api[-_]?key|credential|authori[sz]ation|cookie|private/i;

/** The label of a field, from the table or, for a field the table does not know, from its name. */
export function fieldLabel(entityType: string, field: string): FieldLabel {
  const known = FIELD_LABELS[entityType];
  if (known && Object.hasOwn(known, field)) return known[field]!;
  if (SECRET_KEY.test(field)) return { label: humanize(field), format: "secret" };
  if (/Cents$/.test(field)) return { label: humanize(field.replace(/Cents$/, "")), format: "euro" };
  if (/^(is|has)[A-Z]/.test(field)) return { label: humanize(field.replace(/^(is|has)/, "")), format: "yesNo" };
  return { label: humanize(field) };
}

/** Where a field goes among an entry's lines: the table's order (jsonb keeps its own); others after, as recorded. */
export function fieldRank(entityType: string, field: string): number {
  const known = FIELD_LABELS[entityType];
  const index = known ? Object.keys(known).indexOf(field) : -1;
  return index === -1 ? Number.MAX_SAFE_INTEGER : index;
}

/** "consumerPriceCents" → "Consumer price cents", "retry-dropshipment" → "Retry dropshipment". */
export function humanize(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[-_]+/g, " ")
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : name;
}
