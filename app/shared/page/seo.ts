import type { MetaDescriptor } from "react-router";

export const SHOP_NAME = "Trapkracht";

/**
 * Title, description and canonical link for a page. `origin` is the shop's public URL
 * (root loader data), so canonical links are absolute and never follow a spoofed Host header.
 */
export function pageMeta(opts: {
  title: string;
  description: string;
  origin: string | undefined;
  path: string;
  image?: string;
  noindex?: boolean;
}): MetaDescriptor[] {
  const origin = opts.origin ?? "";
  const title = opts.title === SHOP_NAME ? SHOP_NAME : `${opts.title} | ${SHOP_NAME}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: opts.description },
    { tagName: "link", rel: "canonical", href: `${origin}${opts.path}` },
    { property: "og:title", content: title },
    { property: "og:description", content: opts.description },
    { property: "og:type", content: "website" },
    { property: "og:url", content: `${origin}${opts.path}` },
  ];
  if (opts.image) tags.push({ property: "og:image", content: `${origin}${opts.image}` });
  if (opts.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}
