import { describe, expect, it } from "vitest";
import { isRetryableDatabaseError, sqlStateOf } from "./batch-errors.server";

/** As Drizzle throws them: its own error around the driver's, which carries the SQLSTATE. */
const wrapped = (code: string) =>
  new Error("Failed query: insert into products … params: 1,2", { cause: Object.assign(new Error("x"), { code }) });

describe("which database errors a feed import tries again", () => {
  it("tries again when the database was away, too slow or deadlocked", () => {
    for (const code of ["08006", "57P01", "57014", "53300", "40001", "40P01", "ECONNRESET"])
      expect(isRetryableDatabaseError(wrapped(code)), code).toBe(true);
    expect(isRetryableDatabaseError(new Error("Connection terminated unexpectedly"))).toBe(true);
  });
  it("does not try again a value or rule the database refuses", () => {
    for (const code of ["22003", "22001", "23505", "23503", "23514", "42P01"])
      expect(isRetryableDatabaseError(wrapped(code)), code).toBe(false);
    expect(isRetryableDatabaseError(new TypeError("undefined is not a function"))).toBe(false);
  });
  it("finds the SQLSTATE under the wrapper", () => {
    expect(sqlStateOf(wrapped("22003"))).toBe("22003");
    expect(sqlStateOf(new Error("plain"))).toBeNull();
  });
});
