import http from "node:http";
import https from "node:https";
import { eq } from "drizzle-orm";
import type { Config } from "~/shared/config/env.server";
import type { Db, DbExecutor } from "~/db/client.server";
import { siteSettings } from "~/db/schema";
import { recordAdminChange, type AdminActor } from "~/features/admin-changes/index.server";
import {
  checkOutboundHost,
  checkOutboundUrl,
  guardedLookup,
  OutboundRefusedError,
  type AddressPolicy,
} from "~/shared/outbound/outbound.server";

export { exampleOrderMessage, fillCredentialPlaceholders, CREDENTIAL_PLACEHOLDER } from "./supplier-message";

/** Where the built-in test supplier listens, under the shop's own address. */
export const TEST_SUPPLIER_PATH = "/api/test-supplier/orders";

/**
 * The test supplier's account: public on purpose (it is a demo that takes no real orders). A real
 * supplier's credentials only ever come from the environment.
 */
export const TEST_SUPPLIER_ACCOUNT = {
  username: "trapkracht-demo",
  password: "demo-leverancier",
  debtorNumber: "DEMO-0001",
};

export const testSupplierUrl = (config: Pick<Config, "publicUrl">) => `${config.publicUrl}${TEST_SUPPLIER_PATH}`;

/**
 * The supplier connection as it is now. `password` (and `username`) are secrets: they go into the
 * message on the server and nowhere else, never into a loader's data or a log; use
 * `publicSupplierConfig` for anything shown.
 */
export type SupplierConfig = {
  url: string;
  /** admin: site_settings.supplier_api_url; environment: SUPPLIER_API_URL; test-supplier: neither set. */
  urlSource: "admin" | "environment" | "test-supplier";
  /** The URL without the admin's setting (what clearing it returns to). */
  defaultUrl: string;
  username: string;
  password: string;
  debtorNumber: string;
  deliveryNoteLanguage: string;
  timeoutMs: number;
  /** The URL is the shop's own test supplier (its demo account is used). */
  isTestSupplier: boolean;
  /**
   * The URL is not on the origin of SUPPLIER_API_URL, the only place the supplier's credentials
   * (SUPPLIER_USERNAME/PASSWORD) are for: `username` and `password` are empty, and nothing that
   * needs them is sent (an admin's URL cannot carry the credentials to another host).
   */
  credentialsWithheld: boolean;
};

export type PublicSupplierConfig = Omit<SupplierConfig, "username" | "password"> & { hasCredentials: boolean };

/** Read for every order sent, so the admin's change of URL counts from the next attempt on, on every instance. */
export async function getSupplierConfig(db: DbExecutor, config: Config): Promise<SupplierConfig> {
  const [row] = await db
    .select({ url: siteSettings.supplierApiUrl })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1))
    .limit(1);
  const own = testSupplierUrl(config);
  const defaultUrl = config.supplier.apiUrl ?? own;
  const url = row?.url || defaultUrl;
  const urlSource = row?.url ? "admin" : config.supplier.apiUrl ? "environment" : "test-supplier";
  const isTestSupplier = url === own;
  const hasCredentials = Boolean(config.supplier.username || config.supplier.password);
  const credentialsWithheld = !isTestSupplier && hasCredentials && !credentialsAreFor(url, config.supplier.apiUrl);
  const account = isTestSupplier
    ? TEST_SUPPLIER_ACCOUNT
    : {
        username: credentialsWithheld ? "" : (config.supplier.username ?? ""),
        password: credentialsWithheld ? "" : (config.supplier.password ?? ""),
        debtorNumber: config.supplier.debtorNumber ?? "",
      };
  return {
    url,
    urlSource,
    defaultUrl,
    ...account,
    deliveryNoteLanguage: config.supplier.deliveryNoteLanguage,
    timeoutMs: config.supplier.timeoutMs,
    isTestSupplier,
    credentialsWithheld,
  };
}

