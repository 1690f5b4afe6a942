import type { Config } from "~/shared/config/env.server";
import type { Db } from "~/db/client.server";
import {
  CREDENTIAL_PLACEHOLDER,
  credentialsWithheldMessage,
  fillCredentialPlaceholders,
  getSupplierConfig,
  sendSupplierRequest,
  SupplierRequestError,
} from "~/features/fulfilment/index.server";

/**
 * The API Connection tab's test request (spec 1 §2.15, spec 2 §7.4 "testConnection"): the admin
 * chooses method, content type, headers and body, never the address. It goes to the configured
 * supplier URL only, under the outbound address policy (a URL saved before the policy, or a name
 * that resolves to a private address now, is refused before anything is sent). The credentials are
 * put in on the server, only for SUPPLIER_API_URL's origin, and taken out of whatever comes back.
 */
export const SUPPLIER_TEST_METHODS = ["GET", "POST", "PUT", "DELETE"] as const;
export type SupplierTestMethod = (typeof SUPPLIER_TEST_METHODS)[number];
export const DEFAULT_TEST_CONTENT_TYPE = "text/xml; charset=utf-8";
export const SUPPLIER_TEST_TIMEOUT_MS = 10_000;
export const MAX_TEST_BODY_BYTES = 64 * 1024;
export const MAX_TEST_HEADERS = 20;
const MAX_HEADER_VALUE = 1000;

export type SupplierTestInput = {
  method: SupplierTestMethod;
  contentType: string;
  headers: [string, string][];
  body: string;
};

/** RFC 9110 token characters: what a header name may consist of. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Controls other than tab: never in a header value (no header injection), nor in the content type. */
// eslint-disable-next-line no-control-regex
const HEADER_CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const BODY_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** The transport's own headers: set by the shop, not by the form. */
const RESERVED = new Set([
  "host",
  "content-length",
  "transfer-encoding",
  "connection",
  "content-type",
  "expect",
  "upgrade",
]);

export type ParsedSupplierTest = { ok: true; input: SupplierTestInput } | { ok: false; error: string };

export function parseSupplierTestForm(form: FormData): ParsedSupplierTest {
  const method = form.get("method");
  if (!SUPPLIER_TEST_METHODS.includes(method as SupplierTestMethod)) {
    return { ok: false, error: "Choose GET, POST, PUT or DELETE." };
  }
  const contentType = String(form.get("contentType") ?? "").trim() || DEFAULT_TEST_CONTENT_TYPE;
  if (HEADER_CONTROL.test(contentType) || contentType.length > 200) {
    return { ok: false, error: "The content type may not contain control characters." };
  }
  const names = form.getAll("headerName").map(String);
  const values = form.getAll("headerValue").map(String);
  const headers: [string, string][] = [];
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!.trim();
    const value = (values[i] ?? "").trim();
    if (!name && !value) continue;
    if (!TOKEN.test(name)) return { ok: false, error: `"${name.slice(0, 50)}" is not a valid header name.` };
    if (RESERVED.has(name.toLowerCase())) {
      return { ok: false, error: `The ${name} header is set by the shop itself.` };
    }
    if (HEADER_CONTROL.test(value) || value.length > MAX_HEADER_VALUE) {
      return { ok: false, error: `The value of ${name} may not contain control characters or be this long.` };
    }
    headers.push([name, value]);
  }
  if (headers.length > MAX_TEST_HEADERS) return { ok: false, error: `At most ${MAX_TEST_HEADERS} headers.` };
  const body = String(form.get("body") ?? "");
  if (Buffer.byteLength(body) > MAX_TEST_BODY_BYTES) {
    return { ok: false, error: `The body may be at most ${MAX_TEST_BODY_BYTES / 1024} KiB.` };
  }
  if (BODY_CONTROL.test(body)) return { ok: false, error: "The body may not contain control characters." };
  return { ok: true, input: { method: method as SupplierTestMethod, contentType, headers, body } };
}

export type SupplierTestOutcome =
  | {
      kind: "answer";
      status: number;
      durationMs: number;
      headers: [string, string][];
      body: string;
      /** The answer was longer than the shop reads and is cut. */
      truncated: boolean;
    }
  | { kind: "failed"; message: string; durationMs: number };

const xmlEscaped = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * Takes the secrets out of text going back to the browser (a supplier may echo the request). Very
 * short values are left alone: replacing every "ab" would garble the answer, and no real
 * credential is that short.
 */
export function redactSecrets(text: string, secrets: string[]): string {
  let out = text;
  const forms = secrets.filter((s) => s.length >= 3).flatMap((s) => [s, xmlEscaped(s), encodeURIComponent(s)]);
  // Longest first, so a secret that contains another is replaced whole.
  for (const secret of [...new Set(forms)].sort((a, b) => b.length - a.length)) {
    out = out.replaceAll(secret, CREDENTIAL_PLACEHOLDER);
  }
  return out;
}

/**
 * Sends the admin's test request to the configured supplier URL and reports what came back, secrets
 * removed. `credentialsNotice` says why the placeholders were not filled in, when they were not.
 */
export async function runSupplierTest(
  db: Db,
  config: Config,
  input: SupplierTestInput,
): Promise<{ url: string; outcome: SupplierTestOutcome; credentialsNotice: string | null }> {
  const supplier = await getSupplierConfig(db, config);
  // Every credential the shop has, so none comes back even from a host that was not sent them.
  const secrets = [
    supplier.username,
    supplier.password,
    config.supplier.username ?? "",
    config.supplier.password ?? "",
  ];
  const withBody = input.method !== "GET";
  const credentialsNotice =
    supplier.credentialsWithheld && withBody && input.body.includes(CREDENTIAL_PLACEHOLDER)
      ? `${credentialsWithheldMessage(supplier, config)}: the placeholders were sent empty.`
      : null;
  try {
    const response = await sendSupplierRequest({
      url: supplier.url,
      policy: config.outbound,
      method: input.method,
      headers: { ...Object.fromEntries(input.headers), ...(withBody ? { "content-type": input.contentType } : {}) },
      body: withBody ? fillCredentialPlaceholders(input.body, supplier) : undefined,
      timeoutMs: SUPPLIER_TEST_TIMEOUT_MS,
    });
    return {
      url: supplier.url,
      credentialsNotice,
      outcome: {
        kind: "answer",
        status: response.status,
        durationMs: response.durationMs,
        headers: Object.entries(response.headers).map(([name, value]) => [name, redactSecrets(value, secrets)]),
        body: redactSecrets(response.body, secrets),
        truncated: response.truncated,
      },
    };
  } catch (error) {
    if (error instanceof SupplierRequestError) {
      return {
        url: supplier.url,
        credentialsNotice,
        outcome: { kind: "failed", message: redactSecrets(error.message, secrets), durationMs: error.durationMs },
      };
    }
    throw error;
  }
}
