import type { IncomingMessage } from "node:http";
import type { RequestHandler, Response } from "express";

/**
 * Request bodies have a size limit, enforced before anything reads them: a 100 MB POST to /contact
 * once took the process from 303 MB to 1.17 GB (issue 12), because the form parser holds the whole
 * body in memory. Forms and JSON get MAX_BODY_BYTES (64 KiB by default); a path prefix may declare
 * its own limit below. Over the limit the answer is 413 with a small Dutch page and
 * `Connection: close`, and the rest of the body is not read.
 *
 * - With Content-Length, the declared size decides at once; Node's parser never delivers more.
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

/** The 413 answer; the connection is closed afterwards, so the unread rest of the body goes nowhere. */
export function sendBodyTooLarge(res: Response): void {
  if (res.headersSent) return;
  res.status(413).set({ Connection: "close", "Cache-Control": "no-store" }).type("html").send(TOO_LARGE_PAGE);
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
      // Drop the rest: false also tells the parser to stop reading the socket.
      req.push = (() => false) as Push;
      sendBodyTooLarge(res);
      return false;
    }
    held.push(chunk);
    return true;
  }) as Push;
}

/** The middleware: `maxBytes` for every request body except the prefixes in `rules`. */
export function bodyLimit(maxBytes: number, rules: readonly BodyLimitRule[] = ROUTE_BODY_LIMITS): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const rule = ruleFor(req.path, rules);
    const limit = rule?.maxBytes ?? maxBytes;
    res.locals.maxBodyBytes = limit;
    const declared = req.headers["content-length"];
    if (declared !== undefined) return Number(declared) > limit ? sendBodyTooLarge(res) : next();
    // Without Content-Length or Transfer-Encoding a request has no body at all.
    if (req.headers["transfer-encoding"] === undefined || rule?.streamed) return next();
    holdUntilComplete(req, res, limit, () => next());
  };
}