/** The credentials belong to SUPPLIER_API_URL's origin (scheme, host and port): every path there gets them. */
function credentialsAreFor(url: string, credentialsUrl: string | undefined): boolean {
  if (!credentialsUrl) return false;
  try {
    return new URL(url).origin === new URL(credentialsUrl).origin;
  } catch {
    return false;
  }
}

/** Why the supplier's request cannot carry its credentials, in the admin's words. */
export const credentialsWithheldMessage = (supplier: Pick<SupplierConfig, "url">, config: Config) =>
  config.supplier.apiUrl
    ? `The supplier's credentials are only sent to ${new URL(config.supplier.apiUrl).origin} (SUPPLIER_API_URL), not to ${originOf(supplier.url)}`
    : `No supplier credentials are sent to ${originOf(supplier.url)}: they are only sent to the host of SUPPLIER_API_URL, which is not set`;

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return "this URL";
  }
};

/** The connection without its secrets: safe for the admin's page. */
export function publicSupplierConfig(supplier: SupplierConfig): PublicSupplierConfig {
  const { username, password, ...rest } = supplier;
  return { ...rest, hasCredentials: Boolean(username && password) };
}

export const MAX_SUPPLIER_URL_LENGTH = 2048;

export type SetSupplierUrlResult = { ok: true; url: string | null } | { ok: false; error: string };

/** Why `url` cannot be the supplier's endpoint (English: the admin reads it), or null when it can. */
export function supplierUrlProblem(url: string): string | null {
  if (url.length > MAX_SUPPLIER_URL_LENGTH) return `The URL is longer than ${MAX_SUPPLIER_URL_LENGTH} characters`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "Enter a full URL, e.g. https://api.supplier.example/orders";
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return "The URL must start with http:// or https://";
  if (parsed.username || parsed.password) {
    return "The URL may not contain a user name or password (credentials come from the server's settings)";
  }
  if (parsed.hash) return "The URL may not contain a #fragment";
  return null;
}

/**
 * The admin's "Edit URL" → "Save": stores the supplier's endpoint (it wins over SUPPLIER_API_URL),
 * or clears it with an empty value, and records who changed it from what to what. A URL the
 * outbound policy refuses (a private, link-local or metadata target) is not stored.
 */
export async function setSupplierApiUrl(
  db: Db,
  actor: AdminActor,
  url: string,
  policy: AddressPolicy,
): Promise<SetSupplierUrlResult> {
  const value = url.trim() || null;
  if (value) {
    const problem = supplierUrlProblem(value);
    if (problem) return { ok: false, error: problem };
    try {
      const target = checkOutboundUrl(value, policy);
      await checkOutboundHost(target.hostname, policy);
    } catch (error) {
      if (error instanceof OutboundRefusedError) return { ok: false, error: targetRefused(error) };
      throw error;
    }
  }
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ url: siteSettings.supplierApiUrl })
      .from(siteSettings)
      .where(eq(siteSettings.id, 1))
      .for("update")
      .limit(1);
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

/** The answer's body is cut here: a supplier's answer is a few hundred bytes; anything huge is not one. */
export const MAX_RESPONSE_BYTES = 64 * 1024;

export type SupplierRequest = {
  url: string;
  /** The outbound address policy (config.outbound): checked before sending and on connecting. */
  policy: AddressPolicy;
  method: "GET" | "POST" | "PUT" | "DELETE";
  headers: Record<string, string>;
  body?: string;
  /** The whole request, from connecting to the last byte of the answer. */
  timeoutMs: number;
  /** Connecting alone; default the smaller of 10 s and `timeoutMs`. */
  connectTimeoutMs?: number;
  /** Aborts the request (the job worker stopping). */
  signal?: AbortSignal;
};

export type SupplierResponse = {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The body was longer than MAX_RESPONSE_BYTES and is cut there. */
  truncated: boolean;
  durationMs: number;
};

/** The request did not get an answer; the message names what happened, never the request's content. */
export class SupplierRequestError extends Error {
  override name = "SupplierRequestError";
  constructor(
    message: string,
    readonly durationMs: number,
  ) {
    super(message);
  }
}

