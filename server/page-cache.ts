import type { RequestHandler, Response } from "express";
import { LRUCache } from "lru-cache";
import type { CachePurge } from "./cache-purge";

/**
 * Anonymous catalogue pages from memory (issue 14): home, category and product pages, the blog, and
 * the `.data` requests a client-side navigation to them makes. Everything personal in this shop
 * comes from a cookie (the session: account menu and admin bar; the flash toast; a guest's order),
 * and the cart lives in the browser, so a request without any cookie gets the page every anonymous
 * visitor gets: that one is kept for `ttlMs` and shared. A request with a cookie is never served from
 * nor stored in the cache; a response that sets a cookie is not stored.
 *
 * The cached HTML carries the CSP nonce of the render that made it. Each response gets its own
 * nonce (server/app.ts): the stored one, a random value no page content can contain, is swapped for
 * it, and the stored headers never include the policy itself.
 *
 * Freshness: a copy is fresh for `ttlMs` (a few seconds), and any successful form post or other
 * change through this process empties the cache at once (an admin's price edit, a checkout taking
 * stock). With `purge` (PostgreSQL: server/cache-purge.ts) such a change empties the cache of every
 * other instance too, within a second. Changes made elsewhere (a feed import in the worker, a direct
 * database write, another instance while its purge listener is down) show within `ttlMs`: the
 * first request after that renders the page anew, and whoever asks meanwhile gets the copy before
 * it ("stale"). Requests for a page nobody has a copy of wait for the one render already
 * under way instead of each rendering it (32 visitors on a cold category page: one query, not 32).
 * `Cache-Control` tells a CDN in front the same (`s-maxage`, `stale-while-revalidate`) and varies on
 * Cookie, so a CDN never hands a signed-in visitor's page to anyone, nor the anonymous page to them
 * (with a cookie the page answers `private, no-store`: server/private-responses.ts).
 */
export type PageCacheOptions = {
  /** How long a page is served from memory; 0 turns the cache off. */
  ttlMs: number;
  /** Upper bound of the memory the pages take (bytes of HTML and data). */
  maxBytes?: number;
  /** A request this says is special (maintenance mode) neither reads nor fills the cache. */
  bypass?: (res: Response) => boolean;
  /** Tells the other instances about a change here, and empties this cache on theirs. */
  purge?: CachePurge;
};

/**
 * A kept page: its body cut at the nonce of the render that made it, so each answer joins in its own.
 * The parts stay the bytes that went out (Buffers, outside the JavaScript heap), so the cache's bound
 * is in bytes: as decoded strings a page with one character beyond Latin-1 ("€", "…") took two bytes a
 * character, twice what the bound counted (issue 27).
 */
type Entry = {
  status: number;
  headers: [string, string | string[]][];
  parts: Buffer[];
  /** The bytes of the body the parts are views of. */
  bytes: number;
  storedAt: number;
};

/** How many times ttlMs a stale copy may still be served while the page is rendered anew. */
const STALE_FACTOR = 6;

const CACHEABLE_PATHS = [
  /^\/$/,
  /^\/_root$/,
  /^\/products$/,
  /^\/product\/\d{1,10}$/,
  /^\/(sportvoeding|onderhoud|fietsonderdelen|reiniging|smering|ProductCategories)$/,
  /^\/blog$/,
  /^\/blog\/[^/]{1,200}$/,
];
/** A longer URL is no catalogue page anyone links to: not worth a place in memory. */
const MAX_URL_LENGTH = 512;
/** Set per response, or meaningless for a copy: never stored with a page. */
const NOT_STORED = new Set([
  "content-security-policy",
  "set-cookie",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "date",
  "etag",
  "vary",
  "cache-control",
  "x-page-cache",
]);

/** Whether the URL is an anonymous catalogue page (or its `.data`), whatever the visitor. */
function isCatalogueUrl(url: string): boolean {
  if (url.length > MAX_URL_LENGTH) return false;
  const path = url.split("?", 1)[0]!.replace(/\.data$/, "");
  return CACHEABLE_PATHS.some((pattern) => pattern.test(path));
}

