import { describe, expect, it } from "vitest";
import { sanitizeSupplierHtml } from "./sanitize.server";

describe("sanitizeSupplierHtml", () => {
  it("removes scripts, event handlers and javascript: links", () => {
    const out = sanitizeSupplierHtml(
      '<p onclick="steal()">Goed<script>alert(1)</script></p><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)>',
    );
    expect(out).not.toMatch(/script|onclick|onerror|javascript:|<img/i);
    expect(out).toContain("<p>Goed</p>");
  });

  it("keeps product formatting and makes links safe", () => {
    const out = sanitizeSupplierHtml(
      '<h1>Titel</h1><ul><li><b>11-speed</b></li></ul><a href="https://shimano.com">site</a>',
    );
    expect(out).toContain("<h2>Titel</h2>");
    expect(out).toContain("<ul><li><b>11-speed</b></li></ul>");
    expect(out).toContain('<a href="https://shimano.com" rel="nofollow noopener" target="_blank">site</a>');
  });

  it("returns an empty string for missing HTML", () => {
    expect(sanitizeSupplierHtml(null)).toBe("");
    expect(sanitizeSupplierHtml("   ")).toBe("");
  });
});
