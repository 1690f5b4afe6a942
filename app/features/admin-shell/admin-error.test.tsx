import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AdminError, adminErrorMessage } from "./admin-error";

// The integration tests reach the boundary through a real bad request (tests/integration/admin.test.ts);
// these cover the other kinds of error it must word.
describe("admin dashboard error boundary", () => {
  it("shows the fixed sentence and the error's message", () => {
    const html = renderToStaticMarkup(<AdminError error={new Error("connection refused")} />);
    expect(html).toContain('role="alert"');
    expect(html).toContain("Something went wrong in the Admin Dashboard.");
    expect(html).toContain("connection refused");
    expect(html).toContain('href="/admin"');
  });

  it("words thrown responses, plain values and empty errors", () => {
    expect(adminErrorMessage({ status: 500, statusText: "Internal Server Error", internal: false, data: "" })).toBe(
      "500 Internal Server Error",
    );
    expect(adminErrorMessage("kapot")).toBe("kapot");
    expect(adminErrorMessage(new TypeError(""))).toBe("TypeError");
    expect(adminErrorMessage(undefined)).toBe("Unknown error");
  });
});
