import { describe, expect, it } from "vitest";
import { amsterdamDay, isCalendarDay, isSlideShown, parseSlideDays, slideTiming } from "./slide-schedule";

describe("amsterdamDay: the calendar day in Amsterdam", () => {
  it("turns at midnight Amsterdam time, not UTC (winter: UTC+1)", () => {
    expect(amsterdamDay(new Date("2026-11-30T22:59:59Z"))).toBe("2026-11-30");
    expect(amsterdamDay(new Date("2026-11-30T23:00:00Z"))).toBe("2026-12-01");
  });
  it("in summer time (UTC+2) as well", () => {
    expect(amsterdamDay(new Date("2026-06-30T21:59:59Z"))).toBe("2026-06-30");
    expect(amsterdamDay(new Date("2026-06-30T22:00:00Z"))).toBe("2026-07-01");
  });
  it("on the night the clocks go back (25 Oct 2026, 03:00 summer → 02:00 winter)", () => {
    expect(amsterdamDay(new Date("2026-10-24T21:59:59Z"))).toBe("2026-10-24");
    expect(amsterdamDay(new Date("2026-10-24T22:00:00Z"))).toBe("2026-10-25");
    expect(amsterdamDay(new Date("2026-10-25T22:59:59Z"))).toBe("2026-10-25");
    expect(amsterdamDay(new Date("2026-10-25T23:00:00Z"))).toBe("2026-10-26");
  });
});

describe("slideTiming: a slide shows from its start day through its end day, both included", () => {
  const slide = { startsOn: "2026-12-01", endsOn: "2026-12-31" };
  it("before the start day: scheduled", () => {
    expect(slideTiming(slide, "2026-11-30")).toBe("scheduled");
  });
  it("on the start day, in between and on the end day: current", () => {
    expect(slideTiming(slide, "2026-12-01")).toBe("current");
    expect(slideTiming(slide, "2026-12-15")).toBe("current");
    expect(slideTiming(slide, "2026-12-31")).toBe("current");
  });
  it("after the end day: ended", () => {
    expect(slideTiming(slide, "2027-01-01")).toBe("ended");
  });
  it("no start is from always, no end is for good; a one-day slide", () => {
    expect(slideTiming({ startsOn: null, endsOn: null }, "2026-01-01")).toBe("current");
    expect(slideTiming({ startsOn: null, endsOn: "2026-12-31" }, "2020-01-01")).toBe("current");
    expect(slideTiming({ startsOn: "2026-12-01", endsOn: null }, "2099-12-31")).toBe("current");
    expect(slideTiming({ startsOn: "2026-12-05", endsOn: "2026-12-05" }, "2026-12-04")).toBe("scheduled");
    expect(slideTiming({ startsOn: "2026-12-05", endsOn: "2026-12-05" }, "2026-12-05")).toBe("current");
    expect(slideTiming({ startsOn: "2026-12-05", endsOn: "2026-12-05" }, "2026-12-06")).toBe("ended");
  });
  it("shown only when switched on as well", () => {
    expect(isSlideShown({ ...slide, isActive: true }, "2026-12-10")).toBe(true);
    expect(isSlideShown({ ...slide, isActive: false }, "2026-12-10")).toBe(false);
    expect(isSlideShown({ ...slide, isActive: true }, "2027-01-01")).toBe(false);
  });
});

describe("parseSlideDays", () => {
  it("empty days are none", () => {
    expect(parseSlideDays("", " ")).toEqual({ ok: true, days: { startsOn: null, endsOn: null } });
  });
  it("keeps real days, the same day for both is fine", () => {
    expect(parseSlideDays("2026-12-01", "2026-12-01")).toEqual({
      ok: true,
      days: { startsOn: "2026-12-01", endsOn: "2026-12-01" },
    });
  });
  it("refuses an end before the start and days that do not exist", () => {
    expect(parseSlideDays("2026-12-02", "2026-12-01")).toEqual({
      ok: false,
      message: "Einddatum ligt voor de startdatum",
    });
    expect(parseSlideDays("2026-02-29", "")).toEqual({ ok: false, message: "Startdatum is geen geldige datum" });
    expect(parseSlideDays("", "31-12-2026")).toEqual({ ok: false, message: "Einddatum is geen geldige datum" });
    expect(isCalendarDay("2028-02-29")).toBe(true);
    expect(isCalendarDay("2026-13-01")).toBe(false);
  });
});
