import { hasInvalidCharacters, INVALID_CHARACTERS_MESSAGE } from "~/lib/text-input";

/** The link choices for a slide's button (spec 1 §2.15). */
export const SLIDE_LINKS = [
  "/products",
  "/sportvoeding",
  "/reiniging",
  "/smering",
  "/fietsonderdelen",
  "/blog",
  "/contact",
] as const;

export type SlideLink = (typeof SLIDE_LINKS)[number];

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
};

export type SlideInput = {
  title: string;
  text: string | null;
  bgImage: string;
  ctaText: string | null;
  ctaLink: SlideLink | null;
  highlight: string | null;
};

/** The upload route's answer (POST /admin/homepage/upload). */
export type UploadAnswer = { ok: true; url: string } | { ok: false; message: string };

/**
 * The upload route's answer as the panel shows it. Not every answer is the route's JSON: the body
 * limit, a proxy or a crashed process answer plain text or HTML, and then the status tells what
 * happened instead of a JSON parse error.
 */
export async function readUploadAnswer(response: Response): Promise<UploadAnswer> {
  if ((response.headers.get("content-type") ?? "").toLowerCase().includes("application/json")) {
    const answer = (await response.json().catch(() => null)) as Partial<{ ok: boolean; url: string; message: string }>;
    if (answer?.ok === true && typeof answer.url === "string") return { ok: true, url: answer.url };
    if (answer?.ok === false && typeof answer.message === "string") return { ok: false, message: answer.message };
  }
  if (response.status === 413) return { ok: false, message: "Het bestand is groter dan 5 MB" };
  if (response.status === 507)
    return { ok: false, message: "De schijf van de server is vol; de afbeelding is niet opgeslagen" };
  if (response.status === 401 || response.status === 403)
    return { ok: false, message: "Je bent niet (meer) ingelogd als beheerder; log opnieuw in" };
  return {
    ok: false,
    message: `De server gaf een onverwacht antwoord (status ${response.status}); probeer het later opnieuw`,
  };
}

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

type Field = "title" | "text" | "bgImage" | "ctaText" | "ctaLink" | "highlight";

/** Checks a posted slide; the first problem is the message of "Fout bij opslaan: {message}". */
export function parseSlideInput(
  read: (field: Field) => string | null,
  origin: string,
): { ok: true; slide: SlideInput } | { ok: false; message: string } {
  const raw = (field: Field) => read(field) ?? "";
  for (const field of ["title", "text", "bgImage", "ctaText", "ctaLink", "highlight"] as const) {
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
  if (link !== "" && !(SLIDE_LINKS as readonly string[]).includes(link)) {
    return { ok: false, message: `Kies een link uit: ${SLIDE_LINKS.join(", ")}` };
  }
  return {
    ok: true,
    slide: {
      title,
      text: text.value ?? null,
      bgImage: image.value,
      ctaText: ctaText.value ?? null,
      ctaLink: link === "" ? null : (link as SlideLink),
      highlight: highlight.value ?? null,
    },
  };
}
