import { parseSlideLink, SLIDE_LINK_MESSAGE } from "./slide-link";
import { parseSlideDays } from "./slide-schedule";
import { hasInvalidCharacters, INVALID_CHARACTERS_MESSAGE } from "~/shared/forms/text-input";

/** A slide as the admin table and dialog show it (every field, also inactive ones). */
export type AdminSlide = {
  id: number;
  title: string;
  text: string | null;
  bgImage: string;
  ctaText: string | null;
  ctaLink: string | null;
  highlight: string | null;
  isActive: boolean;
  sortOrder: number;
  /** Amsterdam days (yyyy-mm-dd) the home page shows it from and through; null: no limit. */
  startsOn: string | null;
  endsOn: string | null;
};

export type SlideInput = {
  title: string;
  text: string | null;
  bgImage: string;
  ctaText: string | null;
  /** A fixed page, "/products?cat=<id>" or "/product/<artNo>" (features/carousel slide-link.ts). */
  ctaLink: string | null;
  highlight: string | null;
  startsOn: string | null;
  endsOn: string | null;
};

/** Where an uploaded slide image is served: /uploads/carousel/<uuid>.<ext>. */
export const UPLOAD_URL_PREFIX = "/uploads/carousel/";

const MAX_TITLE = 120;
const MAX_SHORT = 120;
const MAX_TEXT = 1000;
const MAX_IMAGE = 500;

/**
 * The background image must be one the shop serves itself: the Content-Security-Policy allows images
 * from the shop only (img-src 'self'), so a picture on another site would stay blank on the home page.
 * Accepted: a path on the shop ("/uploads/carousel/…", "/media/hero/2.svg"), or a full URL on the
 * shop's own address (it is stored as the path).
 */
export function normaliseImage(
  value: string,
  origin: string,
): { ok: true; value: string } | { ok: false; message: string } {
  const trimmed = value.trim();
  if (trimmed === "") return { ok: false, message: "Achtergrondafbeelding is verplicht" };
  if (trimmed.length > MAX_IMAGE)
    return { ok: false, message: `Achtergrondafbeelding mag hoogstens ${MAX_IMAGE} tekens zijn` };
  let url: URL;
  try {
    url = new URL(trimmed, origin);
  } catch {
    return { ok: false, message: "Achtergrondafbeelding is geen geldige URL" };
  }
  const relative = trimmed.startsWith("/") && !trimmed.startsWith("//") && !trimmed.includes("\\");
  if (url.origin !== origin || (!relative && !/^https?:\/\//i.test(trimmed))) {
    return {
      ok: false,
      message: "Gebruik een afbeelding van de winkel zelf: upload een bestand of geef een pad zoals /media/hero/1.svg",
    };
  }
  return { ok: true, value: url.pathname + url.search };
}

type Field = "title" | "text" | "bgImage" | "ctaText" | "ctaLink" | "highlight" | "startsOn" | "endsOn";

/** Checks a posted slide; the first problem is the message of "Fout bij opslaan: {message}". */
export function parseSlideInput(
  read: (field: Field) => string | null,
  origin: string,
): { ok: true; slide: SlideInput } | { ok: false; message: string } {
  const raw = (field: Field) => read(field) ?? "";
  for (const field of ["title", "text", "bgImage", "ctaText", "ctaLink", "highlight", "startsOn", "endsOn"] as const) {
    if (hasInvalidCharacters(raw(field), { multiLine: field === "text" })) {
      return { ok: false, message: INVALID_CHARACTERS_MESSAGE };
    }
  }
  const title = raw("title").trim();
  if (title === "") return { ok: false, message: "Titel is verplicht" };
  if (title.length > MAX_TITLE) return { ok: false, message: `Titel mag hoogstens ${MAX_TITLE} tekens zijn` };
  const image = normaliseImage(raw("bgImage"), origin);
  if (!image.ok) return image;
  const optional = (field: Field, max: number, name: string) => {
    const value = raw(field).trim();
    if (value.length > max) return { error: `${name} mag hoogstens ${max} tekens zijn` };
    return { value: value === "" ? null : value };
  };
  const text = optional("text", MAX_TEXT, "Tekst");
  const ctaText = optional("ctaText", MAX_SHORT, "Knoptekst");
  const highlight = optional("highlight", MAX_SHORT, "Highlight");
  for (const part of [text, ctaText, highlight]) if ("error" in part) return { ok: false, message: part.error! };
  const link = raw("ctaLink").trim();
  // The form of the link here; that its category or product exists, the route asks the database.
  if (link !== "" && !parseSlideLink(link)) return { ok: false, message: SLIDE_LINK_MESSAGE };
  const days = parseSlideDays(raw("startsOn"), raw("endsOn"));
  if (!days.ok) return days;
  return {
    ok: true,
    slide: {
      title,
      text: text.value ?? null,
      bgImage: image.value,
      ctaText: ctaText.value ?? null,
      ctaLink: link === "" ? null : link,
      highlight: highlight.value ?? null,
      ...days.days,
    },
  };
}
