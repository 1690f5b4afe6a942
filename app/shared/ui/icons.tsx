import type { SVGProps } from "react";

/**
 * The icons of the shop header, footer and product page, drawn exactly as lucide-react draws them
 * (path data copied from lucide, ISC licence) but without its runtime (~1.5 KB gzip that every
 * product page loaded). Decorative unless given aria-label or title, like lucide's own icons.
 * Icons used elsewhere still come from lucide-react.
 */
type IconNode = ReadonlyArray<readonly ["path" | "circle" | "rect", Readonly<Record<string, string>>]>;

export type IconProps = SVGProps<SVGSVGElement> & { size?: number | string };

function icon(node: IconNode) {
  return function Icon({ size = 24, children, ...props }: IconProps) {
    const labelled = Boolean(children) || "aria-label" in props || "aria-labelledby" in props || "title" in props;
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden={labelled ? undefined : true}
        {...props}
      >
        {node.map(([Tag, attrs], i) => (
          <Tag key={i} {...attrs} />
        ))}
        {children}
      </svg>
    );
  };
}

export const ChevronDown = icon([["path", { d: "m6 9 6 6 6-6" }]]);
export const UserRound = icon([
  ["circle", { cx: "12", cy: "8", r: "5" }],
  ["path", { d: "M20 21a8 8 0 0 0-16 0" }],
]);
export const ShoppingCart = icon([
  ["path", { d: "m2.05 2.05 1.099-.028a1 1 0 0 1 1.008.815l2.69 14.347A1 1 0 0 0 7.83 18H18" }],
  ["path", { d: "M4.563 5h16.435a1 1 0 0 1 .981 1.204l-1.026 6.226A2 2 0 0 1 18.962 14H6.25" }],
  ["circle", { cx: "18", cy: "20", r: "2" }],
  ["circle", { cx: "8", cy: "20", r: "2" }],
]);
export const Menu = icon([
  ["path", { d: "M4 5h16" }],
  ["path", { d: "M4 12h16" }],
  ["path", { d: "M4 19h16" }],
]);
export const Loader2 = icon([["path", { d: "M21 12a9 9 0 1 1-6.219-8.56" }]]);
export const Search = icon([
  ["path", { d: "m21 21-4.34-4.34" }],
  ["circle", { cx: "11", cy: "11", r: "8" }],
]);
export const Clock = icon([
  ["circle", { cx: "12", cy: "12", r: "10" }],
  ["path", { d: "M12 6v6l4 2" }],
]);
export const Mail = icon([
  ["path", { d: "m22 7-8.991 5.727a2 2 0 0 1-2.009 0L2 7" }],
  ["rect", { x: "2", y: "4", width: "20", height: "16", rx: "2" }],
]);
export const ArrowLeft = icon([
  ["path", { d: "m12 19-7-7 7-7" }],
  ["path", { d: "M19 12H5" }],
]);
export const ChevronLeft = icon([["path", { d: "m15 18-6-6 6-6" }]]);
export const ChevronRight = icon([["path", { d: "m9 18 6-6-6-6" }]]);
export const Bell = icon([
  ["path", { d: "M10.268 21a2 2 0 0 0 3.464 0" }],
  [
    "path",
    {
      d: "M3.262 15.326A1 1 0 0 0 4 17h16a1 1 0 0 0 .74-1.673C19.41 13.956 18 12.499 18 8A6 6 0 0 0 6 8c0 4.499-1.411 5.956-2.738 7.326",
    },
  ],
]);
export const Minus = icon([["path", { d: "M5 12h14" }]]);
export const Plus = icon([
  ["path", { d: "M5 12h14" }],
  ["path", { d: "M12 5v14" }],
]);
export const Lock = icon([
  ["rect", { width: "18", height: "11", x: "3", y: "11", rx: "2", ry: "2" }],
  ["path", { d: "M7 11V7a5 5 0 0 1 10 0v4" }],
]);
