/**
 * Where a slide's button may lead (issue 29 item 8; ADR 0038): one of the spec's fixed pages
 * (spec 1 §2.15), a category's product list or a product page. The admin picks it by name; the
 * server stores the path and checks the category or product exists.
 */
export const FIXED_PAGES = [
  { link: "/products", label: "All products" },
  { link: "/sportvoeding", label: "Sportvoeding" },
  { link: "/reiniging", label: "Reiniging" },
  { link: "/smering", label: "Smering" },
  { link: "/fietsonderdelen", label: "Fietsonderdelen" },
  { link: "/blog", label: "Blog" },
  { link: "/contact", label: "Contact" },
] as const;

export type SlideLinkTarget =
  | { kind: "page"; link: string }
  | { kind: "category"; id: number; link: string }
  | { kind: "product"; artNo: number; link: string };

/** A choice the link field offers: the path stored, and what the admin reads. */
export type SlideLinkOption = { link: string; label: string; kind: SlideLinkTarget["kind"] };

const MAX_ID = 2_147_483_647;
const id = (digits: string) => (Number(digits) <= MAX_ID ? Number(digits) : null);

export const categoryLink = (categoryId: number) => `/products?cat=${categoryId}`;
export const productLink = (artNo: number) => `/product/${artNo}`;

/** The link's form, or null for anything that is not one of the three (no other path or site). */
export function parseSlideLink(value: string): SlideLinkTarget | null {
  if (FIXED_PAGES.some((page) => page.link === value)) return { kind: "page", link: value };
  const category = /^\/products\?cat=([1-9]\d{0,9})$/.exec(value);
  if (category) {
    const categoryId = id(category[1]!);
    return categoryId === null ? null : { kind: "category", id: categoryId, link: value };
  }
  const product = /^\/product\/([1-9]\d{0,9})$/.exec(value);
  if (product) {
    const artNo = id(product[1]!);
    return artNo === null ? null : { kind: "product", artNo, link: value };
  }
  return null;
}

export const SLIDE_LINK_MESSAGE = "Kies de link uit de suggesties: een vaste pagina, een categorie of een product";

/** The fixed pages whose path or name holds `term` (all of them for an empty term). */
export function matchingPages(term: string): SlideLinkOption[] {
  const wanted = term.trim().toLowerCase();
  return FIXED_PAGES.filter(
    (page) => wanted === "" || page.label.toLowerCase().includes(wanted) || page.link.includes(wanted),
  ).map((page) => ({ link: page.link, label: page.label, kind: "page" as const }));
}

/** What the admin reads for a kind of link. */
export const LINK_KIND_LABEL: Record<SlideLinkTarget["kind"], string> = {
  page: "Page",
  category: "Category",
  product: "Product",
};
