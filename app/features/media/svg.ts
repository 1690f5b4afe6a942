/**
 * Generated SVG artwork for products, categories, blog posts, homepage slides and the BYE! banner.
 * Pure and deterministic: the same input always yields the same bytes (so the images can be cached
 * as immutable). Every piece of database text is XML-escaped before it is placed in the markup.
 */
import { iconFor, iconMarkup, type IconName } from "./icons";

type Palette = { light: string; mid: string; deep: string; accent: string };

const PARTS: readonly Palette[] = [
  { light: "#e0f2fe", mid: "#bae6fd", deep: "#0c4a6e", accent: "#f97316" },
  { light: "#e2e8f0", mid: "#cbd5e1", deep: "#1e293b", accent: "#f59e0b" },
  { light: "#ccfbf1", mid: "#99f6e4", deep: "#134e4a", accent: "#ea580c" },
  { light: "#e0e7ff", mid: "#c7d2fe", deep: "#312e81", accent: "#f97316" },
];
const MAINTENANCE: readonly Palette[] = [
  { light: "#dcfce7", mid: "#bbf7d0", deep: "#14532d", accent: "#0ea5e9" },
  { light: "#ecfccb", mid: "#d9f99d", deep: "#365314", accent: "#f97316" },
  { light: "#d1fae5", mid: "#a7f3d0", deep: "#064e3b", accent: "#f43f5e" },
];
const NUTRITION: readonly Palette[] = [
  { light: "#ffedd5", mid: "#fed7aa", deep: "#7c2d12", accent: "#16a34a" },
  { light: "#fee2e2", mid: "#fecaca", deep: "#7f1d1d", accent: "#f59e0b" },
  { light: "#fef9c3", mid: "#fde68a", deep: "#713f12", accent: "#db2777" },
  { light: "#fce7f3", mid: "#fbcfe8", deep: "#831843", accent: "#f59e0b" },
];
const BYE: Palette = { light: "#fdf4ff", mid: "#f5d0fe", deep: "#701a75", accent: "#facc15" };

export type Area = "parts" | "maintenance" | "nutrition";

const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!,
  );
}

/** FNV-1a; duplicated from the seed PRNG on purpose so media has no dependency on seed code. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function paletteFor(area: Area, key: string, brand?: string | null): Palette {
  if (brand === "BYE!") return BYE;
  const list = area === "nutrition" ? NUTRITION : area === "maintenance" ? MAINTENANCE : PARTS;
  return list[hash(key) % list.length]!;
}

function clip(text: string, max: number): string {
  const trimmed = text.trim();
  return trimmed.length > max ? `${trimmed.slice(0, max - 1)}…` : trimmed;
}

/** A few soft circles, placed from the hash, so images of one kind still look individual. */
function bubbles(seed: number, w: number, h: number, colour: string): string {
  let out = "";
  let s = seed;
  for (let i = 0; i < 4; i++) {
    s = Math.imul(s ^ (s >>> 13), 0x5bd1e995) >>> 0;
    const x = (s % 1000) / 1000;
    const y = ((s >>> 10) % 1000) / 1000;
    const r = 0.12 + ((s >>> 20) % 100) / 600;
    out += `<circle cx="${Math.round(x * w)}" cy="${Math.round(y * h)}" r="${Math.round(r * Math.min(w, h))}" fill="${colour}" opacity="${(0.08 + i * 0.03).toFixed(2)}"/>`;
  }
  return out;
}

function iconGroup(
  icon: IconName,
  p: { x: number; y: number; scale: number; rotate?: number; stroke: string; accent: string; width?: number },
): string {
  return `<g transform="translate(${p.x} ${p.y}) rotate(${p.rotate ?? 0}) scale(${p.scale}) translate(-50 -50)" fill="none" stroke="${p.stroke}" stroke-width="${p.width ?? 3.2}" stroke-linecap="round" stroke-linejoin="round">${iconMarkup(icon, p.accent)}</g>`;
}

