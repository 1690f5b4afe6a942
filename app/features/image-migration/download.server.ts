import http from "node:http";
import https from "node:https";
import {
  checkOutboundUrl,
  guardedLookup,
  OutboundRefusedError,
  type AddressPolicy,
} from "~/shared/outbound/outbound.server";

export type DownloadOptions = AddressPolicy & {
  /** Until the connection stands (DNS + TCP + TLS). Default 5 s. */
  connectTimeoutMs?: number;
  /** Longest silence while waiting for the answer or its next bytes. Default 10 s. */
  readTimeoutMs?: number;
  /** The whole download, redirects included. Default 30 s. */
  totalTimeoutMs?: number;
  /** Larger bodies are refused (declared or counted). Default 10 MiB. */
  maxBytes?: number;
  /** Default 3. */
  maxRedirects?: number;
  signal?: AbortSignal;
};

export const DOWNLOAD_DEFAULTS = {
  connectTimeoutMs: 5_000,
  readTimeoutMs: 10_000,
  totalTimeoutMs: 30_000,
  maxBytes: 10 * 1024 * 1024,
  maxRedirects: 3,
};

/** A download that was refused or failed; `message` is shown to the admin as the result's message. */
export class DownloadError extends Error {
  override name = "DownloadError";
}

const describeSize = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** Checks a URL before any connection (the shared outbound policy), as a DownloadError. */
export function checkDownloadUrl(raw: string, policy: AddressPolicy): URL {
  try {
    return checkOutboundUrl(raw, policy);
  } catch (error) {
    if (error instanceof OutboundRefusedError) throw new DownloadError(error.message);
    throw error;
  }
}

export type Downloaded = { body: Buffer; contentType: string | null; finalUrl: string };

/**
 * Downloads one file for the image migration, with the SSRF guard on every hop (redirects are
 * followed by hand, at most `maxRedirects`, each one checked again), connect/read/total timeouts and
 * a size limit. Never sends cookies or credentials.
 */
export async function downloadImage(rawUrl: string, options: DownloadOptions): Promise<Downloaded> {
  const o = { ...DOWNLOAD_DEFAULTS, ...options };
  const policy: AddressPolicy = { allowLoopback: options.allowLoopback };
  const total = AbortSignal.timeout(o.totalTimeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, total]) : total;
  let url = checkDownloadUrl(rawUrl, policy);
  for (let hop = 0; ; hop++) {
    const answer = await requestOnce(url, o, policy, signal);
    if ("redirect" in answer) {
      if (hop >= o.maxRedirects) throw new DownloadError(`Too many redirects (more than ${o.maxRedirects})`);
      url = checkDownloadUrl(new URL(answer.redirect, url).toString(), policy);
      continue;
    }
    return { ...answer, finalUrl: url.toString() };
  }
}

function requestOnce(
  url: URL,
  o: typeof DOWNLOAD_DEFAULTS,
  policy: AddressPolicy,
  signal: AbortSignal,
): Promise<{ redirect: string } | { body: Buffer; contentType: string | null }> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new DownloadError("Download timed out"));
    const client = url.protocol === "https:" ? https : http;
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(connectTimer);
      signal.removeEventListener("abort", onAbort);
      req.destroy();
      reject(error instanceof DownloadError ? error : new DownloadError(error.message || String(error)));
    };
    const onAbort = () => fail(new DownloadError("Download timed out"));
    const req = client.request(url, {
      method: "GET",
      lookup: guardedLookup(policy),
      agent: false,
      headers: { accept: "image/*", "user-agent": "Trapkracht image migration", "accept-encoding": "identity" },
    });
    const connectTimer = setTimeout(
      () => fail(new DownloadError(`Connection timed out after ${o.connectTimeoutMs} ms`)),
      o.connectTimeoutMs,
    );
    req.on("socket", (socket) => {
      const connected = () => clearTimeout(connectTimer);
      socket.once(url.protocol === "https:" ? "secureConnect" : "connect", connected);
      // A socket that is already connected (never here: agent false) would not emit again.
    });
    req.setTimeout(o.readTimeoutMs, () => fail(new DownloadError(`No answer within ${o.readTimeoutMs} ms`)));
    signal.addEventListener("abort", onAbort, { once: true });
    req.on("error", fail);
    req.on("response", (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        settled = true;
        signal.removeEventListener("abort", onAbort);
        req.destroy();
        return resolve({ redirect: res.headers.location });
      }
      if (status !== 200) {
        res.resume();
        return fail(new DownloadError(`HTTP ${status} from ${url.host}`));
      }
      const declared = Number(res.headers["content-length"] ?? NaN);
      if (Number.isFinite(declared) && declared > o.maxBytes) {
        return fail(new DownloadError(`Too large: ${describeSize(declared)} (limit ${describeSize(o.maxBytes)})`));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > o.maxBytes) return fail(new DownloadError(`Too large: more than ${describeSize(o.maxBytes)}`));
        chunks.push(chunk);
      });
      res.on("error", fail);
      res.on("aborted", () => fail(new DownloadError("The connection was closed during the download")));
      res.on("end", () => {
        if (settled) return;
        settled = true;
        signal.removeEventListener("abort", onAbort);
        resolve({ body: Buffer.concat(chunks), contentType: res.headers["content-type"] ?? null });
      });
    });
    req.end();
  });
}
