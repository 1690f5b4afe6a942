import type { LineProblem } from "./quote";

/** What the cart says about a line the shop cannot sell as it is. */
export function lineProblemText(problem: LineProblem, stockQuantity: number | null): string {
  if (problem === "not-found") return "Niet meer leverbaar";
  if (problem === "out-of-stock") return "Niet op voorraad";
  return `Nog maar ${stockQuantity ?? 0} op voorraad`;
}
