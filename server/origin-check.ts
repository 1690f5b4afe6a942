import type { RequestHandler } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence in depth next to SameSite cookies: a state-changing request that a browser marks as
 * coming from another site is refused. Requests without an Origin header (webhooks, curl) pass;
 * they carry no ambient browser credentials.
 */
export function originCheck(publicUrl: string): RequestHandler {
  const allowed = new URL(publicUrl).origin;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get("origin");
    const fetchSite = req.get("sec-fetch-site");
    const ownOrigin = `${req.protocol}://${req.get("host")}`;
    const sameOrigin = !origin || origin === allowed || origin === ownOrigin;
    if (sameOrigin && fetchSite !== "cross-site") return next();
    res.status(403).type("text/plain; charset=utf-8").send("Verzoek geweigerd: afkomstig van een andere website.");
  };
}
