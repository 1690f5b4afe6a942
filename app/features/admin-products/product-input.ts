import { z } from "zod";
import { parsePriceText } from "~/shared/money/money";
import { textField } from "~/shared/forms/text-field";
import { hasInvalidCharacters, INVALID_CHARACTERS_MESSAGE } from "~/shared/forms/text-input";

/** What the "Update Product" dialog saves (spec 1 §5 product edit). Money in integer cents. */
export type ProductEdit = {
  brand: string | null;
  shortDescription: string | null;
  /** Raw HTML as typed; the server sanitises it before it is stored. */
  longDescriptionHtml: string | null;
  categoryId: number;
  consumerPriceCents: number;
  discountedPriceCents: number | null;
  vatRate: 21 | 9;
  status: 0 | 1;
  stockQuantity: number | null;
  images: string[];
  colour: string | null;
  material: string | null;
  size: string | null;
  type: string | null;
  articleKeyword: string | null;
};

export const CATEGORY_MESSAGE = "Please select a valid category.";

const optionalText = (name: string, max: number) =>
  textField()
    .transform((value) => value.trim())
    .refine((value) => value.length <= max, { message: `${name} must be at most ${max} characters` })
    .transform((value) => (value === "" ? null : value));

/** A price as the owner types it ("12,95", "12.95", "€ 7"); the shop's money parser makes it cents. */
const priceText = (name: string, required: boolean) =>
  textField()
    .transform((value) => value.trim())
    .superRefine((value, ctx) => {
      if (value === "") {
        if (required) ctx.addIssue({ code: "custom", message: `${name} is required` });
        return;
      }
      if (!/^(€\s*)?\d{1,3}(\.\d{3})*(,\d{1,2})?$|^(€\s*)?\d+([.,]\d{1,2})?$/.test(value)) {
        ctx.addIssue({ code: "custom", message: `${name} must be an amount such as 12,95` });
        return;
      }
      const cents = parsePriceText(value);
      if (cents > 100_000_000) ctx.addIssue({ code: "custom", message: `${name} is too high` });
      if (required && cents <= 0) ctx.addIssue({ code: "custom", message: `${name} must be above 0` });
    })
    .transform((value) => (value === "" ? null : parsePriceText(value)));

const schema = z
  .object({
    brand: optionalText("Brand", 200),
    shortDescription: optionalText("Short description", 500),
    longDescriptionHtml: textField(undefined, { multiLine: true })
      .refine((value) => value.length <= 100_000, { message: "Long description is too long" })
      .transform((value) => (value.trim() === "" ? null : value)),
    categoryId: textField().refine((value) => /^[1-9]\d{0,8}$/.test(value.trim()), {
      message: CATEGORY_MESSAGE,
    }),
    consumerPrice: priceText("Consumer price", true),
    discountedPrice: priceText("Discounted price", false),
    vatRate: z.enum(["21", "9"], { message: "VAT rate must be 21 or 9" }),
    status: z.enum(["1", "0"], { message: "Status must be active (1) or inactive (0)" }),
    stockQuantity: textField()
      .transform((value) => value.trim())
      .refine((value) => value === "" || (/^\d{1,7}$/.test(value) && Number(value) <= 1_000_000), {
        message: "Stock quantity must be a whole number of 0 or more",
      }),
    images: textField(undefined, { multiLine: true }),
    colour: optionalText("Colour", 100),
    material: optionalText("Material", 100),
    size: optionalText("Size", 100),
    type: optionalText("Type", 100),
    articleKeyword: optionalText("Keyword", 200),
  })
  .superRefine((value, ctx) => {
    const offer = value.discountedPrice;
    if (offer != null && value.consumerPrice != null && offer >= value.consumerPrice) {
      ctx.addIssue({
        code: "custom",
        path: ["discountedPrice"],
        message: "Discounted price must be lower than the consumer price",
      });
    }
  });

const MAX_IMAGES = 20;

/** One image a line: a path on the shop ("/media/…") or an http(s) URL, at most 500 characters each. */
function parseImages(text: string): { ok: true; images: string[] } | { ok: false; message: string } {
  const images = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
  if (images.length > MAX_IMAGES) return { ok: false, message: `At most ${MAX_IMAGES} images` };
  for (const image of images) {
    if (image.length > 500) return { ok: false, message: "An image URL must be at most 500 characters" };
    const path = image.startsWith("/") && !image.startsWith("//");
    if (!path && !/^https?:\/\/[^\s]+$/i.test(image)) {
      return { ok: false, message: "Images must be paths such as /media/products/1.svg or http(s) URLs" };
    }
  }
  return { ok: true, images };
}

const FIELDS = [
  "brand",
  "shortDescription",
  "longDescriptionHtml",
  "categoryId",
  "consumerPrice",
  "discountedPrice",
  "vatRate",
  "status",
  "stockQuantity",
  "images",
  "colour",
  "material",
  "size",
  "type",
  "articleKeyword",
] as const;

/** Checks the posted dialog; the first problem is the toast's description. */
export function parseProductEdit(
  read: (field: string) => string | null,
): { ok: true; edit: ProductEdit } | { ok: false; message: string } {
  const raw = Object.fromEntries(FIELDS.map((field) => [field, read(field) ?? ""]));
  const parsed = schema.safeParse(raw);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message };
  const value = parsed.data;
  const images = parseImages(value.images);
  if (!images.ok) return images;
  return {
    ok: true,
    edit: {
      brand: value.brand,
      shortDescription: value.shortDescription,
      longDescriptionHtml: value.longDescriptionHtml,
      categoryId: Number(value.categoryId.trim()),
      consumerPriceCents: value.consumerPrice!,
      discountedPriceCents: value.discountedPrice,
      vatRate: value.vatRate === "9" ? 9 : 21,
      status: value.status === "0" ? 0 : 1,
      stockQuantity: value.stockQuantity === "" ? null : Number(value.stockQuantity),
      images: images.images,
      colour: value.colour,
      material: value.material,
      size: value.size,
      type: value.type,
      articleKeyword: value.articleKeyword,
    },
  };
}

export const TAG_MAX = 50;

/** A tag as typed: trimmed, not blank, no control characters, at most 50 characters. */
export function parseTag(value: string | null): { ok: true; tag: string } | { ok: false; message: string } {
  const text = value ?? "";
  if (hasInvalidCharacters(text)) return { ok: false, message: INVALID_CHARACTERS_MESSAGE };
  const tag = text.trim().replace(/\s+/g, " ");
  if (tag === "") return { ok: false, message: "De tag mag niet leeg zijn." };
  if (tag.length > TAG_MAX) return { ok: false, message: `Een tag is hoogstens ${TAG_MAX} tekens.` };
  return { ok: true, tag };
}

/** The admin search box: a digit term searches ArtNo (exact and prefix), any other text brand and description. */
export function parseSearch(value: string | null): string {
  const text = (value ?? "").trim();
  if (hasInvalidCharacters(text)) return "";
  return text.slice(0, 100);
}
