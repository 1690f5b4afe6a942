/**
 * Simple line-art icons for the generated product, category and content images, drawn in a
 * 100 × 100 box with strokes (the caller sets stroke colour and width). Fixed markup only:
 * no user text ever ends up in here.
 */
export type IconName =
  | "bike"
  | "chain"
  | "tyre"
  | "tyre-mtb"
  | "tyre-city"
  | "tube"
  | "brake"
  | "cable"
  | "light"
  | "handlebar"
  | "saddle"
  | "pedal"
  | "cassette"
  | "spray"
  | "brush"
  | "lube"
  | "tool"
  | "stand"
  | "patch"
  | "cloth"
  | "pump"
  | "gel"
  | "bottle"
  | "bar"
  | "powder"
  | "tablet"
  | "chews"
  | "helmet";

function ring(cx: number, cy: number, r1: number, r2: number, count: number): string {
  let d = "";
  for (let i = 0; i < count; i++) {
    const a = (i / count) * Math.PI * 2;
    const x1 = cx + Math.cos(a) * r1;
    const y1 = cy + Math.sin(a) * r1;
    const x2 = cx + Math.cos(a) * r2;
    const y2 = cy + Math.sin(a) * r2;
    d += `M${x1.toFixed(1)} ${y1.toFixed(1)}L${x2.toFixed(1)} ${y2.toFixed(1)}`;
  }
  return `<path d="${d}"/>`;
}

/** A rim with spokes, hub and valve inside a thick tyre band (stroke colour from the caller). */
function wheel(accent: string): string {
  let spokes = "";
  for (let i = 0; i < 16; i++) {
    const a = (i / 16) * Math.PI * 2;
    spokes += `M${(50 + Math.cos(a) * 6).toFixed(1)} ${(50 + Math.sin(a) * 6).toFixed(1)}L${(50 + Math.cos(a + 0.35) * 30).toFixed(1)} ${(50 + Math.sin(a + 0.35) * 30).toFixed(1)}`;
  }
  return `<circle cx="50" cy="50" r="38" stroke-width="11"/><circle cx="50" cy="50" r="30" stroke-width="2"/><path d="${spokes}" stroke-width="1"/><circle cx="50" cy="50" r="6" fill="${accent}"/><rect x="47.5" y="15" width="5" height="9" rx="1.5" fill="${accent}" stroke-width="1"/>`;
}

/** Small rounded blocks on the outside of a tyre band: the knobs of a mountain-bike tyre. */
function knobs(cx: number, cy: number, r: number, count: number): string {
  let out = "";
  for (let i = 0; i < count; i++) {
    const deg = (i / count) * 360;
    out += `<rect x="${cx - 2.6}" y="${cy - r - 2.6}" width="5.2" height="5.2" rx="1.2" transform="rotate(${deg.toFixed(1)} ${cx} ${cy})" stroke-width="1.6"/>`;
  }
  return out;
}

