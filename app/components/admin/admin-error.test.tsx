import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { createRoutesStub } from "react-router";
import { AdminError, adminErrorMessage } from "./admin-error";
import { UsersPanel } from "./users-panel";

// The integration tests reach the boundary through a real bad request (tests/integration/admin.test.ts);
// these cover the other kinds of error it must word, and the Users tab's load error.
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

describe("Users tab load error", () => {
  it("shows the error in red text as an alert, without a table", () => {
    // The panel's search is a router <Form>: draw it inside a router, as the route does.
    const Stub = createRoutesStub([
      {
        path: "/admin/users",
        Component: () => (
          <UsersPanel list={null} loadError="Failed to load users: connection refused" result={undefined} />
        ),
      },
    ]);
    const html = renderToStaticMarkup(<Stub initialEntries={["/admin/users"]} />);
    expect(html).toContain(
      '<p role="alert" class="font-medium text-danger">Failed to load users: connection refused</p>',
    );
    expect(html).not.toContain("<table");
  });
});
