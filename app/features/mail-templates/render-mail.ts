import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/**
 * A mail's HTML part from its React element. React escapes every text and attribute value it writes,
 * so what a customer typed can never become markup: there is no escape call to forget. The doctype is
 * not an element, so it is written here.
 */
export function renderMailHtml(element: ReactElement): string {
  return `<!doctype html>\n${renderToStaticMarkup(element)}`;
}
