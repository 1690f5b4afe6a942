import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./unavailable.server";

const withCode = (code: string, message = "failed") => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it("recognises a refused, cut or timed-out connection, also inside Drizzle's wrapper", () => {
    expect(isDatabaseUnavailable(withCode("ECONNREFUSED"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Failed query: select 1", { cause: withCode("ECONNRESET") }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Query read timeout"))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode("ECONNREFUSED")], "connect"))).toBe(true);
  });

  it("recognises the server's shutdown, overload and timeout states", () => {
    for (const code of ["57P01", "57P03", "53300", "57014", "55P03", "25P03", "08006", "DATABASE_TIMEOUT"]) {
      expect(isDatabaseUnavailable(withCode(code)), code).toBe(true);
    }
  });

  it("leaves other failures to be errors of their own (500)", () => {
    expect(isDatabaseUnavailable(withCode("23505", "duplicate key"))).toBe(false);
    expect(isDatabaseUnavailable(withCode("42P01", 'relation "x" does not exist'))).toBe(false);
    expect(isDatabaseUnavailable(new Error("PGlite is closed"))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
