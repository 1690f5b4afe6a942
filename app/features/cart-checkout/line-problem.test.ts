import { describe, expect, it } from "vitest";
import { lineProblemText } from "./line-problem";

describe("lineProblemText", () => {
  it("says in Dutch why a line cannot be sold", () => {
    expect(lineProblemText("not-found", null)).toBe("Niet meer leverbaar");
    expect(lineProblemText("out-of-stock", 0)).toBe("Niet op voorraad");
    expect(lineProblemText("insufficient-stock", 3)).toBe("Nog maar 3 op voorraad");
  });
});
