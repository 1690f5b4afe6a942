import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { useTestApp } from "../support/fixture";

// The fixture every HTTP test file starts from: it must hand out the started app, refuse use
// before setup (a silent undefined would turn into confusing failures), and restart on demand.
describe("useTestApp()", () => {
  const { app, database, restartApp } = useTestApp({ SHOP_EMAIL: "fixture@trapkracht.test" });
  const tooEarly = (() => {
    try {
      return app.url;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  })();

  it("refuses the app before its beforeAll has run", () => {
    expect(tooEarly).toBe(
      "The test app is not started yet: use it in tests and in hooks registered after useTestApp().",
    );
  });

  it("serves the app on loopback with the given environment, on its own database", async () => {
    expect(app.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(app.config.shopEmail).toBe("fixture@trapkracht.test");
    expect((await app.get("/healthz")).status).toBe(200);
    const result = (await database.db.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] };
    expect(result.rows[0]!.one).toBe(1);
  });

  it("restarts the app on the same database, reached through the same handle", async () => {
    const before = app.url;
    await app.close();
    await expect(fetch(`${before}/healthz`)).rejects.toThrow();
    await restartApp();
    expect(app.url).not.toBe(before);
    expect((await app.get("/healthz")).status).toBe(200);
  });
});
