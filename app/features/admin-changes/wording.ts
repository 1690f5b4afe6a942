import { formatEuro } from "~/shared/money/money";
import { shortOrderId } from "~/features/shopper-orders";
import { dropshipmentProgress, orderStatusLabel, paymentStatusLabel } from "~/features/shopper-orders/status";
import { formatAdminDate, formatAdminDateTime, isIsoMoment } from "~/shared/dates/admin-dates";
import { fieldLabel, fieldRank, humanize, SECRET_KEY, type FieldFormat } from "./labels";

/**
 * One recorded admin change in the owner's words (issue 29 item 6, ADR 0037): what the item is called
 * (a product's name and ArtNo, a coupon's code, an order's number), one sentence for what was done
 * ("Set inactive", "Tag 'winter' added", "Price changed on 37 products (+5 %)"), and the fields that
 * changed with their labels and values as a person reads them ("Consumer price € 32,95 → € 34,95").
 * Pure: the names it cannot know from the record (a product's current name, a category's name) come
 * from `WordingContext`, looked up by the server for the page.
 */

export type RecordedChange = {
  entityType: string;
  entityId: string;
  action: string;
  before: unknown;
  after: unknown;
};

export type WordingContext = {
  /** The product's name as the shop has it now, or null when it is gone. */
  productName?: (artNo: number) => string | null;
  categoryName?: (id: number) => string | null;
  /** A slide's title or a coupon's code as it is now, for an entry that recorded none. */
  itemName?: (entityType: string, entityId: string) => string | null;
};

export type ChangeLine = { label: string; before: string | null; after: string | null };

export type BulkProductLine = { artNo: number | null; name: string; before: string | null; after: string | null };

export type ChangeWording = {
  /**
   * What the item is called, after its kind ("Product", "Order"): "Kettingolie 100 ml (ArtNo 1234)",
   * "ZOMER10", an order's number "1a2b3c4d".
   */
  item: string;
  /** One sentence for what was done. */
  summary: string;
  /** The fields that changed, before → after; for a creation or a deletion the values it had. */
  lines: ChangeLine[];
  /** A creation or deletion lists every value: the page folds them away. */
  linesFolded: boolean;
  /** One entry for many products (a bulk action): the products with their values before and after. */
  bulk: { products: BulkProductLine[]; skipped: { name: string; reason: string }[] } | null;
};

export const MASK = "•••••• (hidden)";

type Fields = Record<string, unknown>;

function asFields(value: unknown): Fields {
  if (value === null || value === undefined) return {};
  if (typeof value === "object" && !Array.isArray(value)) return value as Fields;
  return { value };
}

const str = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value.trim() : null);
const num = (value: unknown): number | null =>
  typeof value === "number" && Number.isFinite(value)
    ? value
    : typeof value === "string" && /^-?\d+$/.test(value)
      ? Number(value)
      : null;

/** "1 product", "37 products". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString("en-GB")} ${n === 1 ? one : many}`;
}

/** https://user:secret@host → https://••••••@host: a URL's userinfo is a credential. */
export function maskUrlCredentials(text: string): string {
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@"]+@/gi, "$1••••••@");
}

function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

