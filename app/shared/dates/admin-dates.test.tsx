import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { adminMomentOf, formatAdminDate, formatAdminDateTime, formatAdminTime, isIsoMoment } from "./admin-dates";
import { AdminTime } from "./admin-time";

// Amsterdam is UTC+1 (CET) in winter and UTC+2 (CEST) in summer. In 2026 summer time starts on
// 29 March at 01:00 UTC (02:00 CET becomes 03:00 CEST) and ends on 25 October at 01:00 UTC
// (03:00 CEST becomes 02:00 CET, so 02:00-02:59 happens twice). Every expected text is worked out by
// hand from those two rules.
describe("admin dates: Amsterdam wall clock", () => {
  it("the spring change: the minute before is 01:59 winter time, the next is 03:00 summer time", () => {
    expect(formatAdminDateTime("2026-03-29T00:59:00Z")).toBe("29 Mar 2026, 01:59"); // 00:59 + 1 h
    expect(formatAdminDateTime("2026-03-29T01:00:00Z")).toBe("29 Mar 2026, 03:00"); // 01:00 + 2 h
    expect(formatAdminDateTime("2026-03-28T12:00:00Z")).toBe("28 Mar 2026, 13:00"); // + 1 h
    expect(formatAdminDateTime("2026-03-30T12:00:00Z")).toBe("30 Mar 2026, 14:00"); // + 2 h
  });

  it("the autumn change: 02:30 happens twice, an hour apart", () => {
    expect(formatAdminDateTime("2026-10-25T00:30:00Z")).toBe("25 Oct 2026, 02:30"); // 00:30 + 2 h
    expect(formatAdminDateTime("2026-10-25T01:30:00Z")).toBe("25 Oct 2026, 02:30"); // 01:30 + 1 h
    expect(formatAdminDateTime("2026-10-25T00:59:59Z", { seconds: true })).toBe("25 Oct 2026, 02:59:59"); // + 2 h
    expect(formatAdminDateTime("2026-10-25T01:00:00Z", { seconds: true })).toBe("25 Oct 2026, 02:00:00"); // + 1 h
  });

  it("a moment late in the UTC evening is already the next day in Amsterdam", () => {
    expect(formatAdminDateTime("2026-12-31T23:30:00Z")).toBe("1 Jan 2027, 00:30"); // + 1 h
    expect(formatAdminDate("2026-12-31T23:30:00Z")).toBe("1 Jan 2027");
    expect(formatAdminDate("2026-06-30T22:30:00Z")).toBe("1 Jul 2026"); // + 2 h
    expect(formatAdminDate("2026-06-30T21:59:59Z")).toBe("30 Jun 2026"); // 23:59:59 + 2 h
  });

  it("the morning of the listing in the issue: 07:40 UTC on 27 Nov is 08:40 in Amsterdam", () => {
    expect(formatAdminDateTime(new Date("2026-11-27T07:40:00Z"))).toBe("27 Nov 2026, 08:40");
    expect(formatAdminDateTime(Date.UTC(2026, 10, 27, 7, 40, 5), { seconds: true })).toBe("27 Nov 2026, 08:40:05");
  });

  it("every month has its three-letter English name, September too (some ICU versions write Sept)", () => {
    const months = Array.from({ length: 12 }, (_, i) => formatAdminDate(Date.UTC(2026, i, 15, 12)));
    expect(months).toEqual([
      "15 Jan 2026",
      "15 Feb 2026",
      "15 Mar 2026",
      "15 Apr 2026",
      "15 May 2026",
      "15 Jun 2026",
      "15 Jul 2026",
      "15 Aug 2026",
      "15 Sep 2026",
      "15 Oct 2026",
      "15 Nov 2026",
      "15 Dec 2026",
    ]);
  });

  it("a time of day for log lines, 24-hour with leading zeros", () => {
    expect(formatAdminTime("2026-10-25T01:05:09Z", { seconds: true })).toBe("02:05:09"); // + 1 h
    expect(formatAdminTime("2026-07-01T22:05:09Z")).toBe("00:05"); // + 2 h, midnight is 00, not 24
  });

  it("a moment for the pages: ISO for <time> and the Amsterdam text", () => {
    expect(adminMomentOf("2026-03-29T01:00:00Z")).toEqual({
      iso: "2026-03-29T01:00:00.000Z",
      text: "29 Mar 2026, 03:00",
    });
    expect(renderToStaticMarkup(<AdminTime value="2026-10-25T01:30:00Z" />)).toBe(
      '<time dateTime="2026-10-25T01:30:00.000Z">25 Oct 2026, 02:30</time>',
    );
    expect(renderToStaticMarkup(<AdminTime value="2026-10-25T01:30:00Z" show="date" />)).toBe(
      '<time dateTime="2026-10-25T01:30:00.000Z">25 Oct 2026</time>',
    );
  });

  it("refuses what is not a moment instead of printing Invalid Date", () => {
    expect(() => formatAdminDateTime("not a date")).toThrow(RangeError);
    expect(isIsoMoment("2026-11-27T07:40:00.000Z")).toBe(true);
    expect(isIsoMoment("2026-11-27T08:40:00+01:00")).toBe(true);
    expect(isIsoMoment("Nov 27 01:40")).toBe(false);
  });
});
