// TEMP stub of the fulfilment contract (issue 8): the dropship branch provides the real module; the lead drops this commit at merge.
import { eq } from "drizzle-orm";
import type { Config } from "~/config/env.server";
import type { Db, DbExecutor } from "~/db/client.server";
import { siteSettings } from "~/db/schema";
import { recordAdminChange, type AdminActor } from "~/domain/admin/audit.server";

export const CREDENTIAL_PLACEHOLDER = "••••";
export const TEST_SUPPLIER_PATH = "/api/test-supplier/orders";
export const TEST_SUPPLIER_ACCOUNT = {
  username: "trapkracht-demo",
  password: "demo-leverancier",
  debtorNumber: "DEMO-0001",
};

export type SupplierConfig = {
  url: string;
  urlSource: "admin" | "environment" | "test-supplier";
  defaultUrl: string;
  username: string;
  password: string;
  debtorNumber: string;
  deliveryNoteLanguage: string;
  timeoutMs: number;
  isTestSupplier: boolean;
};

export async function getSupplierConfig(db: DbExecutor, config: Config): Promise<SupplierConfig> {
  const [row] = await db
    .select({ url: siteSettings.supplierApiUrl })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1))
    .limit(1);
  const own = `${config.publicUrl}${TEST_SUPPLIER_PATH}`;
  const url = row?.url || own;
  return {
    url,
    urlSource: row?.url ? "admin" : "test-supplier",
    defaultUrl: own,
    ...TEST_SUPPLIER_ACCOUNT,
    deliveryNoteLanguage: "NL",
    timeoutMs: 15_000,
    isTestSupplier: url === own,
  };
}

export type SetSupplierUrlResult = { ok: true; url: string | null } | { ok: false; error: string };

export async function setSupplierApiUrl(db: Db, actor: AdminActor, url: string): Promise<SetSupplierUrlResult> {
  const value = url.trim() || null;
  if (value) {
    try {
      const parsed = new URL(value);
      if (parsed.protocol !== "https:" && parsed.protocol !== "http:") {
        return { ok: false, error: "The URL must start with http:// or https://" };
      }
    } catch {
      return { ok: false, error: "Enter a full URL, e.g. https://api.supplier.example/orders" };
    }
  }
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ url: siteSettings.supplierApiUrl }).from(siteSettings).limit(1);
    await tx
      .insert(siteSettings)
      .values({ id: 1, supplierApiUrl: value })
      .onConflictDoUpdate({ target: siteSettings.id, set: { supplierApiUrl: value, updatedAt: new Date() } });
    await recordAdminChange(tx, actor, {
      entityType: "setting",
      entityId: "supplier-api-url",
      action: "update",
      before: { url: before?.url ?? null },
      after: { url: value },
    });
    return { ok: true as const, url: value };
  });
}

export function exampleOrderMessage(account: { debtorNumber: string; deliveryNoteLanguage: string }): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<DropshipOrder>
  <Username>${CREDENTIAL_PLACEHOLDER}</Username>
  <Password>${CREDENTIAL_PLACEHOLDER}</Password>
  <DebtorNumber>${account.debtorNumber}</DebtorNumber>
  <Reference>00000000-0000-4000-8000-000000000000</Reference>
  <DeliveryNoteLanguage>${account.deliveryNoteLanguage}</DeliveryNoteLanguage>
</DropshipOrder>`;
}

const escapeText = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

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

export const MAX_RESPONSE_BYTES = 64 * 1024;

export type SupplierRequest = {
  url: string;
  method: "GET" | "POST" | "PUT" | "DELETE";
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  connectTimeoutMs?: number;
  signal?: AbortSignal;
};

export type SupplierResponse = {
  status: number;
  headers: Record<string, string>;
  body: string;
  truncated: boolean;
  durationMs: number;
};

export class SupplierRequestError extends Error {
  override name = "SupplierRequestError";
  constructor(
    message: string,
    readonly durationMs: number,
  ) {
    super(message);
  }
}

export async function sendSupplierRequest(request: SupplierRequest): Promise<SupplierResponse> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const res = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.method === "GET" ? undefined : request.body,
      redirect: "manual",
      signal: AbortSignal.timeout(request.timeoutMs),
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    return {
      status: res.status,
      headers: Object.fromEntries(res.headers),
      body: bytes.subarray(0, MAX_RESPONSE_BYTES).toString("utf8"),
      truncated: bytes.length > MAX_RESPONSE_BYTES,
      durationMs: elapsed(),
    };
  } catch (error) {
    throw new SupplierRequestError(
      `Could not reach the supplier: ${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : "unknown"}`,
      elapsed(),
    );
  }
}
