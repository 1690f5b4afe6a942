import type { ReactNode } from "react";
import { dutchWithSpecEnglish } from "./wording-exceptions";

/**
 * One of the spec's English texts on the shopper's side (wording-exceptions.ts), marked as English so a
 * screen reader pronounces it as such; any other text as it is.
 */
export function specTitle(text: string): ReactNode {
  return dutchWithSpecEnglish(text) === null ? text : <span lang="en">{text}</span>;
}

/**
 * The Dutch line under one of the spec's English titles: its Dutch words, then the reason, so that a
 * shopper who reads no English reads one whole message ("Ongeldige kortingscode: deze kortingscode
 * bestaat niet."). Without Dutch words for the title, the reason alone.
 */
export function dutchLine(title: string, reason?: string | null): string | undefined {
  const dutch = dutchWithSpecEnglish(title);
  const rest = reason?.trim() || "";
  if (!dutch) return rest || undefined;
  if (!rest || rest === dutch) return dutch;
  if (/[.!?]$/.test(dutch)) return `${dutch} ${rest}`;
  return `${dutch}: ${rest.charAt(0).toLowerCase()}${rest.slice(1)}`;
}
