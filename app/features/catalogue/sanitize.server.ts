import sanitizeHtml from "sanitize-html";

/**
 * Supplier HTML (LongDescriptionHTML) is untrusted: keep the formatting a product text needs,
 * drop scripts, styles, event handlers, iframes and non-http(s) links.
 */
export function sanitizeSupplierHtml(html: string | null | undefined): string {
  if (!html) return "";
  return sanitizeHtml(html, {
    allowedTags: [
      "p",
      "br",
      "strong",
      "b",
      "em",
      "i",
      "u",
      "ul",
      "ol",
      "li",
      "h2",
      "h3",
      "h4",
      "table",
      "thead",
      "tbody",
      "tr",
      "th",
      "td",
      "a",
      "span",
      "div",
      "blockquote",
      "sup",
      "sub",
      "hr",
    ],
    allowedAttributes: {
      a: ["href", "title", "rel", "target"],
      td: ["colspan", "rowspan"],
      th: ["colspan", "rowspan", "scope"],
    },
    allowedSchemes: ["http", "https", "mailto"],
    transformTags: {
      // Supplier h1s would compete with the page title.
      h1: "h2",
      a: sanitizeHtml.simpleTransform("a", { rel: "nofollow noopener", target: "_blank" }),
    },
  }).trim();
}