function svgOpen(w: number, h: number, label: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${escapeXml(clip(label, 120))}">`;
}

export type ProductImageInput = {
  artNo: number;
  /** 1-based picture number: 1 is the packshot, 2 a close-up, 3 a dark variant. */
  n: number;
  brand: string | null;
  title: string | null;
  type: string | null;
  area: Area;
  /** What tells this product from its neighbours (a size, a colour): shown as a small label. */
  detail?: string | null;
};

/**
 * The background motif of a product picture, chosen per product so that a category page of the
 * same product type still shows different pictures.
 */
function motif(kind: number, seed: number, colour: string): string {
  switch (kind) {
    case 0:
      return bubbles(seed, 800, 800, colour);
    case 1: {
      let d = "";
      for (let x = -800; x < 800; x += 90) d += `M${x} 800 L${x + 800} 0`;
      return `<path d="${d}" stroke="${colour}" stroke-width="22" opacity=".09"/>`;
    }
    case 2: {
      let dots = "";
      for (let y = 60; y < 800; y += 80) for (let x = 60; x < 800; x += 80) dots += `M${x} ${y}h.1`;
      return `<path d="${dots}" stroke="${colour}" stroke-width="14" stroke-linecap="round" opacity=".16"/>`;
    }
    default: {
      const cx = seed % 2 ? 0 : 800;
      let rings = "";
      for (let r = 120; r < 1100; r += 110) rings += `<circle cx="${cx}" cy="800" r="${r}"/>`;
      return `<g fill="none" stroke="${colour}" stroke-width="16" opacity=".1">${rings}</g>`;
    }
  }
}

export function productSvg(input: ProductImageInput): string {
  const palette = paletteFor(input.area, `${input.brand ?? ""}:${input.type ?? ""}:${input.artNo}`, input.brand);
  const icon = iconFor(
    input.type ?? input.title,
    input.area === "nutrition" ? "bottle" : input.area === "maintenance" ? "tool" : "bike",
  );
  const seed = hash(`product:${input.artNo}:${input.n}`);
  const own = hash(`product:${input.artNo}`);
  const variant = ((input.n - 1) % 3) + 1;
  // Per product: its own tilt, size, place and background, so neighbours on a page differ.
  const tilt = (own % 25) - 12;
  const scale = 4.7 + ((own >>> 5) % 9) / 10;
  const shift = ((own >>> 9) % 61) - 30;
  const detailText = input.detail ? clip(input.detail.toUpperCase(), 18) : "";
  const detail = escapeXml(detailText);
  const chipWidth = Math.round(detailText.length * 19 + 44);
  const dark = variant === 3;
  const bg1 = dark ? palette.deep : palette.light;
  const bg2 = dark ? "#0f172a" : palette.mid;
  const stroke = dark ? "#ffffff" : palette.deep;
  const brand = input.brand ? escapeXml(clip(input.brand.toUpperCase(), 28)) : "";
  return [
    svgOpen(800, 800, `${input.brand ?? ""} ${input.title ?? ""}`.trim() || `Artikel ${input.artNo}`),
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="${variant === 2 ? 0 : 1}" y2="1"><stop offset="0" stop-color="${bg1}"/><stop offset="1" stop-color="${bg2}"/></linearGradient>`,
    `<radialGradient id="glow" cx=".5" cy=".46" r=".5"><stop offset="0" stop-color="#ffffff" stop-opacity="${dark ? 0.18 : 0.9}"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient></defs>`,
    `<rect width="800" height="800" fill="url(#bg)"/>`,
    motif((own >>> 13) % 4, seed, variant === 3 ? "#ffffff" : palette.deep),
    `<circle cx="400" cy="370" r="310" fill="url(#glow)"/>`,
    `<ellipse cx="400" cy="675" rx="230" ry="24" fill="${dark ? "#000000" : palette.deep}" opacity="${dark ? 0.35 : 0.1}"/>`,
    iconGroup(icon, {
      x: 400 + (variant === 2 ? 0 : shift),
      y: variant === 2 ? 400 : 370,
      scale: variant === 2 ? 6.6 : scale,
      rotate: (variant === 2 ? -14 : 0) + tilt,
      stroke,
      accent: palette.accent,
    }),
    // Top right: the shop puts its offer badge over the top left corner of a picture.
    detail
      ? `<g font-family="${FONT}" font-size="30" font-weight="700"><rect x="${764 - chipWidth}" y="36" width="${chipWidth}" height="56" rx="28" fill="${stroke}" opacity="${dark ? 0.22 : 0.9}"/><text x="${764 - chipWidth + 22}" y="74" fill="${dark ? "#ffffff" : bg1}">${detail}</text></g>`
      : "",
    brand
      ? `<text x="400" y="752" text-anchor="middle" font-family="${FONT}" font-size="30" font-weight="800" letter-spacing="6" fill="${stroke}" opacity="${dark ? 0.8 : 0.55}">${brand}</text>`
      : "",
    `</svg>`,
  ].join("");
}

