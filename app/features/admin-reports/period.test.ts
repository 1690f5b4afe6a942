import { describe, expect, it } from "vitest";
import { amsterdamDayOf, parseReportPeriod, periodPresets, presetOf } from "./period";

const presets = (today: string) => Object.fromEntries(periodPresets(today).map((p) => [p.id, [p.from, p.to]]));

describe("periodPresets", () => {
  it("in the middle of a year", () => {
    expect(presets("2026-11-27")).toEqual({
      "this-month": ["2026-11-01", "2026-11-30"],
      "last-month": ["2026-10-01", "2026-10-31"],
      "this-quarter": ["2026-10-01", "2026-12-31"],
      "last-quarter": ["2026-07-01", "2026-09-30"],
      "this-year": ["2026-01-01", "2026-12-31"],
    });
  });

  it("in January the last month and quarter are in the year before; February of a leap year has 29 days", () => {
    expect(presets("2028-01-05")).toEqual({
      "this-month": ["2028-01-01", "2028-01-31"],
      "last-month": ["2027-12-01", "2027-12-31"],
      "this-quarter": ["2028-01-01", "2028-03-31"],
      "last-quarter": ["2027-10-01", "2027-12-31"],
      "this-year": ["2028-01-01", "2028-12-31"],
    });
    expect(presets("2028-03-01")["last-month"]).toEqual(["2028-02-01", "2028-02-29"]);
  });
});

describe("amsterdamDayOf", () => {
  it("is the day on the clock in Amsterdam, not in UTC", () => {
    // 23:30 UTC on 31 Dec is 00:30 on 1 Jan in Amsterdam (winter time, UTC+1).
    expect(amsterdamDayOf(new Date("2026-12-31T23:30:00Z"))).toBe("2027-01-01");
    // 22:30 UTC on 30 Jun is 00:30 on 1 Jul (summer time, UTC+2).
    expect(amsterdamDayOf(new Date("2026-06-30T22:30:00Z"))).toBe("2026-07-01");
    expect(amsterdamDayOf(new Date("2026-06-30T21:30:00Z"))).toBe("2026-06-30");
  });
});

describe("parseReportPeriod", () => {
  const parse = (query: string) => parseReportPeriod(new URLSearchParams(query), "2026-11-27");

  it("without dates: this month", () => {
    expect(parse("")).toEqual({ ok: true, period: { from: "2026-11-01", to: "2026-11-30" } });
  });

  it("takes two real days in order", () => {
    expect(parse("from=2026-01-01&to=2026-03-31")).toEqual({
      ok: true,
      period: { from: "2026-01-01", to: "2026-03-31" },
    });
    expect(parse("from=2026-05-05&to=2026-05-05")).toMatchObject({ ok: true });
  });

  it.each([
    ["from=2026-01-01", "Choose both a From and a To date."],
    ["to=2026-01-01", "Choose both a From and a To date."],
    ["from=2026-02-30&to=2026-03-01", "Enter the dates as yyyy-mm-dd."],
    ["from=1-1-2026&to=2026-03-01", "Enter the dates as yyyy-mm-dd."],
    ["from=2026-03-02&to=2026-03-01", "The From date is after the To date."],
  ])("%s is refused: %s", (query, error) => {
    expect(parse(query)).toEqual({ ok: false, error, period: { from: "2026-11-01", to: "2026-11-30" } });
  });

  it("names the preset a period is", () => {
    expect(presetOf({ from: "2026-07-01", to: "2026-09-30" }, "2026-11-27")).toBe("last-quarter");
    expect(presetOf({ from: "2026-07-01", to: "2026-09-29" }, "2026-11-27")).toBeNull();
  });
});