function fileName(url: string): string {
  const path = url.split(/[?#]/, 1)[0]!;
  return path.slice(path.lastIndexOf("/") + 1) || path;
}

/** A recorded value as it reads in the log; null when there is none (shown as "empty"). */
export function formatValue(format: FieldFormat, value: unknown, context: WordingContext = {}): string | null {
  if (value === undefined || value === null || value === "") return null;
  if (format === "secret") return MASK;
  switch (format) {
    case "euro": {
      const cents = num(value);
      return cents === null ? plainValue(value) : formatEuro(cents);
    }
    case "percent": {
      const n = num(value);
      return n === null ? plainValue(value) : `${n} %`;
    }
    case "count": {
      const n = num(value);
      return n === null ? plainValue(value) : String(n);
    }
    case "status":
      return value === 1 || value === "1" ? "Active" : value === 0 || value === "0" ? "Inactive" : plainValue(value);
    case "active":
      return typeof value === "boolean" ? (value ? "Active" : "Inactive") : plainValue(value);
    case "onOff":
      return typeof value === "boolean" ? (value ? "On" : "Off") : plainValue(value);
    case "yesNo":
      return typeof value === "boolean" ? (value ? "Yes" : "No") : plainValue(value);
    case "day":
      if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
        // A calendar day as stored (yyyy-mm-dd): noon UTC is that same day in Amsterdam.
        return formatAdminDate(`${value}T12:00:00Z`);
      }
      return typeof value === "string" && isIsoMoment(value) ? formatAdminDate(value) : plainValue(value);
    case "moment":
      return typeof value === "string" && isIsoMoment(value) ? formatAdminDateTime(value) : plainValue(value);
    case "category": {
      const id = num(value);
      if (id === null) return plainValue(value);
      return context.categoryName?.(id) ?? `Category ${id}`;
    }
    case "html": {
      if (typeof value !== "string") return plainValue(value);
      const text = value
        .replace(/<[^>]*>/g, " ")
        .replace(/&nbsp;/g, " ")
        .replace(/&amp;/g, "&")
        .replace(/\s+/g, " ")
        .trim();
      return text ? shorten(text, 120) : null;
    }
    case "images": {
      if (!Array.isArray(value)) return plainValue(value);
      if (value.length === 0) return "No images";
      const names = value.slice(0, 3).map((v) => fileName(maskUrlCredentials(String(v))));
      return `${plural(value.length, "image")}: ${names.join(", ")}${value.length > 3 ? ", …" : ""}`;
    }
    case "list": {
      if (!Array.isArray(value)) return plainValue(value);
      return value.length ? value.map((v) => (typeof v === "string" ? v : JSON.stringify(v))).join(", ") : null;
    }
    case "orderStatus":
      return typeof value === "string" ? orderStatusLabel(value).label : plainValue(value);
    case "paymentStatus":
      return typeof value === "string" ? paymentStatusLabel(value).label : plainValue(value);
    case "dropshipment":
      return typeof value === "string" ? dropshipmentProgress(value).label : plainValue(value);
    case "position": {
      const n = num(value);
      return n === null ? plainValue(value) : String(n + 1);
    }
    case "minutes": {
      const n = num(value);
      if (n === null) return plainValue(value);
      if (n % 1440 === 0) return `Every ${plural(n / 1440, "day")}`;
      if (n % 60 === 0) return `Every ${plural(n / 60, "hour")}`;
      return `Every ${plural(n, "minute")}`;
    }
    case "role":
      return value === "admin" ? "Admin" : value === "customer" ? "Customer" : plainValue(value);
    default:
      return plainValue(value);
  }
}

/** A value of a field the table gives no format: text, a yes/no, a number, a moment or some JSON. */
function plainValue(value: unknown): string | null {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "string") return isIsoMoment(value) ? formatAdminDateTime(value) : maskUrlCredentials(value);
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number") return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === "string" || typeof v === "number")) {
    return value.length ? maskUrlCredentials(value.join(", ")) : null;
  }
  return maskUrlCredentials(
    JSON.stringify(value, (key, inner: unknown) => (key && SECRET_KEY.test(key) ? MASK : inner)),
  );
}

/**
 * The fields whose value differs between before and after, labelled and formatted; with one side
 * missing (a creation or deletion), the other side's values that are not empty. Secrets masked.
 */