export function categorySvg(input: { id: number; name: string; area: Area }): string {
  const palette = paletteFor(input.area, `category:${input.id}:${input.name}`);
  const icon = iconFor(
    input.name,
    input.area === "nutrition" ? "bottle" : input.area === "maintenance" ? "tool" : "bike",
  );
  const seed = hash(`category:${input.id}`);
  return [
    svgOpen(800, 600, input.name),
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.mid}"/><stop offset="1" stop-color="${palette.light}"/></linearGradient></defs>`,
    `<rect width="800" height="600" fill="url(#bg)"/>`,
    bubbles(seed, 800, 600, palette.deep),
    `<circle cx="400" cy="300" r="210" fill="#ffffff" opacity=".55"/>`,
    `<circle cx="400" cy="300" r="210" fill="none" stroke="${palette.accent}" stroke-width="6" stroke-dasharray="2 18" stroke-linecap="round" opacity=".7"/>`,
    iconGroup(icon, { x: 400, y: 300, scale: 3.4, stroke: palette.deep, accent: palette.accent }),
    `</svg>`,
  ].join("");
}

/** Saturated, single-hue gradients so white line art stays readable. */
const BLOG_PALETTES: readonly Palette[] = [
  { light: "#fdba74", mid: "#ea580c", deep: "#7c2d12", accent: "#fde68a" },
  { light: "#67e8f9", mid: "#0891b2", deep: "#164e63", accent: "#fde68a" },
  { light: "#f9a8d4", mid: "#db2777", deep: "#701a75", accent: "#fde68a" },
];

