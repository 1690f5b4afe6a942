import { describe, expect, it } from "vitest";
import { formatAdminDate } from "~/shared/dates/admin-dates";
import { endOfAmsterdamDay } from "./coupon-admin";

// Moved from app/shared/dates (the shared layer does not import a domain area): the coupon's last
// day, as the admin's date format shows it. Amsterdam is UTC+1 in December.
describe("a coupon's last day", () => {
  it("a coupon valid until 31 December shows that day, although it ends at 22:59:59 UTC", () => {
    const end = endOfAmsterdamDay({ year: 2026, month: 12, day: 31 });
    expect(end.toISOString()).toBe("2026-12-31T22:59:59.999Z"); // 23:59:59.999 - 1 h
    expect(formatAdminDate(end)).toBe("31 Dec 2026");
  });
});