/** `accent` is a fill colour for the few solid details (drops, lenses). */
export function iconMarkup(name: IconName, accent: string): string {
  switch (name) {
    case "bike":
      return `<circle cx="24" cy="64" r="17"/><circle cx="76" cy="64" r="17"/><path d="M24 64 L40 36 H68 L76 64 M40 36 L52 64 L68 36 M52 64 H24 M36 28 H46 M64 28 L68 36 M62 26 H72"/><circle cx="52" cy="64" r="4" fill="${accent}"/>`;
    case "chain":
      return `<g transform="rotate(-25 50 50)"><rect x="6" y="38" width="32" height="24" rx="12"/><rect x="34" y="41" width="32" height="18" rx="9"/><rect x="62" y="38" width="32" height="24" rx="12"/><circle cx="22" cy="50" r="4" fill="${accent}"/><circle cx="50" cy="50" r="4" fill="${accent}"/><circle cx="78" cy="50" r="4" fill="${accent}"/></g>`;
    // A tyre is a thick dark band around a spoked rim, so it never reads as a sprocket or a gear.
    case "tyre":
      return `${wheel(accent)}<circle cx="50" cy="50" r="40" stroke-width="1.6" stroke-dasharray="10 6" opacity=".55"/>`;
    case "tyre-mtb":
      return `${wheel(accent)}${knobs(50, 50, 44.5, 20)}`;
    case "tyre-city":
      return `${wheel(accent)}<circle cx="50" cy="50" r="33.5" stroke="${accent}" stroke-width="2.2"/>`;
    case "tube":
      return `<circle cx="50" cy="54" r="32" stroke-width="9"/><circle cx="50" cy="54" r="32" stroke-width="2" stroke="${accent}"/><rect x="45" y="8" width="10" height="16" rx="2" fill="${accent}"/><path d="M50 8 V4"/>`;
    case "brake":
      return `<circle cx="44" cy="54" r="34"/><circle cx="44" cy="54" r="10"/>${ring(44, 54, 17, 27, 10)}<rect x="66" y="16" width="22" height="44" rx="8" fill="${accent}"/><path d="M70 26 H84 M70 50 H84"/>`;
    case "cable":
      return `<path d="M10 78 C 30 78 24 30 46 30 S 58 70 74 70 S 88 40 88 22"/><rect x="4" y="72" width="12" height="12" rx="3" fill="${accent}"/><path d="M88 22 V10" stroke-width="2"/><circle cx="88" cy="9" r="3" fill="${accent}"/>`;
    case "light":
      return `<rect x="14" y="34" width="44" height="32" rx="12"/><circle cx="56" cy="50" r="12" fill="${accent}"/><path d="M72 38 L92 30 M74 50 H95 M72 62 L92 70"/><path d="M28 66 V80 H44 V66"/>`;
    case "handlebar":
      return `<path d="M14 36 H86 M14 36 C 2 36 2 58 14 60 C 22 62 22 76 14 80 M86 36 C 98 36 98 58 86 60 C 78 62 78 76 86 80"/><rect x="42" y="30" width="16" height="12" rx="3" fill="${accent}"/><path d="M50 42 V64"/>`;
    case "saddle":
      return `<path d="M8 40 C 26 28 62 30 92 42 C 88 52 66 52 52 58 C 40 63 22 56 8 40 Z"/><path d="M36 54 L48 60 L60 54 M48 60 V90"/><path d="M20 42 C 40 38 60 38 80 44" stroke="${accent}"/>`;
    case "pedal":
      return `<rect x="30" y="22" width="50" height="56" rx="10"/><rect x="40" y="34" width="30" height="32" rx="5" fill="${accent}"/><path d="M30 50 H6 M34 22 V14 M76 22 V14 M34 78 V86 M76 78 V86"/>`;
    case "cassette":
      return `<circle cx="50" cy="50" r="40"/>${ring(50, 50, 40, 45, 36)}<circle cx="50" cy="50" r="31"/><circle cx="50" cy="50" r="23"/><circle cx="50" cy="50" r="15"/><circle cx="50" cy="50" r="7" fill="${accent}"/>`;
    case "spray":
      return `<path d="M30 44 H62 V88 C 62 92 58 94 54 94 H38 C 34 94 30 92 30 88 Z"/><path d="M38 44 V32 H54 V44 M32 32 H60 L64 20 H38 Z M40 32 L30 46"/><rect x="34" y="58" width="24" height="18" rx="3" fill="${accent}"/><circle cx="76" cy="16" r="2.5" fill="${accent}"/><circle cx="82" cy="24" r="2.5" fill="${accent}"/><circle cx="74" cy="28" r="2.5" fill="${accent}"/><circle cx="86" cy="14" r="2.5" fill="${accent}"/>`;
    case "brush":
      return `<path d="M14 86 L58 42"/><rect x="50" y="16" width="26" height="40" rx="6" transform="rotate(45 63 36)"/><path d="M70 16 L84 6 M76 22 L92 14 M82 28 L96 22 M64 12 L74 2" stroke="${accent}"/><circle cx="18" cy="82" r="5" fill="${accent}"/>`;
    case "lube":
      return `<path d="M28 50 C 28 42 34 38 40 38 H60 C 66 38 72 42 72 50 V86 C 72 90 68 92 64 92 H36 C 32 92 28 90 28 86 Z"/><path d="M42 38 V28 H58 V38 M46 28 L50 8 L54 28"/><path d="M50 58 C 44 66 42 70 42 74 A 8 8 0 0 0 58 74 C 58 70 56 66 50 58 Z" fill="${accent}"/>`;
    case "tool":
      return `<path d="M24 84 L60 48 M60 48 C 54 36 60 20 74 18 L66 30 L72 36 L84 28 C 84 42 70 50 60 48 Z"/><circle cx="22" cy="86" r="8" fill="${accent}"/><path d="M18 20 L44 46 M14 24 L22 16"/>`;
    case "stand":
      return `<path d="M50 30 V78 M50 78 L24 94 M50 78 L76 94 M50 78 V94 M50 30 L78 22 M74 14 H90 V30 H74 Z"/><rect x="44" y="42" width="12" height="10" rx="2" fill="${accent}"/>`;
    case "patch":
      return `<rect x="14" y="22" width="48" height="48" rx="12"/><rect x="22" y="30" width="32" height="32" rx="8" stroke-dasharray="4 4"/><path d="M66 64 L86 44 L94 52 L74 72 Z" fill="${accent}"/><path d="M66 64 L58 80"/>`;
    case "cloth":
      return `<path d="M12 30 C 28 22 40 36 56 28 S 80 24 88 30 L 84 76 C 70 70 58 80 44 74 S 20 72 14 78 Z"/><path d="M24 44 C 38 38 50 50 66 42 M22 58 C 38 52 52 64 72 56" stroke="${accent}"/>`;
    case "pump":
      return `<path d="M38 14 H62 M50 14 V26"/><rect x="42" y="26" width="16" height="58" rx="4"/><path d="M24 88 H76"/><circle cx="50" cy="60" r="9" fill="${accent}"/><path d="M58 40 C 80 40 86 60 80 80"/>`;
    case "gel":
      return `<path d="M30 22 L36 14 H64 L70 22 V80 C 70 86 64 90 58 90 H42 C 36 90 30 86 30 80 Z"/><path d="M30 24 H70 M36 14 L40 6 H60 L64 14" stroke-width="2"/><path d="M50 44 C 42 54 40 60 40 64 A 10 10 0 0 0 60 64 C 60 60 58 54 50 44 Z" fill="${accent}"/>`;
    case "bottle":
      return `<path d="M30 34 C 30 28 36 26 42 26 H58 C 64 26 70 28 70 34 V44 C 66 50 66 56 70 62 V86 C 70 90 66 94 60 94 H40 C 34 94 30 90 30 86 V62 C 34 56 34 50 30 44 Z"/><path d="M40 26 V18 H60 V26 M46 18 V10 H54 V18"/><rect x="36" y="68" width="28" height="16" rx="3" fill="${accent}"/>`;
    case "bar":
      return `<g transform="rotate(-18 50 50)"><path d="M14 36 L8 40 L14 44 L8 48 L14 52 L8 56 L14 60 L8 64 L14 64 H86 L92 60 L86 56 L92 52 L86 48 L92 44 L86 40 L92 36 L86 36 Z"/><rect x="30" y="42" width="40" height="16" rx="4" fill="${accent}"/></g>`;
    case "powder":
      return `<path d="M24 36 H76 V84 C 76 90 72 94 66 94 H34 C 28 94 24 90 24 84 Z"/><rect x="20" y="22" width="60" height="14" rx="4"/><rect x="32" y="52" width="36" height="24" rx="4" fill="${accent}"/><path d="M70 12 C 82 6 92 12 90 22"/>`;
    case "tablet":
      return `<rect x="18" y="30" width="34" height="62" rx="8"/><rect x="16" y="22" width="38" height="12" rx="4" fill="${accent}"/><circle cx="72" cy="70" r="14"/><path d="M64 70 H80"/><circle cx="72" cy="38" r="5"/><circle cx="84" cy="26" r="3.5"/><circle cx="68" cy="18" r="2.5"/>`;
    case "chews":
      return `<rect x="12" y="44" width="32" height="32" rx="9"/><rect x="52" y="50" width="32" height="32" rx="9" fill="${accent}"/><rect x="32" y="12" width="32" height="32" rx="9" transform="rotate(15 48 28)"/>`;
    case "helmet":
      return `<path d="M12 66 C 12 34 34 18 56 18 C 76 18 90 34 92 54 L 92 66 Z"/><path d="M30 30 L40 52 M52 22 L56 50 M72 26 L70 50 M12 66 H92"/><path d="M24 66 V78 H40" stroke="${accent}"/>`;
  }
}

