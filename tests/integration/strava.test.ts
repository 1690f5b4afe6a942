import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, like } from "drizzle-orm";
import { accounts, outbox, sessions, users, verifications } from "../../app/db/schema";
import { startTestApp, type TestApp } from "../support/app";
import { newAthlete, startFakeStrava, type FakeAthlete, type FakeStrava } from "../support/fake-strava";
import { cookieHeaderFrom, createUser, sessionCookie, setUserActive } from "../support/users";
import { flashOf } from "../support/flash";
import { useTestApp } from "../support/fixture";

let fake: FakeStrava;
beforeAll(async () => {
  fake = await startFakeStrava();
});
afterAll(async () => {
  await fake?.close();
});
/** The shop with Strava configured against the fake. */
const { app, database } = useTestApp(() => fake.env);
/** The same shop without STRAVA_CLIENT_ID/SECRET. */
let plain: TestApp;
beforeAll(async () => {
  plain = await startTestApp(database.db);
});
afterAll(async () => {
  await plain?.close();
});

let ipCounter = 0;
/** Each sign-in comes from its own address, so the per-IP start limit only counts where a test means it. */
function freshIp(): string {
  ipCounter += 1;
  return `198.51.100.${ipCounter}`;
}

function hasSessionCookie(res: Response): boolean {
  return res.headers.getSetCookie().some((c) => /session_token=[^;]+/.test(c) && !/Max-Age=0/i.test(c));
}

async function userIdOf(cookie: string): Promise<string | null> {
  const session = await app.auth.api.getSession({ headers: new Headers({ cookie }) });
  return session?.user.id ?? null;
}

/**
 * The browser's part of the flow, step by step: our button (POST /auth/strava), Strava's
 * authorisation page (the fake answers at once), then better-auth's callback with the cookies.
 * `tamper` changes the callback URL on its way back, as an attacker could.
 */
async function stravaSignIn(
  athlete: FakeAthlete | "deny",
  opts: { cookie?: string; tamper?: (callback: URL) => void; dropStateCookie?: boolean } = {},
) {
  if (athlete === "deny") fake.denyNext();
  else fake.setAthlete(athlete);
  const start = await app.post(
    "/auth/strava",
    { intent: "login" },
    { headers: { cookie: opts.cookie ?? "", "x-forwarded-for": freshIp() } },
  );
  expect(start.status).toBe(302);
  const toStrava = start.headers.get("location")!;
  expect(toStrava.startsWith(`${fake.url}/oauth/authorize?`)).toBe(true);
  let cookie = opts.dropStateCookie ? (opts.cookie ?? "") : cookieHeaderFrom(start, opts.cookie ?? "");
  const atStrava = await fetch(toStrava, { redirect: "manual" });
  expect(atStrava.status).toBe(302);
  const callbackUrl = new URL(atStrava.headers.get("location")!);
  opts.tamper?.(callbackUrl);
  const callback = await fetch(callbackUrl, { redirect: "manual", headers: { cookie } });
  expect(callback.status).toBe(302);
  cookie = cookieHeaderFrom(callback, cookie);
  return { start, callback, location: callback.headers.get("location")!, cookie };
}

async function userByEmail(email: string) {
  const [user] = await database.db.select().from(users).where(eq(users.email, email));
  return user;
}

async function stravaAccountsOf(userId: string) {
  return database.db
    .select()
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "strava")));
}

async function lastMailTo(address: string) {
  const rows = await database.db.select().from(outbox).where(eq(outbox.toAddress, address));
  return rows.at(-1);
}

function confirmLinkIn(text: string): string {
  const match = text.match(/https?:\/\/\S+\/auth\/email\/bevestigen\?token=[A-Za-z0-9_-]+/);
  if (!match) throw new Error(`no confirmation link in: ${text}`);
  return match[0];
}

