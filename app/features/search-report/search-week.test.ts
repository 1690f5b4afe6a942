import { describe, expect, it } from "vitest";
import { addWeeks, isoWeekName, weekLabel, weekStartOf, weekStartOfDay, weekStartOfName } from "./search-week";

describe("the search report's weeks", () => {
  it.each([
    ["2026-11-23", "2026-11-23"], // a Monday is its own week's start
    ["2026-11-27", "2026-11-23"], // Friday
    ["2026-11-29", "2026-11-23"], // Sunday still belongs to the week before Monday
    ["2026-11-30", "2026-11-30"],
    ["2027-01-01", "2026-12-28"], // across the new year
  ])("the week of %s starts on %s", (day, monday) => {
    expect(weekStartOfDay(day)).toBe(monday);
  });

  it("takes the day in Amsterdam: Sunday 23:30 UTC in winter is already Monday there", () => {
    expect(weekStartOf(new Date("2026-11-29T23:30:00Z"))).toBe("2026-11-30");
    expect(weekStartOf(new Date("2026-11-29T22:30:00Z"))).toBe("2026-11-23");
  });

  it.each([
    ["2026-11-23", "2026-W48"],
    ["2026-12-28", "2026-W53"], // 2026 has 53 ISO weeks (it starts on a Thursday)
    ["2027-01-04", "2027-W01"],
    ["2024-12-30", "2025-W01"], // a week in December can be the next year's first
    ["2021-01-04", "2021-W01"],
    ["2020-12-28", "2020-W53"],
  ])("the week starting %s is %s, and back", (monday, name) => {
    expect(isoWeekName(monday)).toBe(name);
    expect(weekStartOfName(name)).toBe(monday);
  });

  it.each(["2025-W53", "2026-W54", "2026-W00", "2026-W1", "26-W10", "2026W10", "1999-W10", ""])(
    "%j names no week",
    (name) => {
      expect(weekStartOfName(name)).toBeNull();
    },
  );

  it("counts weeks forward and back across a year", () => {
    expect(addWeeks("2026-12-28", 1)).toBe("2027-01-04");
    expect(addWeeks("2026-11-23", -52)).toBe("2025-11-24");
  });

  it("labels a week with its number and days", () => {
    expect(weekLabel("2026-11-23")).toBe("Week 48, 2026: 23 Nov – 29 Nov 2026");
    expect(weekLabel("2026-12-28")).toBe("Week 53, 2026: 28 Dec – 3 Jan 2027");
  });
});