export function changedLines(
  entityType: string,
  before: unknown,
  after: unknown,
  context: WordingContext = {},
): ChangeLine[] {
  const b = asFields(before);
  const a = asFields(after);
  const oneSided = before == null || after == null;
  const lines: ChangeLine[] = [];
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  // Stable: fields the table does not know keep the order they were recorded in.
  keys.sort((x, y) => fieldRank(entityType, x) - fieldRank(entityType, y));
  for (const key of keys) {
    const was = Object.hasOwn(b, key) ? b[key] : undefined;
    const now = Object.hasOwn(a, key) ? a[key] : undefined;
    if (JSON.stringify(was) === JSON.stringify(now)) continue;
    const { label, format = "text" } = fieldLabel(entityType, key);
    if (format === "hidden") continue;
    const line = { label, before: formatValue(format, was, context), after: formatValue(format, now, context) };
    const empty = (value: unknown) => value == null || value === "" || (Array.isArray(value) && value.length === 0);
    // A creation or deletion lists the values the item had, not the ones it lacked.
    if (oneSided && empty(was) && empty(now)) continue;
    // A secret that changed shows as hidden on both sides: that it changed, never what.
    if (format === "secret" && (was != null || now != null)) {
      line.before = was == null ? null : MASK;
      line.after = now == null ? null : MASK;
    }
    lines.push(line);
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------------

const SETTING_NAMES: Record<string, string> = {
  "maintenance-mode": "Maintenance mode",
  "supplier-api-url": "Supplier API URL",
  "sftp-connection": "SFTP connection",
  "ftp-connection": "FTP connection",
};

/**
 * A product's name as Product Management shows it: the brand before the description unless the
 * description starts with it ("OTE Energy Chews cola 60 g").
 */
export function productName(brand: string | null | undefined, description: string | null | undefined): string | null {
  const d = description?.trim() ?? "";
  const b = brand?.trim() ?? "";
  if (b && !d.toLowerCase().startsWith(b.toLowerCase())) return `${b} ${d}`.trim();
  return d || b || null;
}

/** A product as the log names it: "Kettingolie 100 ml (ArtNo 1234)", or "ArtNo 1234" when its name is unknown. */
export function productItem(artNo: string, name: string | null): string {
  return name ? `${name} (ArtNo ${artNo})` : `ArtNo ${artNo}`;
}

function itemOf(change: RecordedChange, context: WordingContext): string {
  const b = asFields(change.before);
  const a = asFields(change.after);
  const recorded = (...keys: string[]) => {
    for (const key of keys) {
      const value = str(a[key]) ?? str(b[key]);
      if (value) return shorten(value, 120);
    }
    return null;
  };
  const id = change.entityId;
  switch (change.entityType) {
    case "product":
    case "product-tag": {
      const artNo = num(id);
      const name =
        (artNo !== null ? context.productName?.(artNo) : null) ??
        (recorded("shortDescription")
          ? productName(str(a.brand) ?? str(b.brand), recorded("shortDescription"))
          : null) ??
        recorded("name");
      return productItem(id, name);
    }
    case "order":
      return shortOrderId(id);
    case "setting":
      return SETTING_NAMES[id] ?? humanize(id);
    case "image-migration":
      return id === "all" ? "all batches" : `batch ${id}`;
    default:
      return (
        recorded("email", "code", "title", "name", "artNo", "tag", "term") ??
        context.itemName?.(change.entityType, id) ??
        id
      );
  }
}

/** "Edited: Consumer price, Stock quantity" / "Consumer price changed" / "Saved without changes". */
function editSentence(lines: ChangeLine[]): string {
  if (lines.length === 0) return "Saved without changes";
  if (lines.length === 1) return `${lines[0]!.label} changed`;
  return `Edited: ${lines.map((line) => line.label).join(", ")}`;
}

function productSentence(change: RecordedChange, lines: ChangeLine[]): string {
  const b = asFields(change.before);
  const a = asFields(change.after);
  switch (change.action) {
    case "update": {
      if (lines.length === 1 && lines[0]!.label === "Status") {
        if (a.status === 0) return "Set inactive";
        if (a.status === 1) return "Set active";
      }
      return editSentence(lines);
    }
    case "set-inactive":
      return "Set inactive";
    case "set-active":
      return "Set active";
    case "delete":
      return "Deleted";
    case "create":
      return "Created";
    case "migrate-images": {
      const n = Array.isArray(a.images) ? a.images.length : Array.isArray(b.images) ? b.images.length : 0;
      return `${plural(n, "image")} moved to the shop's own storage`;
    }
    default:
      return humanize(change.action);
  }
}

function sentence(change: RecordedChange, lines: ChangeLine[]): string {
  const b = asFields(change.before);
  const a = asFields(change.after);
  const { action } = change;
  if (action === "resend-mail") {
    // On an order (its timeline) or on the mail itself (the E-mails tab).
    const to = str(a.to);
    return to ? `E-mail resent to ${maskUrlCredentials(to)}` : "E-mail resent";
  }
  switch (change.entityType) {
    case "product":
      return productSentence(change, lines);
    case "product-tag":
    case "tag": {
      const tag = str(a.tag) ?? str(b.tag);
      const named = tag ? `Tag '${tag}'` : "Tag";
      if (action === "add") return `${named} added`;
      if (action === "remove") return `${named} removed`;
      return `${named}: ${humanize(action).toLowerCase()}`;
    }
    case "user": {
      if (action === "deactivate") {
        const ended = num(a.sessionsEnded) ?? 0;
        return ended > 0 ? `Deactivated and signed out (${plural(ended, "session")} ended)` : "Deactivated";
      }
      if (action === "reactivate") return "Reactivated";
      if (action === "role") return `Role changed to ${formatValue("role", a.role) ?? "?"}`;
      break;
    }
    case "order": {
      if (action === "status") return `Status changed to ${formatValue("orderStatus", a.status) ?? "?"}`;
      if (action === "retry-dropshipment") return "Dropshipment to the supplier retried";
      if (action === "refund") {
        const refund = asFields(a.refund);
        const amount = num(refund.amountCents);
        const restock = refund.restock === true ? ", items back in stock" : "";
        return amount === null ? `Refunded${restock}` : `Refunded ${formatEuro(amount)}${restock}`;
      }
      break;
    }
    case "setting": {
      if (change.entityId === "maintenance-mode" && typeof a.maintenanceMode === "boolean") {
        return `Maintenance mode switched ${a.maintenanceMode ? "on" : "off"}`;
      }
      if (action === "host-key") return "Host key trusted";
      if (action === "update") return editSentence(lines);
      break;
    }
    case "coupon":
    case "slide": {
      if (action === "create") return "Created";
      if (action === "update") return editSentence(lines);
      if (action === "activate") return "Activated";
      if (action === "deactivate") return "Deactivated";
      if (action === "delete") return "Deleted";
      if (action === "move-to") {
        const position = formatValue("count", a.position);
        return position ? `Moved to position ${position}` : "Moved";
      }
      if (action === "move-up" || action === "move-down") {
        const position = formatValue("position", a.sortOrder);
        const direction = action === "move-up" ? "up" : "down";
        return position ? `Moved ${direction} to position ${position}` : `Moved ${direction}`;
      }
      break;
    }
    case "supplier_feed_run": {
      const feed = str(a.kind) === "stock" ? "stock feed" : "product feed";
      const file = str(a.fileName);
      if (action === "import") return `Import of the ${feed} started${file ? ` (${file})` : ""}`;
      if (action === "dry-run") return `Dry run of the ${feed} started${file ? ` (${file})` : ""}`;
      if (action === "confirm-deactivation") {
        const n = num(a.deactivated);
        return n === null ? "Setting products inactive confirmed" : `Confirmed: ${plural(n, "product")} set inactive`;
      }
      break;
    }
    case "supplier_feed_schedule": {
      if (action === "create") return "Schedule created";
      if (action === "enable") return "Switched on";
      if (action === "disable") return "Switched off";
      if (action === "delete") return "Schedule deleted";
      break;
    }
    case "image-migration": {
      if (action === "start") {
        const size = num(a.batchSize);
        const from = num(a.startArtNo);
        if (size !== null) return `Started for ${plural(size, "product")}${from !== null ? ` from ArtNo ${from}` : ""}`;
        return "Started";
      }
      if (action === "reset") {
        const batches = num(b.batches);
        const results = num(b.results);
        return batches !== null && results !== null
          ? `History cleared (${plural(batches, "batch", "batches")}, ${plural(results, "result")})`
          : "History cleared";
      }
      break;
    }
  }
  if (action === "create") return "Created";
  if (action === "delete") return "Deleted";
  if (action === "update") return editSentence(lines);
  return humanize(action);
}

/** The lines a sentence already says, or that say nothing a person needs, per kind and action. */
function visibleLines(change: RecordedChange, lines: ChangeLine[]): ChangeLine[] {
  if (change.entityType === "product-tag" || change.entityType === "tag") return [];
  if (change.action === "resend-mail") {
    return lines.filter((line) => line.label !== "Mail" && line.label !== "To" && line.label !== "Status");
  }
  if (change.entityType === "user") return lines.filter((line) => line.label !== "Sessions ended");
  if (change.entityType === "slide" && change.action.startsWith("move-")) {
    return lines.filter((line) => line.label === "Position");
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------------
// Bulk entries: one record for an action on many products (Product Management, issue 29 item 2).

type BulkProduct = { artNo?: unknown; name?: unknown; before?: unknown; after?: unknown };

/** The format of a bulk entry's per-product values, by its action. */
function bulkFormat(action: string): FieldFormat {
  if (action === "bulk-price") return "euro";
  if (action === "bulk-status") return "status";
  if (action === "bulk-category") return "category";
  return "text";
}

function bulkValue(action: string, value: unknown, context: WordingContext): string | null {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    // A product's values as fields ({ consumerPriceCents, discountedPriceCents }): each with its label.
    const parts = Object.entries(value as Fields)
      .map(([key, inner]) => {
        const { label, format = "text" } = fieldLabel("product", key);
        if (format === "hidden") return null;
        const shown = formatValue(format, inner, context);
        return shown === null ? null : `${label} ${shown}`;
      })
      .filter((part): part is string => part !== null);
    return parts.length ? parts.join(", ") : null;
  }
  return formatValue(bulkFormat(action), value, context);
}

/** "+5 %", "−10 %", "+ € 2,00": the change the admin chose for a bulk price change, when recorded. */
function priceStep(after: Fields): string | null {
  const step = asFields(after.change ?? after.adjustment ?? after);
  // Product Management records the step as it named it in its toast ("+10 %", "-€ 1,25").
  if (typeof step.text === "string" && step.text.trim()) return step.text.trim();
  if (step.mode === "percent" && num(step.basisPoints) !== null) {
    const bp = num(step.basisPoints)!;
    return `${bp >= 0 ? "+" : "−"}${String(Math.abs(bp) / 100).replace(".", ",")} %`;
  }
  if (step.mode === "amount" && num(step.cents) !== null) {
    const cents = num(step.cents)!;
    return `${cents >= 0 ? "+" : "−"} ${formatEuro(Math.abs(cents))}`;
  }
  const percent = num(step.percent) ?? (step.mode === "percent" || step.kind === "percent" ? num(step.value) : null);
  if (percent !== null) return `${percent >= 0 ? "+" : "−"}${Math.abs(percent)} %`;
  const cents =
    num(step.amountCents) ??
    num(step.deltaCents) ??
    (step.mode === "amount" || step.kind === "amount" ? num(step.valueCents ?? step.value) : null);
  if (cents !== null) return `${cents >= 0 ? "+" : "−"} ${formatEuro(Math.abs(cents))}`;
  return null;
}

function bulkWording(change: RecordedChange, context: WordingContext): ChangeWording | null {
  const a = asFields(change.after);
  if (!change.action.startsWith("bulk-") || !Array.isArray(a.products)) return null;
  const products = (a.products as unknown[]).filter(
    (p): p is BulkProduct => p !== null && typeof p === "object" && !Array.isArray(p),
  );
  const n = products.length;
  const lines = products.map((p) => {
    const artNo = num(p.artNo);
    // The name the entry recorded (the product as it was called then), else its name now.
    const name = str(p.name) ?? (artNo !== null ? (context.productName?.(artNo) ?? null) : null);
    return {
      artNo,
      name: artNo !== null ? productItem(String(artNo), name) : (name ?? "?"),
      before: bulkValue(change.action, p.before, context),
      after: bulkValue(change.action, p.after, context),
    };
  });
  const many = plural(n, "product");
  let summary: string;
  if (change.action === "bulk-price") {
    const step = priceStep(a);
    summary = `Price changed on ${many}${step ? ` (${step})` : ""}`;
  } else if (change.action === "bulk-status") {
    const change = asFields(a.change);
    const first = products[0]?.after;
    const status =
      change.status ?? a.status ?? a.active ?? (first && typeof first === "object" ? asFields(first).status : first);
    const inactive = status === 0 || status === false || status === "0" || status === "inactive";
    summary = `Set ${inactive ? "inactive" : "active"} on ${many}`;
  } else if (change.action === "bulk-category") {
    const change = asFields(a.change);
    const first = products[0]?.after;
    const id =
      num(change.categoryId) ??
      num(a.categoryId) ??
      (first && typeof first === "object" ? num(asFields(first).categoryId) : num(first));
    const name =
      id !== null
        ? (context.categoryName?.(id) ?? str(change.categoryName) ?? `Category ${id}`)
        : str(change.categoryName);
    summary = name ? `Moved ${many} to ${name}` : `Moved ${many} to another category`;
  } else {
    summary = `${humanize(change.action.replace(/^bulk-/, ""))} on ${many}`;
  }
  const skipped = (Array.isArray(a.skipped) ? (a.skipped as unknown[]) : [])
    .map((entry) => asFields(entry))
    .map((entry) => {
      const artNo = num(entry.artNo);
      const name = str(entry.name);
      return {
        name: artNo !== null ? productItem(String(artNo), name) : (name ?? "?"),
        reason: str(entry.reason) ?? "",
      };
    });
  return { item: many, summary, lines: [], linesFolded: false, bulk: { products: lines, skipped } };
}

/** The whole entry in words. Anything unknown (a kind or action written later) still reads. */
export function describeChange(change: RecordedChange, context: WordingContext = {}): ChangeWording {
  const bulk = bulkWording(change, context);
  if (bulk) return bulk;
  const lines = changedLines(change.entityType, change.before, change.after, context);
  return {
    item: itemOf(change, context),
    summary: sentence(change, lines),
    lines: visibleLines(change, lines),
    linesFolded: change.before == null || change.after == null,
    bulk: null,
  };
}