/** Ordered: the first keyword that occurs in the (lower-cased) type or name wins. */
const KEYWORDS: readonly (readonly [string, IconName])[] = [
  ["plak", "patch"],
  ["smeer", "lube"],
  ["binnenband", "tube"],
  ["kabel", "cable"],
  ["montagestandaard", "stand"],
  ["rem", "brake"],
  ["band mtb", "tyre-mtb"],
  ["band stad", "tyre-city"],
  ["band", "tyre"],
  ["ketting", "chain"],
  ["cassette", "cassette"],
  ["licht", "light"],
  ["lamp", "light"],
  ["stuur", "handlebar"],
  ["handvat", "handlebar"],
  ["zadel", "saddle"],
  ["pedaal", "pedal"],
  ["pedalen", "pedal"],
  ["reinig", "spray"],
  ["ontvet", "spray"],
  ["borstel", "brush"],
  ["smering", "lube"],
  ["olie", "lube"],
  ["vet", "lube"],
  ["gereedschap", "tool"],
  ["poets", "cloth"],
  ["doek", "cloth"],
  ["pomp", "pump"],
  ["gel", "gel"],
  ["chews", "chews"],
  ["reep", "bar"],
  ["repen", "bar"],
  ["herstel", "powder"],
  ["elektrolyt", "tablet"],
  ["drank", "bottle"],
  ["dranken", "bottle"],
  ["helm", "helmet"],
  ["onderdelen", "bike"],
  ["onderhoud", "tool"],
  ["voeding", "bottle"],
];

export function iconFor(text: string | null | undefined, fallback: IconName = "bike"): IconName {
  const lower = (text ?? "").toLowerCase();
  for (const [word, icon] of KEYWORDS) if (lower.includes(word)) return icon;
  return fallback;
}
