import type { RequestHandler, Response } from "express";

export const PRIVATE_NO_STORE = "private, no-store";

/**
 * The one place that keeps personal answers out of every cache (issue 27): a browser's disk cache, a
 * proxy's, a CDN's. What is personal in this shop comes from a cookie (the session, a guest's order,
 * the flash toast) or from a token in the URL (payment page, stock-alert link), so:
 *
 * - a request that carries a cookie (or credentials) gets `private, no-store`, unless its route said
 *   the answer is the same for everyone (`public`: images, sitemap, the anonymous page cache's pages
 *   do not read cookies) or already said `no-store`;
 * - an answer that sets a cookie is never stored anywhere, whatever its route said;
 * - an answer whose route said nothing about caching gets `private, no-store` too: caching is opted
 *   into (`public` pages, immutable files), never left to a cache's own judgement.
 *
 * Routes still set their own headers; this runs as the headers go out, after all of them.
 */
export function privateResponses(): RequestHandler {
  return (req, res, next) => {
    const personal = Boolean(req.headers.cookie || req.headers.authorization);
    beforeHeaders(res, () => {
      const current = String(res.getHeader("cache-control") ?? "").toLowerCase();
      if (res.getHeader("set-cookie") !== undefined) return void res.setHeader("Cache-Control", PRIVATE_NO_STORE);
      if (!current) return void res.setHeader("Cache-Control", PRIVATE_NO_STORE);
      if (personal && !/\bpublic\b/.test(current) && !/\bno-store\b/.test(current)) {
        res.setHeader("Cache-Control", PRIVATE_NO_STORE);
      }
    });
    next();
  };
}

/**
 * Runs once, just before the response's status line and headers go out. Headers handed to writeHead
 * itself are set on the response first, so the listener sees (and may replace) them too.
 */
function beforeHeaders(res: Response, listener: () => void) {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    res.writeHead = writeHead as Response["writeHead"];
    res.statusCode = status;
    const message = typeof rest[0] === "string" ? rest.shift() : undefined;
    const headers = rest[0];
    if (Array.isArray(headers)) {
      for (let i = 0; i + 1 < headers.length; i += 2) res.setHeader(String(headers[i]), headers[i + 1] as string);
    } else if (headers && typeof headers === "object") {
      for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
    }
    listener();
    return message === undefined ? writeHead(status) : writeHead(status, message);
  }) as Response["writeHead"];
}
