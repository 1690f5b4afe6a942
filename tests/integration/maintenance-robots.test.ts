import { afterEach, describe, expect, it } from "vitest";
import { setMaintenanceMode } from "../../app/features/site-settings/site-settings.server";
import { useTestApp } from "../support/fixture";
import { signedInUser } from "../support/users";

/**
 * robots.txt while the shop is closed: a real robots.txt that disallows everything, answered with
 * 503 and Retry-After, so crawlers pause the whole site without remembering the closure afterwards.
 */

const { app, database } = useTestApp();

afterEach(async () => {
  await setMaintenanceMode(database.db, false);
});

describe("robots.txt", () => {
  it("during maintenance disallows everything with 503, Retry-After and no caching", async () => {
    await setMaintenanceMode(database.db, true);
    for (const path of ["/robots.txt", "/ROBOTS.TXT"]) {
      const res = await app.get(path);
      expect(res.status, path).toBe(503);
      expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(res.headers.get("retry-after")).toBe("300");
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await res.text()).toBe("User-agent: *\nDisallow: /\n");
    }
  });

  it("shows an admin during maintenance the shop's usual robots.txt, as the rest of the shop", async () => {
    const admin = await signedInUser(app, database.db, { role: "admin" });
    await setMaintenanceMode(database.db, true);
    const res = await app.get("/robots.txt", { headers: { cookie: admin.cookie } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Disallow: /admin\n");
  });

  it("is the usual one once the shop is open again", async () => {
    const res = await app.get("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(await res.text()).toBe(
      [
        "User-agent: *",
        "Allow: /",
        "Disallow: /admin",
        "Disallow: /cart",
        "Disallow: /checkout",
        "Disallow: /api/",
        "",
        `Sitemap: ${app.url}/sitemap.xml`,
        "",
      ].join("\n"),
    );
  });
});