/**
 * The one way the shop talks to a supplier (the dropshipment job and the admin's connection test):
 * one request, a connect timeout and a whole-request timeout, redirects NOT followed (a 3xx is
 * returned as it is), the answer cut at 64 KiB. Rejects with SupplierRequestError when there is no
 * answer (refused, timed out, aborted). Logs nothing: the body may carry credentials.
 */
export function sendSupplierRequest(request: SupplierRequest): Promise<SupplierResponse> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise<SupplierResponse>((resolve, reject) => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      reject(new SupplierRequestError("The supplier URL is not a valid URL", 0));
      return;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      reject(new SupplierRequestError("The supplier URL must be http:// or https://", 0));
      return;
    }
    try {
      checkOutboundUrl(request.url, request.policy);
    } catch (error) {
      reject(new SupplierRequestError(targetRefused(error as Error), 0));
      return;
    }
    const timeout = AbortSignal.timeout(request.timeoutMs);
    const signal = request.signal ? AbortSignal.any([timeout, request.signal]) : timeout;
    const connectTimeoutMs = request.connectTimeoutMs ?? Math.min(10_000, request.timeoutMs);
    let settled = false;
    let connectTimer: NodeJS.Timeout | undefined;
    const fail = (message: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(connectTimer);
      reject(new SupplierRequestError(message, elapsed()));
    };
    const headers: Record<string, string> = { "user-agent": "Trapkracht/1.0", ...request.headers };
    if (request.body !== undefined) headers["content-length"] = String(Buffer.byteLength(request.body));
    const client = url.protocol === "https:" ? https : http;
    // The guarded lookup connects to the address it checked (no DNS rebinding between check and connect).
    const req = client.request(url, {
      method: request.method,
      headers,
      agent: false,
      lookup: guardedLookup(request.policy),
    });

    const onAbort = () => {
      req.destroy();
      fail(
        timeout.aborted
          ? `No answer from the supplier within ${request.timeoutMs} ms`
          : "The request to the supplier was aborted",
      );
    };
    if (signal.aborted) {
      onAbort();
      return;
    }
    signal.addEventListener("abort", onAbort, { once: true });

    req.on("socket", (socket) => {
      if (!socket.connecting) return;
      connectTimer = setTimeout(() => {
        req.destroy();
        fail(`Could not connect to the supplier within ${connectTimeoutMs} ms`);
      }, connectTimeoutMs);
      socket.once("connect", () => clearTimeout(connectTimer));
    });
    req.on("error", (error: NodeJS.ErrnoException) => {
      signal.removeEventListener("abort", onAbort);
      if (error instanceof OutboundRefusedError) return fail(targetRefused(error));
      fail(`Could not reach the supplier: ${error.code ?? error.message}`);
    });
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      const finish = () => {
        if (settled) return;
        settled = true;
        clearTimeout(connectTimer);
        signal.removeEventListener("abort", onAbort);
        const responseHeaders: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (value !== undefined) responseHeaders[name] = Array.isArray(value) ? value.join(", ") : value;
        }
        resolve({
          status: res.statusCode ?? 0,
          headers: responseHeaders,
          body: Buffer.concat(chunks).toString("utf8"),
          truncated,
          durationMs: elapsed(),
        });
      };
      res.on("data", (chunk: Buffer) => {
        if (truncated) return;
        const room = MAX_RESPONSE_BYTES - size;
        if (chunk.length > room) {
          chunks.push(chunk.subarray(0, room));
          size = MAX_RESPONSE_BYTES;
          truncated = true;
          finish();
          res.destroy();
          return;
        }
        chunks.push(chunk);
        size += chunk.length;
      });
      res.on("end", finish);
      res.on("error", () => fail("The supplier's answer broke off"));
      res.on("close", () => {
        if (!res.complete && !truncated) fail("The supplier's answer broke off");
      });
    });
    req.end(request.body);
  });
}

/** The admin's message for a target the outbound policy refuses. */
function targetRefused(error: Error): string {
  return `${error.message}. The shop only connects to public addresses (not private, link-local, loopback or cloud metadata ones).`;
}
