import http from "node:http";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../support/fixture";

const { app } = useTestApp();

describe("HTTP server", () => {
  it("answers the liveness and readiness checks when the database is reachable", async () => {
    for (const path of ["/healthz", "/readyz"]) {
      const res = await app.get(path);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toBe("ok\n");
    }
  });

  it("sends security headers with a per-request script nonce on pages", async () => {
    const a = await app.get("/about");
    const b = await app.get("/about");
    const csp = a.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(b.headers.get("content-security-policy")).not.toBe(csp);
    expect(a.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(a.headers.get("x-content-type-options")).toBe("nosniff");
    const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
    const html = await a.text();
    for (const tag of html.match(/<script[^>]*>/g) ?? []) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("serves hashed assets as immutable and compresses pages", async () => {
    const page = await app.get("/about", { headers: { "accept-encoding": "gzip" } });
    expect(page.headers.get("content-encoding")).toBe("gzip");
    const html = await page.text();
    const asset = /href="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    const res = await app.get(asset);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("immutable");
    expect(res.headers.get("cache-control")).toContain("max-age=31536000");
  });

  it("compresses a rendered page as one stream, not chunk by chunk", async () => {
    // Raw bytes on the wire (fetch would decompress them).
    const wire = await new Promise<{ encoding: string | undefined; bytes: Buffer }>((resolve, reject) => {
      http
        .get(`${app.url}/products`, { headers: { "accept-encoding": "gzip" } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve({ encoding: res.headers["content-encoding"], bytes: Buffer.concat(chunks) }));
        })
        .on("error", reject);
    });
    expect(wire.encoding).toBe("gzip");
    const html = zlib.gunzipSync(wire.bytes);
    expect(html.toString("utf8")).toContain("</html>");
    // A flush after every chunk React writes ends a deflate block each time: about twice the size.
    expect(wire.bytes.length).toBeLessThan(zlib.gzipSync(html).length * 1.2);
  });

  it("answers an unknown page with a Dutch 404", async () => {
    const { status, html } = await app.html("/deze-pagina-bestaat-niet");
    expect(status).toBe(404);
    expect(html).toContain("Pagina niet gevonden");
  });
});

describe("cross-site request protection", () => {
  it("refuses a POST whose Origin is another site", async () => {
    const res = await app.get("/contact", { method: "POST", headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("andere website");
  });

  it("refuses a POST the browser marks as cross-site", async () => {
    const res = await app.get("/contact", { method: "POST", headers: { "sec-fetch-site": "cross-site" } });
    expect(res.status).toBe(403);
  });

  it("lets a same-origin POST through to the app", async () => {
    const res = await app.get("/contact", {
      method: "POST",
      headers: { origin: app.url, "content-type": "application/x-www-form-urlencoded" },
      body: "firstName=",
    });
    // The contact action answered (its validation), so the request got past the origin check.
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Controleer de gemarkeerde velden.");
  });

  it("answers a POST without a form body with a Dutch 400, not a server error", async () => {
    const res = await app.get("/contact", { method: "POST", headers: { origin: app.url } });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Ongeldig formulier");
  });
});
