import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names (clsx). No tailwind-merge: it cost ~8.6 KB gzip on every page. So a className
 * passed into a component must not conflict with a default class (same CSS property): offer a
 * variant or size prop instead, since with two conflicting utilities the stylesheet's order, not the
 * order here, decides which one wins.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
