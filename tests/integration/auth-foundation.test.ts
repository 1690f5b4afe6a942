import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { siteSettings } from "../../app/db/schema";
import { startTestApp } from "../support/app";
import { createUser, sessionCookie, signedInUser } from "../support/users";
import { useTestApp } from "../support/fixture";

const { app, database } = useTestApp();

describe("auth wiring", () => {
  it("exposes only better-auth's link targets over HTTP, not its sign-in endpoints", async () => {
    const res = await app.post("/api/auth/sign-in/email", { email: "a@b.nl", password: "geheim123" });
    expect(res.status).toBe(404);
    const signUp = await app.post("/api/auth/sign-up/email", { email: "a@b.nl", password: "geheim123" });
    expect(signUp.status).toBe(404);
  });

  it("sets an httpOnly, SameSite=Lax session cookie", async () => {
    const user = await createUser(database.db);
    const res = await app.auth.api.signInEmail({
      body: { email: user.email, password: user.password },
      asResponse: true,
    });
    const cookie = res.headers.getSetCookie().find((c) => c.includes("session_token="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it("marks the session cookie Secure (and __Secure-) when the shop runs behind https", async () => {
    const https = await startTestApp(database.db, { PUBLIC_URL: "https://www.trapkracht.example" });
    try {
      const user = await createUser(database.db);
      const res = await https.auth.api.signInEmail({
        body: { email: user.email, password: user.password },
        asResponse: true,
      });
      const cookie = res.headers.getSetCookie().find((c) => c.includes("session_token="));
      expect(cookie).toMatch(/^__Secure-trapkracht\.session_token=/);
      expect(cookie).toMatch(/;\s*Secure/i);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
    } finally {
      await https.close();
    }
  });

  it("refuses a session to an inactive user", async () => {
    const user = await createUser(database.db, { isActive: false });
    await expect(sessionCookie(app, user.email, user.password)).rejects.toThrow(/403/);
  });
});

describe("maintenance mode in the root loader", () => {
  it("serves guests the maintenance screen with 503 and lets admins through", async () => {
    await database.db.update(siteSettings).set({ maintenanceMode: true }).where(eq(siteSettings.id, 1));
    try {
      const guest = await app.html("/about");
      expect(guest.status).toBe(503);
      const admin = await signedInUser(app, database.db, { role: "admin" });
      const asAdmin = await app.html("/about", { headers: { cookie: admin.cookie } });
      expect(asAdmin.status).toBe(200);
    } finally {
      await database.db.update(siteSettings).set({ maintenanceMode: false }).where(eq(siteSettings.id, 1));
    }
  });
});
