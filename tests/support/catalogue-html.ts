/** Small readers for server-rendered HTML in HTTP tests. */

/** Visible text: tags and scripts removed, entities decoded, whitespace collapsed. */
export function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/\s+/g, " ")
    .trim();
}

/** ArtNos of the product links in page order (each card links once). */
export function productLinks(html: string): number[] {
  const body = html.replace(/<script[\s\S]*?<\/script>/g, "");
  return [...body.matchAll(/href="\/product\/(\d+)"/g)].map((m) => Number(m[1]));
}

/** Every href on the page, entities decoded. */
export function hrefs(html: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
}

/** The opening tag of the first <a> whose attributes contain the given text. */
export function anchorWith(html: string, attributeText: string): string | undefined {
  return [...html.matchAll(/<a\b[^>]*>/g)]
    .map((m) => m[0].replace(/&amp;/g, "&"))
    .find((tag) => tag.includes(attributeText));
}
