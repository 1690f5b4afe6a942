import type { IncomingMessage } from "node:http";
import type { RequestHandler, Response } from "express";

/**
 * Request bodies have a size limit, enforced before anything reads them: a 100 MB POST to /contact
 * once took the process from 303 MB to 1.17 GB (issue 12), because the form parser holds the whole
 * body in memory. Forms and JSON get MAX_BODY_BYTES (64 KiB by default); a path prefix may declare
 * its own limit below. Over the limit the answer is 413 with a small Dutch page, at once; the rest
 * of the body is dropped as it arrives, never kept or parsed (`sendBodyTooLarge`).
 *
 * - With Content-Length, the declared size decides at once.
 * - A chunked body (no Content-Length) is held back until it is complete, counting as it arrives;
 *   only then do the routes see it. Holding it costs at most the limit, and a body that grows past
 *   the limit is answered 413 before any route has started on it.
 */
export type BodyLimitRule = {
  /** A path prefix: "/admin/uploads" covers /admin/uploads and /admin/uploads/…, not /admin/uploadsx. */
  prefix: string;
  maxBytes: number;
  /**
   * For routes that stream large bodies to disk (admin uploads): the body is passed on as it arrives
   * instead of being held back. Content-Length is still checked here; for a chunked body the route
   * counts itself against `maxBodyBytes(res)` and answers with `sendBodyTooLarge`.
   */
  streamed?: boolean;
};

/** Explicit limits per path prefix; everything else gets MAX_BODY_BYTES. */
export const ROUTE_BODY_LIMITS: readonly BodyLimitRule[] = [
  // Stripe signs the raw event; a checkout session with many lines is well over a form's size, but
  // events stay far below this.
  { prefix: "/api/payments/stripe-webhook", maxBytes: 1024 * 1024 },
  // A slide image of at most 5 MB (app/features/carousel/uploads.server.ts) plus the multipart framing.
  { prefix: "/admin/homepage/upload", maxBytes: 5 * 1024 * 1024 + 64 * 1024 },
  // A product image of at most 5 MB (app/features/product-images) plus the framing.
  { prefix: "/admin/product-images", maxBytes: 5 * 1024 * 1024 + 64 * 1024 },
];

const TOO_LARGE_PAGE = `<!DOCTYPE html>
<html lang="nl">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Het verzoek is te groot | Trapkracht</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5">
<h1>Het verzoek is te groot</h1>
<p>Wat je verstuurde is groter dan de winkel aanneemt. Ga terug, maak het korter en probeer het opnieuw.</p>
<p><a href="/">Naar de homepage</a></p>
</body>
</html>
`;

/** How long the rest of a refused body may go on arriving after the 413 before the connection is cut. */
export const LINGER_MS = 5_000;

/**
 * The 413 answer, sent while the client may still be sending. Closing the connection at once would
 * make the client's next write meet a reset, and a reset throws away an answer the client had
 * received but not yet read: `fetch` then fails with EPIPE instead of showing the 413 (seen in CI
 * with a 7 MB image upload). So the rest of the body is read and dropped, as nginx's lingering close
 * does, for at most `LINGER_MS`; a client that sends on longer is cut off then. Dropping costs no
 * memory, and a body that ends in time leaves an ordinary keep-alive connection.
 */
export function sendBodyTooLarge(res: Response): void {
  if (res.headersSent) return;
  res.status(413).set({ "Cache-Control": "no-store" }).type("html").send(TOO_LARGE_PAGE);
  const req = res.req;
  if (req.complete) return;
  const socket = req.socket;
  const cut = setTimeout(() => socket.destroy(), (res.locals.lingerMs as number | undefined) ?? LINGER_MS);
  cut.unref();
  // Node drops an unread body once the answer is sent; its end means the client has stopped.
  req.once("end", () => clearTimeout(cut));
  socket.once("close", () => clearTimeout(cut));
}

/** The limit that applies to this request's body (set by the middleware). */
export function maxBodyBytes(res: Response): number | undefined {
  return res.locals.maxBodyBytes as number | undefined;
}

function ruleFor(path: string, rules: readonly BodyLimitRule[]): BodyLimitRule | undefined {
  let best: BodyLimitRule | undefined;
  for (const rule of rules) {
    const matches =
      path === rule.prefix || path.startsWith(rule.prefix.endsWith("/") ? rule.prefix : `${rule.prefix}/`);
    if (matches && (!best || rule.prefix.length > best.prefix.length)) best = rule;
  }
  return best;
}

type Push = IncomingMessage["push"];

/**
 * Holds a chunked body back until it is complete or too large. The HTTP parser hands each piece of
 * the body to `req.push`; taking that over on this one request counts the bytes without a copy and
 * without a reader that could miss data. Complete: the held pieces go into the stream as the parser
 * would have put them, and the routes read an ordinary body.
 */
function holdUntilComplete(req: IncomingMessage, res: Response, maxBytes: number, next: () => void) {
  // Nothing reads the body before this middleware; whatever the parser already delivered is waiting
  // in the stream's buffer and counts too.
  let size = req.readableLength;
  if (size > maxBytes) return sendBodyTooLarge(res);
  if (req.complete) return next();
  const ownPush: Push = req.push.bind(req);
  const held: Buffer[] = [];
  req.push = ((chunk: Buffer | null) => {
    if (chunk === null) {
      Reflect.deleteProperty(req, "push");
      for (const piece of held) ownPush(piece);
      ownPush(null);
      next();
      return false;
    }
    size += chunk.length;
    if (size > maxBytes) {
      held.length = 0;
      // Drop the rest as it arrives; its end ends the (empty) body, which tells the linger it is over.
      req.push = ((rest: Buffer | null) => (rest === null ? ownPush(null) : true)) as Push;
      sendBodyTooLarge(res);
      return true;
    }
    held.push(chunk);
    return true;
  }) as Push;
}

/**
 * The middleware: `maxBytes` for every request body except the prefixes in `rules`. `lingerMs` is
 * there for tests that watch the cut-off without waiting `LINGER_MS`.
 */
export function bodyLimit(
  maxBytes: number,
  rules: readonly BodyLimitRule[] = ROUTE_BODY_LIMITS,
  { lingerMs = LINGER_MS }: { lingerMs?: number } = {},
): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const rule = ruleFor(req.path, rules);
    const limit = rule?.maxBytes ?? maxBytes;
    res.locals.maxBodyBytes = limit;
    res.locals.lingerMs = lingerMs;
    const declared = req.headers["content-length"];
    if (declared !== undefined) return Number(declared) > limit ? sendBodyTooLarge(res) : next();
    // Without Content-Length or Transfer-Encoding a request has no body at all.
    if (req.headers["transfer-encoding"] === undefined || rule?.streamed) return next();
    holdUntilComplete(req, res, limit, () => next());
  };
}
