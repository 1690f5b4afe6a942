import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../support/fixture";

const require = createRequire(import.meta.url);

describe("the test app's React (tests/setup/production-react.ts)", () => {
  const { app } = useTestApp();

  it("renders pages with React's production server renderer, as `npm start` does, though Vitest sets NODE_ENV=test", async () => {
    expect(process.env.NODE_ENV).toBe("test");
    const res = await app.get("/");
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    const renderers = Object.keys(require.cache)
      .map((file) => file.split(/[\\/]/).at(-1)!)
      .filter((name) => name.startsWith("react-dom-server.node."));
    expect(renderers).toEqual(["react-dom-server.node.production.js"]);
  });
});