/** A new athlete signs in with Strava and asks for `email`: returns their cookie, user id and link. */
async function stravaUserClaiming(email: string) {
  const athlete = newAthlete();
  const signIn = await stravaSignIn(athlete);
  const userId = (await userIdOf(signIn.cookie))!;
  const claim = await app.post("/auth/email", { email }, { headers: { cookie: signIn.cookie } });
  expect(claim.status).toBe(302);
  const mail = await lastMailTo(email.trim().toLowerCase());
  return { athlete, cookie: signIn.cookie, userId, claim, link: confirmLinkIn(mail!.textBody) };
}

async function confirm(link: string, cookie = "") {
  const url = new URL(link);
  return app.post(`${url.pathname}${url.search}`, { token: url.searchParams.get("token")! }, { headers: { cookie } });
}

describe("the Strava button", () => {
  it("says so when Strava is not configured, and goes back to the page it was on", async () => {
    const res = await plain.post(
      "/auth/strava",
      { intent: "register" },
      { headers: { referer: `${plain.url}/products?cat=100` } },
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/products?cat=100");
    expect(flashOf(res)).toEqual({
      kind: "error",
      title: "Strava authenticatie mislukt",
      description: "Inloggen met Strava is niet beschikbaar.",
    });
  });

  it("lets the button's form be redirected to Strava's authorisation page (CSP form-action)", async () => {
    const formAction = (res: Response) =>
      (res.headers.get("content-security-policy") ?? "").split(";").find((d) => d.trim().startsWith("form-action"));
    expect(formAction(await app.get("/"))?.trim()).toBe(`form-action 'self' ${fake.url}`);
    expect(formAction(await plain.get("/"))?.trim()).toBe("form-action 'self'");
  });

  it("never sends the shopper back to another site", async () => {
    const res = await plain.post(
      "/auth/strava",
      { intent: "login" },
      { headers: { referer: "https://evil.example/x" } },
    );
    expect(res.headers.get("location")).toBe("/");
  });

  it("sends the browser to Strava with a state, our callback URL and Strava's scope, without PKCE", async () => {
    const before = fake.authorizeRequests.length;
    const { start } = await stravaSignIn(newAthlete());
    const query = fake.authorizeRequests[before]!;
    expect(query.get("client_id")).toBe(fake.clientId);
    expect(query.get("response_type")).toBe("code");
    expect(query.get("redirect_uri")).toBe(`${app.url}/api/auth/callback/strava`);
    expect(query.get("scope")).toBe("read");
    expect(query.get("state")).toMatch(/^\S{16,}$/);
    expect(query.has("code_challenge")).toBe(false);
    // The state is also bound to this browser by an httpOnly cookie.
    const stateCookie = start.headers.getSetCookie().find((c) => c.startsWith("trapkracht.state="));
    expect(stateCookie).toMatch(/HttpOnly/i);
    expect(stateCookie).toMatch(/SameSite=Lax/i);
  });

  it("exchanges the code with the client id and secret in the POST body, as Strava asks", async () => {
    const before = fake.tokenRequests.length;
    await stravaSignIn(newAthlete());
    const { body, headers } = fake.tokenRequests[before]!;
    expect(body.get("client_id")).toBe(fake.clientId);
    expect(body.get("client_secret")).toBe(fake.clientSecret);
    expect(body.get("grant_type")).toBe("authorization_code");
    expect(body.get("code")).toMatch(/^[0-9a-f]{40}$/);
    expect(headers.authorization).toBeUndefined();
  });

  it("is rate limited per address", async () => {
    const ip = "203.0.113.77";
    for (let i = 0; i < 20; i += 1) {
      const ok = await app.post("/auth/strava", { intent: "login" }, { headers: { "x-forwarded-for": ip } });
      expect(ok.headers.get("location")).toMatch(/\/oauth\/authorize\?/);
    }
    const refused = await app.post("/auth/strava", { intent: "login" }, { headers: { "x-forwarded-for": ip } });
    expect(refused.headers.get("location")).toBe("/");
    expect(flashOf(refused)).toEqual({
      kind: "error",
      title: "Strava authenticatie mislukt",
      description: "Te veel pogingen om in te loggen met Strava. Probeer het over een kwartier opnieuw.",
    });
  });
});

describe("the OAuth callback", () => {
  it("refuses a tampered state: no token exchange, no session, an error on /auth/callback", async () => {
    const tokensBefore = fake.tokenRequests.length;
    const athlete = newAthlete();
    const { location, callback } = await stravaSignIn(athlete, {
      tamper: (url) => url.searchParams.set("state", "aangepast-door-een-aanvaller-0123456789"),
    });
    const url = new URL(location, app.url);
    expect(url.origin + url.pathname).toBe(`${app.url}/auth/callback`);
    expect(url.searchParams.get("error")).toBe("state_mismatch");
    expect(hasSessionCookie(callback)).toBe(false);
    expect(fake.tokenRequests.length).toBe(tokensBefore);
    expect(await userByEmail(`strava-${athlete.id}@strava.invalid`)).toBeUndefined();
  });

  it("refuses a callback without state, and one from a browser without the state cookie", async () => {
    const tokensBefore = fake.tokenRequests.length;
    const missing = await stravaSignIn(newAthlete(), { tamper: (url) => url.searchParams.delete("state") });
    expect(new URL(missing.location, app.url).pathname).toBe("/auth/callback");
    expect(new URL(missing.location, app.url).searchParams.get("error")).toBe("state_not_found");
    expect(hasSessionCookie(missing.callback)).toBe(false);

    const otherBrowser = await stravaSignIn(newAthlete(), { dropStateCookie: true });
    expect(new URL(otherBrowser.location, app.url).pathname).toBe("/auth/callback");
    expect(new URL(otherBrowser.location, app.url).searchParams.get("error")).toMatch(/^state_/);
    expect(hasSessionCookie(otherBrowser.callback)).toBe(false);
    expect(fake.tokenRequests.length).toBe(tokensBefore);
  });

  it("reports a cancelled Strava sign-in on /auth/callback", async () => {
    const { location, callback, cookie } = await stravaSignIn("deny");
    expect(hasSessionCookie(callback)).toBe(false);
    const url = new URL(location, app.url);
    expect(url.pathname).toBe("/auth/callback");
    expect(url.searchParams.get("error")).toBe("access_denied");
    const page = await app.html(`${url.pathname}${url.search}`, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.html).toContain("Bezig met authenticatie...");
    expect(page.html).toContain("Authenticatie mislukt");
    expect(page.html).toContain("Je hebt het inloggen met Strava geannuleerd.");
    expect(page.html).toContain("Verder naar de homepage");
  });

  it("signs in a new athlete with a placeholder address and asks for an e-mail address", async () => {
    const athlete = newAthlete({ firstname: "Demi", lastname: "Vollering" });
    const mailsBefore = (await database.db.select().from(outbox)).length;
    const { location, callback, cookie } = await stravaSignIn(athlete);
    expect(location).toBe("/auth/callback");
    expect(hasSessionCookie(callback)).toBe(true);

    const user = await userByEmail(`strava-${athlete.id}@strava.invalid`);
    expect(user).toMatchObject({ name: "Demi Vollering", emailVerified: false, role: "customer" });
    expect(await userIdOf(cookie)).toBe(user!.id);
    const [account] = await stravaAccountsOf(user!.id);
    expect(account!.accountId).toBe(String(athlete.id));
    // Strava's token is stored encrypted, never as issued.
    expect(account!.accessToken).toBeTruthy();
    expect(account!.accessToken).not.toContain(fake.issuedAccessTokens.at(-1)!);
    // No verification mail to an address that cannot receive mail.
    expect((await database.db.select().from(outbox)).length).toBe(mailsBefore);

    const callbackPage = await app.get("/auth/callback", { headers: { cookie } });
    expect(callbackPage.status).toBe(302);
    expect(callbackPage.headers.get("location")).toBe("/auth/email");
    const form = await app.html("/auth/email", { headers: { cookie } });
    expect(form.status).toBe(200);
    expect(form.html).toContain("Vul je e-mailadres in");
    expect(form.html).toContain("Bevestigingslink versturen");
    // The account pages wait for the address.
    expect((await app.get("/profile", { headers: { cookie } })).headers.get("location")).toBe("/auth/email");
  });

  it("signs the same athlete in to the same user the next time", async () => {
    const athlete = newAthlete();
    const first = await stravaSignIn(athlete);
    const second = await stravaSignIn(athlete);
    const firstId = await userIdOf(first.cookie);
    expect(firstId).toBeTruthy();
    expect(await userIdOf(second.cookie)).toBe(firstId);
    expect(await stravaAccountsOf(firstId!)).toHaveLength(1);
  });

  it("refuses an inactive user's Strava sign-in", async () => {
    const athlete = newAthlete();
    const first = await stravaSignIn(athlete);
    const userId = (await userIdOf(first.cookie))!;
    await setUserActive(database.db, userId, false);
    const sessionsBefore = await database.db.select().from(sessions).where(eq(sessions.userId, userId));
    const { location, callback, cookie } = await stravaSignIn(athlete);
    expect(hasSessionCookie(callback)).toBe(false);
    const url = new URL(location, app.url);
    expect(url.pathname).toBe("/auth/callback");
    expect(url.searchParams.get("error")).toBe("ACCOUNT_INACTIVE");
    const sessionsAfter = await database.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(sessionsAfter.map((s) => s.id)).toEqual(sessionsBefore.map((s) => s.id));
    const page = await app.html(`${url.pathname}${url.search}`, { headers: { cookie } });
    expect(page.html).toContain("Authenticatie mislukt");
    expect(page.html).toContain("Dit account is gedeactiveerd. Neem contact op met de klantenservice.");
    expect(await userIdOf(cookie)).toBeNull();
  });
});

describe("a new Strava user's e-mail address", () => {
  it("is only for a signed-in Strava user without one", async () => {
    expect((await app.get("/auth/email")).headers.get("location")).toBe("/");
    expect((await app.post("/auth/email", { email: "gast@example.nl" })).headers.get("location")).toBe("/");
    const member = await createUser(database.db);
    const cookie = await sessionCookie(app, member.email, member.password);
    expect((await app.get("/auth/email", { headers: { cookie } })).headers.get("location")).toBe("/");
  });

  it("answers an invalid address with the spec's message and keeps what was typed", async () => {
    const { cookie } = await stravaSignIn(newAthlete());
    const res = await app.post("/auth/email", { email: "geen-adres" }, { headers: { cookie } });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Voer een geldig e-mailadres in");
    expect(html).toContain('value="geen-adres"');
    expect(html).toContain('aria-invalid="true"');
  });

  it("is confirmed through the mailed link and completes the account", async () => {
    const email = `nieuw-${Date.now()}@example.nl`;
    const { claim, cookie, userId, link } = await stravaUserClaiming(`  ${email.toUpperCase()} `);
    expect(claim.headers.get("location")).toBe("/auth/email?verstuurd=1");
    const sent = await app.html("/auth/email?verstuurd=1", { headers: { cookie } });
    expect(sent.html).toContain(
      `We hebben een bevestigingslink gestuurd naar ${email}. Open de link om je account compleet te maken.`,
    );
    const mail = await lastMailTo(email);
    expect(mail!.subject).toBe("Bevestig je e-mailadres voor inloggen met Strava");
    expect(link.startsWith(`${app.url}/auth/email/bevestigen?token=`)).toBe(true);

    // Only the token's hash is stored.
    const token = new URL(link).searchParams.get("token")!;
    const stored = await database.db
      .select()
      .from(verifications)
      .where(like(verifications.identifier, "strava-email:%"));
    expect(stored.some((row) => row.identifier.includes(token) || row.value.includes(token))).toBe(false);

    // Opening the link (or a mail scanner doing so) changes nothing yet.
    const url = new URL(link);
    for (let i = 0; i < 2; i += 1) {
      const page = await app.html(`${url.pathname}${url.search}`);
      expect(page.status).toBe(200);
      expect(page.html).toContain(email);
      expect(page.html).toContain("E-mailadres bevestigen");
    }
    expect(await userByEmail(email)).toBeUndefined();

    const confirmed = await confirm(link);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe("/");
    expect(flashOf(confirmed)).toEqual({
      kind: "success",
      title: "E-mailadres bevestigd",
      description: "Je account is compleet. Je logt voortaan in met Strava.",
    });
    expect(await userByEmail(email)).toMatchObject({ id: userId, emailVerified: true });

    // Same session, now complete: the account pages open and the callback page welcomes them.
    expect((await app.get("/profile", { headers: { cookie } })).status).toBe(200);
    expect((await app.get("/auth/email", { headers: { cookie } })).headers.get("location")).toBe("/");
    const welcome = await app.html("/auth/callback", { headers: { cookie } });
    expect(welcome.html).toContain("Succesvol ingelogd");

    // The link works once.
    const again = await confirm(link);
    expect(again.status).toBe(410);
    expect(await again.text()).toContain("Deze bevestigingslink is ongeldig of al gebruikt.");
  });

  it("links to an existing account only once the link is confirmed", async () => {
    const owner = await createUser(database.db, { email: `bestaand-${Date.now()}@example.nl` });
    const { athlete, cookie, userId: placeholderId, claim, link } = await stravaUserClaiming(owner.email.toUpperCase());
    // Same answer as for a new address: no hint that the address has an account.
    expect(claim.headers.get("location")).toBe("/auth/email?verstuurd=1");
    const sent = await app.html("/auth/email?verstuurd=1", { headers: { cookie } });
    expect(sent.html).toContain(`We hebben een bevestigingslink gestuurd naar ${owner.email}.`);

    // Before confirmation the existing account has no Strava login, and Strava still signs in the placeholder.
    expect(await stravaAccountsOf(owner.id)).toHaveLength(0);
    const early = await stravaSignIn(athlete);
    expect(await userIdOf(early.cookie)).toBe(placeholderId);

    const confirmed = await confirm(link, cookie);
    expect(confirmed.headers.get("location")).toBe("/");
    expect(flashOf(confirmed)).toEqual({
      kind: "success",
      title: "Strava is gekoppeld aan je account",
      description: "Log voortaan in met Strava of met je wachtwoord.",
    });
    expect(await stravaAccountsOf(owner.id)).toHaveLength(1);
    const [placeholder] = await database.db.select().from(users).where(eq(users.id, placeholderId));
    expect(placeholder).toBeUndefined();
    // The placeholder's sessions went with it.
    expect(await userIdOf(cookie)).toBeNull();
    expect(await userIdOf(early.cookie)).toBeNull();

    // Strava now signs in to the existing account, and so does the password.
    const later = await stravaSignIn(athlete);
    expect(later.location).toBe("/auth/callback");
    expect(await userIdOf(later.cookie)).toBe(owner.id);
    const page = await app.html("/auth/callback", { headers: { cookie: later.cookie } });
    expect(page.html).toContain("Succesvol ingelogd");
    expect(await userIdOf(await sessionCookie(app, owner.email, owner.password))).toBe(owner.id);
  });

  it("does not let an unconfirmed account's password into the linked account", async () => {
    // Someone registered this address without ever opening its verification mail.
    const squatter = await createUser(database.db, {
      email: `onbevestigd-${Date.now()}@example.nl`,
      emailVerified: false,
    });
    const { athlete, link } = await stravaUserClaiming(squatter.email);
    const confirmed = await confirm(link);
    expect(flashOf(confirmed)).toEqual({
      kind: "success",
      title: "Strava is gekoppeld aan je account",
      description: "Log voortaan in met Strava. Een wachtwoord stel je in via Wachtwoord vergeten?",
    });
    expect(await userByEmail(squatter.email)).toMatchObject({ id: squatter.id, emailVerified: true });
    const credentials = await database.db
      .select()
      .from(accounts)
      .where(and(eq(accounts.userId, squatter.id), eq(accounts.providerId, "credential")));
    expect(credentials).toHaveLength(0);
    await expect(sessionCookie(app, squatter.email, squatter.password)).rejects.toThrow();
    expect(await userIdOf((await stravaSignIn(athlete)).cookie)).toBe(squatter.id);
  });

  it("keeps only the newest link of a user working", async () => {
    const athlete = newAthlete();
    const { cookie } = await stravaSignIn(athlete);
    const first = `eerste-${Date.now()}@example.nl`;
    const second = `tweede-${Date.now()}@example.nl`;
    await app.post("/auth/email", { email: first }, { headers: { cookie } });
    await app.post("/auth/email", { email: second }, { headers: { cookie } });
    const oldLink = confirmLinkIn((await lastMailTo(first))!.textBody);
    const newLink = confirmLinkIn((await lastMailTo(second))!.textBody);
    const old = await app.html(new URL(oldLink).pathname + new URL(oldLink).search);
    expect(old.status).toBe(410);
    expect(old.html).toContain("Deze bevestigingslink is ongeldig of al gebruikt.");
    expect((await confirm(oldLink)).status).toBe(410);
    expect((await confirm(newLink)).headers.get("location")).toBe("/");
    expect(await userByEmail(second)).toMatchObject({ emailVerified: true });
    expect(await userByEmail(first)).toBeUndefined();
  });

  it("refuses an expired link and offers a new one to the signed-in Strava user", async () => {
    const email = `verlopen-${Date.now()}@example.nl`;
    const { cookie, userId, link } = await stravaUserClaiming(email);
    await database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.id, `strava-email-claim:${userId}`));
    const url = new URL(link);
    const page = await app.html(`${url.pathname}${url.search}`, { headers: { cookie } });
    expect(page.status).toBe(410);
    expect(page.html).toContain("Deze bevestigingslink is verlopen.");
    expect(page.html).toContain('href="/auth/email"');
    const res = await confirm(link, cookie);
    expect(res.status).toBe(410);
    expect(await res.text()).toContain("Deze bevestigingslink is verlopen.");
    expect(await userByEmail(email)).toBeUndefined();
  });

  it("refuses a made-up token", async () => {
    const page = await app.html("/auth/email/bevestigen?token=verzonnen");
    expect(page.status).toBe(410);
    expect(page.html).toContain("Deze bevestigingslink is ongeldig of al gebruikt.");
    expect(page.html).toContain("Log opnieuw in met Strava om een nieuwe link aan te vragen.");
  });

  it("limits how often a user asks for a link", async () => {
    const { cookie } = await stravaSignIn(newAthlete());
    for (let i = 0; i < 5; i += 1) {
      const ok = await app.post(
        "/auth/email",
        { email: `poging${i}-${Date.now()}@example.nl` },
        { headers: { cookie } },
      );
      expect(ok.status).toBe(302);
    }
    const refused = await app.post(
      "/auth/email",
      { email: `teveel-${Date.now()}@example.nl` },
      { headers: { cookie } },
    );
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain(
      "Je hebt te vaak een bevestigingslink aangevraagd. Probeer het over een uur opnieuw.",
    );
  });
});

describe("/auth/callback", () => {
  it("welcomes a user back from the e-mail verification link", async () => {
    const member = await createUser(database.db);
    const cookie = await sessionCookie(app, member.email, member.password);
    const page = await app.html("/auth/callback?bevestigd=1", { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.html).toContain("Bezig met authenticatie...");
    expect(page.html).toMatch(/role="status"[^>]*>\s*<h1[^>]*>Bezig met authenticatie\.\.\.<\/h1>/);
    expect(page.html).toContain("Succesvol ingelogd");
    expect(page.html).toContain("Je e-mailadres is bevestigd.");
    expect(page.html).toContain('href="/"');
    expect(page.html).toContain("Verder naar de homepage");
  });

  it("explains an expired verification link", async () => {
    const page = await app.html("/auth/callback?bevestigd=1&error=TOKEN_EXPIRED");
    expect(page.html).toContain("Authenticatie mislukt");
    expect(page.html).toContain("De bevestigingslink is verlopen. Log in om een nieuwe link aan te vragen.");
    expect(page.html).not.toContain("Succesvol ingelogd");
  });
});