export function blogSvg(input: { slug: string; title: string; variant: "thumb" | "hero" }): string {
  // Water-blue for the triathlon story, orange for gels, pink for anything later.
  const palette = BLOG_PALETTES[/triathlon|zwem/.test(input.slug) ? 1 : /gel/.test(input.slug) ? 0 : 2]!;
  const icon = iconFor(input.title, "bike");
  const [w, h] = input.variant === "hero" ? [1600, 700] : [800, 600];
  const seed = hash(`blog:${input.slug}`);
  const cx = input.variant === "hero" ? 1150 : 400;
  return [
    svgOpen(w, h, input.title),
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.deep}"/><stop offset=".7" stop-color="${palette.mid}"/><stop offset="1" stop-color="${palette.light}"/></linearGradient></defs>`,
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>`,
    bubbles(seed, w, h, "#ffffff"),
    `<path d="M0 ${h * 0.78} C ${w * 0.3} ${h * 0.62}, ${w * 0.6} ${h * 0.95}, ${w} ${h * 0.7} V ${h} H 0 Z" fill="#ffffff" opacity=".12"/>`,
    `<circle cx="${cx}" cy="${h / 2}" r="${h * 0.36}" fill="#ffffff" opacity=".16"/>`,
    iconGroup(icon, { x: cx, y: h / 2, scale: (h * 0.5) / 100, stroke: "#ffffff", accent: palette.light, width: 3 }),
    iconGroup("bike", {
      x: input.variant === "hero" ? 300 : 130,
      y: h * 0.8,
      scale: input.variant === "hero" ? 2 : 1.2,
      stroke: "#ffffff",
      accent: palette.light,
      width: 3,
    }),
    `</svg>`,
  ].join("");
}

const HERO_SKIES: readonly [string, string, string, IconName][] = [
  ["#7c2d12", "#f97316", "#fde68a", "gel"],
  ["#064e3b", "#10b981", "#a7f3d0", "spray"],
  ["#0c4a6e", "#0ea5e9", "#bae6fd", "bike"],
  ["#312e81", "#6366f1", "#c7d2fe", "lube"],
  ["#1e293b", "#64748b", "#e2e8f0", "light"],
  ["#701a75", "#d946ef", "#f5d0fe", "bottle"],
];

export const HERO_COUNT = HERO_SKIES.length;

/** Wide homepage backdrops: sky, sun, rolling hills, a road, and an icon on the right. */
export function heroSvg(n: number): string {
  const [deep, mid, light, icon] = HERO_SKIES[(n - 1) % HERO_SKIES.length]!;
  return [
    svgOpen(1600, 640, "Sfeerbeeld"),
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${deep}"/><stop offset=".7" stop-color="${mid}"/><stop offset="1" stop-color="${light}"/></linearGradient>`,
    `<linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000000" stop-opacity=".45"/><stop offset=".6" stop-color="#000000" stop-opacity="0"/></linearGradient></defs>`,
    `<rect width="1600" height="640" fill="url(#sky)"/>`,
    `<circle cx="1240" cy="250" r="120" fill="${light}" opacity=".8"/>`,
    `<path d="M0 470 C 260 380 480 430 720 400 S 1200 330 1600 420 V 640 H 0 Z" fill="${mid}" opacity=".55"/>`,
    `<path d="M0 530 C 300 470 560 540 880 500 S 1360 450 1600 520 V 640 H 0 Z" fill="${deep}" opacity=".6"/>`,
    `<path d="M640 640 C 760 560 940 540 1180 520" fill="none" stroke="${light}" stroke-width="10" stroke-dasharray="36 28" opacity=".7"/>`,
    iconGroup(icon, { x: 1240, y: 250, scale: 1.7, stroke: deep, accent: mid, width: 4 }),
    iconGroup("bike", { x: 1020, y: 470, scale: 1.5, stroke: "#ffffff", accent: light, width: 3.5 }),
    `<rect width="1600" height="640" fill="url(#shade)"/>`,
    `</svg>`,
  ].join("");
}

/** The BYE! brand banner shown on BYE! product pages. Fixed text only. */
export function byeBannerSvg(): string {
  return [
    svgOpen(1200, 300, "BYE! sportvoeding: energie voor elke kilometer"),
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#701a75"/><stop offset=".55" stop-color="#c026d3"/><stop offset="1" stop-color="#f472b6"/></linearGradient></defs>`,
    `<rect width="1200" height="300" fill="url(#bg)"/>`,
    `<circle cx="1040" cy="150" r="190" fill="#ffffff" opacity=".1"/><circle cx="930" cy="40" r="80" fill="#facc15" opacity=".25"/>`,
    `<text x="70" y="175" font-family="${FONT}" font-size="140" font-weight="900" font-style="italic" fill="#ffffff" letter-spacing="-4">BYE!</text>`,
    `<text x="76" y="235" font-family="${FONT}" font-size="34" font-weight="600" fill="#fdf4ff">Energie voor elke kilometer</text>`,
    `<rect x="76" y="60" width="120" height="8" rx="4" fill="#facc15"/>`,
    iconGroup("gel", { x: 900, y: 150, scale: 1.9, rotate: -10, stroke: "#ffffff", accent: "#facc15", width: 3.5 }),
    iconGroup("bar", { x: 1070, y: 160, scale: 1.8, stroke: "#ffffff", accent: "#facc15", width: 3.5 }),
    `</svg>`,
  ].join("");
}