export function pageCache(options: PageCacheOptions): RequestHandler {
  const ttlMs = options.ttlMs;
  const sharedFor = Math.max(1, Math.round(ttlMs / 1000));
  const cache = new LRUCache<string, Entry>({
    maxSize: options.maxBytes ?? 64 * 1024 * 1024,
    sizeCalculation: entrySize,
    // Past ttlMs a copy is stale: served only while one request renders the page anew.
    ttl: Math.max(1, ttlMs * STALE_FACTOR),
    // Dropped once past that, not kept until the cache is full: a crawl of thousands of pages nobody
    // asks for again otherwise holds the whole bound for good (issue 27).
    ttlAutopurge: true,
  });
  /** The pages being rendered now, to be kept: others asking for one wait for it (or take the stale copy). */
  const rendering = new Map<string, Promise<void>>();
  // Counts the changes through this process: a page whose render began before one is not kept.
  let generation = 0;
  const empty = () => {
    generation++;
    cache.clear();
  };
  options.purge?.onPurge(empty);

  const serve = (res: Response, entry: Entry, state: "hit" | "stale") => {
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader("X-Page-Cache", state);
    res.status(entry.status).send(joinParts(entry.parts, Buffer.from(String(res.locals.nonce), "utf8")));
  };

  return async (req, res, next) => {
    if (ttlMs <= 0) return next();
    if (req.method !== "GET" && req.method !== "HEAD") {
      // Whatever a post changed (a price, stock, the carousel) is on the next page this process
      // serves: emptied as its answer starts, when the action has committed.
      onHeaders(res, () => {
        if (res.statusCode < 400) {
          empty();
          options.purge?.announce();
        }
      });
      return next();
    }
    if (!isCatalogueUrl(req.originalUrl) || options.bypass?.(res)) return next();
    res.vary("Cookie");
    const anonymous = !req.headers.cookie && !req.headers.authorization;
    // With a cookie the page is that visitor's own: server/private-responses.ts makes it private, no-store.
    if (!anonymous) return next();
    res.setHeader(
      "Cache-Control",
      `public, max-age=0, s-maxage=${sharedFor}, stale-while-revalidate=${sharedFor * STALE_FACTOR}`,
    );
    const key = req.originalUrl;

    let entry = cache.get(key);
    if (entry && Date.now() - entry.storedAt < ttlMs) return serve(res, entry, "hit");
    const inFlight = rendering.get(key);
    if (entry && inFlight) return serve(res, entry, "stale");
    if (inFlight) {
      // The first visit after a start or a change: one render, shared by everyone who came meanwhile.
      await inFlight;
      entry = cache.get(key);
      if (entry) return serve(res, entry, "hit");
    }
    res.setHeader("X-Page-Cache", "miss");
    if (req.method === "GET" && !rendering.has(key)) {
      const startedIn = generation;
      let done = () => {};
      rendering.set(key, new Promise<void>((resolve) => (done = resolve)));
      capture(res, (body) => {
        if (body && generation === startedIn) store(cache, key, res, body, String(res.locals.nonce));
        rendering.delete(key);
        done();
      });
    }
    next();
  };
}

function store(cache: LRUCache<string, Entry>, key: string, res: Response, body: Buffer, nonce: string) {
  if (res.statusCode !== 200 || res.getHeader("set-cookie") !== undefined) return;
  // A render cut short (the stream's timeout) still ends with 200: keep only a whole document.
  const html = String(res.getHeader("content-type") ?? "").startsWith("text/html");
  if (html && !body.subarray(-64).toString("utf8").trimEnd().endsWith("</html>")) return;
  const headers: Entry["headers"] = [];
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value === undefined || NOT_STORED.has(name.toLowerCase())) continue;
    headers.push([name, typeof value === "number" ? String(value) : value]);
  }
  cache.set(key, {
    status: res.statusCode,
    headers,
    parts: splitParts(body, nonce),
    bytes: body.byteLength,
    storedAt: Date.now(),
  });
}

/** The memory a kept page takes: its bytes, its headers and a little for the entry itself. */
function entrySize(entry: Entry): number {
  let size = 512 + entry.bytes;
  for (const [name, value] of entry.headers) size += name.length + String(value).length;
  return size;
}

/** The body cut at each occurrence of the nonce (views of the one body, which they cover but for the nonces). */
function splitParts(body: Buffer, nonce: string): Buffer[] {
  const separator = Buffer.from(nonce, "utf8");
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(separator, from); at !== -1; at = body.indexOf(separator, from)) {
    parts.push(body.subarray(from, at));
    from = at + separator.length;
  }
  parts.push(body.subarray(from));
  return parts;
}

function joinParts(parts: Buffer[], nonce: Buffer): Buffer {
  const pieces: Buffer[] = [];
  parts.forEach((part, i) => {
    if (i > 0) pieces.push(nonce);
    pieces.push(part);
  });
  return Buffer.concat(pieces);
}

/**
 * Passes the response through unchanged, and hands its whole body over once it has been sent in
 * full ('finish'), or null when the visitor went away first ('close' without 'finish').
 */
function capture(res: Response, done: (body: Buffer | null) => void) {
  const chunks: Buffer[] = [];
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (chunk == null || typeof chunk === "function") return;
    if (Buffer.isBuffer(chunk)) chunks.push(chunk);
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    else chunks.push(Buffer.from(String(chunk), typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
  };
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.write = ((...args: unknown[]) => {
    keep(args[0], args[1]);
    return write(...args);
  }) as Response["write"];
  res.end = ((...args: unknown[]) => {
    keep(args[0], args[1]);
    return end(...args);
  }) as Response["end"];
  let finished = false;
  res.on("finish", () => {
    finished = true;
    done(Buffer.concat(chunks));
  });
  res.on("close", () => {
    if (!finished) done(null);
  });
}

/** Runs once, just before the response's status line and headers go out. */
function onHeaders(res: Response, listener: () => void) {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
  res.writeHead = ((...args: unknown[]) => {
    if (typeof args[0] === "number") res.statusCode = args[0];
    listener();
    res.writeHead = writeHead as Response["writeHead"];
    return writeHead(...args);
  }) as Response["writeHead"];
}
