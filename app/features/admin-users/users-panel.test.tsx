import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { UsersPanel } from "./users-panel";

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
