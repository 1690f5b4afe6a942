import { beforeEach, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { outbox, sessions, users } from "../../app/db/schema";
import { cookieHeaderFrom, createUser, setUserActive, signedInUser } from "../support/users";
import { flashOf } from "../support/flash";
import { useTestApp } from "../support/fixture";

const TEXT = {
  invalidEmail: "Voer een geldig e-mailadres in",
  shortPassword: "Wachtwoord moet minimaal 6 tekens bevatten",
  mismatch: "Wachtwoorden komen niet overeen",
  wrong: "Onjuist e-mailadres of wachtwoord.",
  unverified: "Je e-mailadres is nog niet bevestigd. Klik op de link in de bevestigingsmail of vraag een nieuwe aan.",
  inactive: "Dit account is gedeactiveerd. Neem contact op met de klantenservice.",
  tooManyQuarter: "Te veel pogingen. Probeer het over een kwartier opnieuw.",
  tooManyHour: "Te veel pogingen. Probeer het over een uur opnieuw.",
  resend: "Als dit e-mailadres bij ons bekend is en nog niet bevestigd, sturen we een nieuwe bevestigingslink.",
  resetAnswer:
    "Als er een account met dit e-mailadres bestaat, ontvang je binnen enkele minuten een e-mail met een link om een nieuw wachtwoord in te stellen.",
  resetInvalid:
    "Deze link om een nieuw wachtwoord in te stellen is ongeldig, al gebruikt of verlopen. Vraag een nieuwe link aan.",
};

const { app, database } = useTestApp();

let ipCounter = 0;
/** A client address of its own per test (trusted from loopback), so IP limits count only where meant. */
let ip = "";
const freshIp = () => `203.0.113.${++ipCounter}`;
beforeEach(() => {
  ip = freshIp();
});

let emailCounter = 0;
const newEmail = (label = "klant") => `${label}-${++emailCounter}-${Date.now()}@example.nl`;

/** A same-origin form POST as the shop's pages send it, from the current test's address. */
function post(path: string, fields: Record<string, string>, opts: { cookie?: string; from?: string } = {}) {
  const headers: Record<string, string> = { "x-forwarded-for": opts.from ?? ip };
  if (opts.cookie) headers.cookie = opts.cookie;
  return app.post(path, fields, { headers });
}

const register = (email: string, password = "geheim123", confirmPassword = password, from?: string) =>
  post("/login", { intent: "register", email, password, confirmPassword }, { from });
const login = (email: string, password: string, extra: Record<string, string> = {}, from?: string) =>
  post("/login", { intent: "login", email, password, ...extra }, { from });

const sessionSetCookie = (res: Response) =>
  res.headers.getSetCookie().find((c) => /session_token=[^;]+/.test(c) && !/Max-Age=0/i.test(c));

const mailsTo = (address: string) =>
  database.db.select().from(outbox).where(eq(outbox.toAddress, address)).orderBy(asc(outbox.id));

async function userByEmail(email: string) {
  const [user] = await database.db.select().from(users).where(eq(users.email, email));
  return user;
}

/** The first link in a mail's text that starts with `prefix`. */
function linkIn(text: string, prefix: string): string {
  const link = text.match(/https?:\/\/\S+/g)?.find((u) => u.startsWith(prefix));
  expect(link, `a link starting with ${prefix}`).toBeTruthy();
  return link!;
}

/** Whether the page, requested with this cookie, shows the signed-in account menu. */
async function signedInOn(cookie: string): Promise<boolean> {
  const { html } = await app.html("/about", { headers: { cookie } });
  const header = html.slice(html.indexOf("<header"), html.indexOf("</header>"));
  return header.includes("Uitloggen") && header.includes("Bestellingen");
}

/** The text of the first role="alert" element, with tags removed. */
function alertText(html: string): string {
  const match = /<(div|p) role="alert"[^>]*>([\s\S]*?)<\/\1>/.exec(html);
  return (match?.[2] ?? "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

describe("registration", () => {
  it.each([
    ["an invalid e-mail address", { email: "geen-adres" }, "email", TEXT.invalidEmail],
    ["a password under 6 characters", { password: "12345", confirmPassword: "12345" }, "password", TEXT.shortPassword],
    ["passwords that do not match", { confirmPassword: "geheim124" }, "confirmPassword", TEXT.mismatch],
  ])("refuses %s with 400 and the spec's message on its field, creating nothing", async (_, change, field, message) => {
    const email = newEmail("fout");
    const fields = { intent: "register", email, password: "geheim123", confirmPassword: "geheim123", ...change };
    const res = await post("/login", fields);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(`<p id="login-${field}-fout" class="text-sm font-medium text-danger">${message}</p>`);
    expect(html).toMatch(new RegExp(`<input[^>]*aria-invalid="true"[^>]*aria-describedby="login-${field}-fout"`));
    // Still register mode, the typed address kept, the password never echoed.
    expect(html).toContain(">Registreren</h1>");
    expect(html).toContain(`value="${fields.email}"`);
    expect(html).not.toContain("geheim12");
    expect(await database.db.select().from(users).where(eq(users.email, fields.email))).toHaveLength(0);
    expect(await mailsTo(fields.email)).toHaveLength(0);
  });

  it("creates an unverified user and puts one confirmation mail in the outbox", async () => {
    const email = newEmail("nieuw");
    const res = await register(email.toUpperCase());
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?geregistreerd=1");
    expect(flashOf(res)).toEqual({
      kind: "success",
      title: "Registratie succesvol",
      description: "Controleer uw e-mail om uw account te bevestigen.",
    });
    expect(sessionSetCookie(res)).toBeUndefined();

    const user = await userByEmail(email);
    expect(user).toMatchObject({ email, emailVerified: false, role: "customer", isActive: true });
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: "email-verification", subject: "Bevestig je e-mailadres bij Trapkracht" });
    const link = linkIn(mails[0]!.textBody, `${app.url}/api/auth/verify-email?token=`);
    expect(new URL(link).searchParams.get("callbackURL")).toBe("/auth/callback?bevestigd=1");

    // The page after the redirect: login mode with the success banner.
    const page = await app.html("/login?geregistreerd=1");
    expect(page.html).toContain(">Inloggen</h1>");
    expect(page.html).toContain("Controleer uw e-mail om uw account te bevestigen.");
  });

  it("answers an address that already has an account exactly like a new one, and mails its owner instead", async () => {
    const existing = await createUser(database.db, { email: newEmail("bestaand") });
    const fresh = newEmail("vers");
    const first = await register(fresh, "geheim123");
    const again = await register(existing.email, "anders123");
    expect(again.status).toBe(first.status);
    expect(again.headers.get("location")).toBe(first.headers.get("location"));
    expect(flashOf(again)).toEqual(flashOf(first));
    expect(await again.text()).toBe(await first.text());

    const owners = await database.db.select().from(users).where(eq(users.email, existing.email));
    expect(owners).toHaveLength(1);
    const mails = await mailsTo(existing.email);
    expect(mails.map((m) => [m.kind, m.subject])).toEqual([
      ["account-exists", "Je hebt al een account bij Trapkracht"],
    ]);
    expect(mails[0]!.textBody).toContain(`${app.url}/login`);
    // The old password still works: nothing about the account changed.
    expect((await login(existing.email, existing.password)).status).toBe(302);
  });

  it("verifies the address through the mailed link and signs the user in", async () => {
    const email = newEmail("bevestig");
    await register(email);
    const [mail] = await mailsTo(email);
    const link = linkIn(mail!.textBody, `${app.url}/api/auth/verify-email`);

    const res = await app.get(link.slice(app.url.length));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/auth/callback?bevestigd=1");
    expect(sessionSetCookie(res)).toBeDefined();
    expect((await userByEmail(email))?.emailVerified).toBe(true);
    expect(await signedInOn(cookieHeaderFrom(res))).toBe(true);
  });

  it("sends a broken or forged verification link to the callback page with error=INVALID_TOKEN", async () => {
    const res = await app.get("/api/auth/verify-email?token=niet-echt&callbackURL=%2Fauth%2Fcallback%3Fbevestigd%3D1");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/auth/callback?bevestigd=1&error=INVALID_TOKEN");
    expect(sessionSetCookie(res)).toBeUndefined();
  });

  it("answers the dialog (a fetcher) with data instead of a redirect", async () => {
    const email = newEmail("dialoog");
    const res = await post("/login.data", {
      intent: "register",
      via: "dialog",
      email,
      password: "geheim123",
      confirmPassword: "geheim123",
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("location")).toBeNull();
    expect(await res.text()).toContain(email);
    expect(await userByEmail(email)).toBeDefined();
  });
});

describe("sign-in", () => {
  it("signs in, sets an httpOnly session cookie and goes to the requested page with the toast", async () => {
    const user = await createUser(database.db);
    const res = await login(user.email.toUpperCase(), user.password, { redirectTo: "/contact", rememberMe: "on" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/contact");
    expect(flashOf(res)).toEqual({ kind: "success", title: "Succesvol ingelogd" });
    const cookie = sessionSetCookie(res)!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    // Remembered: the cookie outlives the browser session.
    expect(cookie).toMatch(/Max-Age=\d+/i);
    expect(await signedInOn(cookieHeaderFrom(res))).toBe(true);
  });

  it("without remember-me sets a cookie that ends with the browser session", async () => {
    const user = await createUser(database.db);
    const res = await login(user.email, user.password);
    expect(res.status).toBe(302);
    const cookie = sessionSetCookie(res)!;
    expect(cookie).not.toMatch(/Max-Age|Expires/i);
    expect(await signedInOn(cookieHeaderFrom(res))).toBe(true);
  });

  it.each([["https://evil.example/"], ["//evil.example/"], ["/\\evil.example/"]])(
    "never redirects off-site after sign-in (redirectTo %s)",
    async (redirectTo) => {
      const user = await createUser(database.db);
      const res = await login(user.email, user.password, { redirectTo });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/");
    },
  );

  it("gives a wrong password and an unknown address the same status and message", async () => {
    const user = await createUser(database.db);
    const wrongPassword = await login(user.email, "verkeerd1");
    const unknown = await login(newEmail("onbekend"), "verkeerd1");
    expect(wrongPassword.status).toBe(401);
    expect(unknown.status).toBe(401);
    const [a, b] = [await wrongPassword.text(), await unknown.text()];
    expect(alertText(a)).toBe(`Inloggen mislukt ${TEXT.wrong}`);
    expect(alertText(b)).toBe(alertText(a));
    expect(sessionSetCookie(wrongPassword)).toBeUndefined();
    expect(sessionSetCookie(unknown)).toBeUndefined();
    // The address stays in the form, the password does not come back.
    expect(a).toContain(`value="${user.email}"`);
    expect(a).not.toContain("verkeerd1");
  });

  it("validates the login form with the spec's messages", async () => {
    const res = await login("geen-adres", "123");
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(TEXT.invalidEmail);
    expect(html).toContain(TEXT.shortPassword);
  });

  it("tells an unverified user so, and resends the confirmation on request", async () => {
    const user = await createUser(database.db, { emailVerified: false });
    const res = await login(user.email, user.password);
    expect(res.status).toBe(403);
    const html = await res.text();
    expect(alertText(html)).toContain(TEXT.unverified);
    expect(html).toContain(">Stuur bevestigingsmail opnieuw</button>");
    expect(sessionSetCookie(res)).toBeUndefined();
    expect(await mailsTo(user.email)).toHaveLength(0);

    const resent = await post("/login", { intent: "resend", email: user.email });
    expect(resent.status).toBe(200);
    expect(await resent.text()).toContain(TEXT.resend);
    const mails = await mailsTo(user.email);
    expect(mails.map((m) => m.kind)).toEqual(["email-verification"]);

    // The new link works: afterwards the password signs in.
    await app.get(linkIn(mails[0]!.textBody, `${app.url}/api/auth/verify-email`).slice(app.url.length));
    expect((await login(user.email, user.password)).status).toBe(302);
  });

  it("answers a resend for a verified or unknown address identically, without mail", async () => {
    const verified = await createUser(database.db);
    const unknown = newEmail("niemand");
    for (const email of [verified.email, unknown]) {
      const res = await post("/login", { intent: "resend", email });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(TEXT.resend);
      expect(await mailsTo(email)).toHaveLength(0);
    }
  });

  it("refuses a deactivated user with the deactivated message", async () => {
    const user = await createUser(database.db, { isActive: false });
    const res = await login(user.email, user.password);
    expect(res.status).toBe(403);
    expect(alertText(await res.text())).toBe(`Inloggen mislukt ${TEXT.inactive}`);
    expect(sessionSetCookie(res)).toBeUndefined();
  });

  it("does not sign in a deactivated user through a verification link", async () => {
    const user = await createUser(database.db, { emailVerified: false, isActive: false });
    await post("/login", { intent: "resend", email: user.email });
    const [mail] = await mailsTo(user.email);
    const res = await app.get(linkIn(mail!.textBody, `${app.url}/api/auth/verify-email`).slice(app.url.length));
    // better-auth answers its own 403 here (the session hook refuses); no session either way.
    expect(sessionSetCookie(res)).toBeUndefined();
    expect(await signedInOn(cookieHeaderFrom(res))).toBe(false);
  });

  it("signs out an existing session on the next request once the user is deactivated", async () => {
    const user = await signedInUser(app, database.db);
    expect(await signedInOn(user.cookie)).toBe(true);
    await setUserActive(database.db, user.id, false);
    expect(await signedInOn(user.cookie)).toBe(false);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it("signs the dialog in through a fetcher: data plus the session cookie", async () => {
    const user = await createUser(database.db);
    const res = await post("/login.data", {
      intent: "login",
      via: "dialog",
      email: user.email,
      password: user.password,
    });
    expect(res.status).toBe(200);
    expect(flashOf(res)).toBeNull();
    expect(sessionSetCookie(res)).toBeDefined();
    expect(await signedInOn(cookieHeaderFrom(res))).toBe(true);
  });

  it("answers a refused dialog sign-in with 200 and the message (no failed request in the console)", async () => {
    const user = await createUser(database.db);
    const res = await post("/login.data", { intent: "login", via: "dialog", email: user.email, password: "verkeerd1" });
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toContain(TEXT.wrong);
    expect(body).not.toContain("verkeerd1");
    expect(sessionSetCookie(res)).toBeUndefined();
  });

  it("refuses a sign-in posted from another site (403)", async () => {
    const user = await createUser(database.db);
    const res = await app.get("/login", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "https://evil.example",
        "x-forwarded-for": ip,
      },
      body: new URLSearchParams({ intent: "login", email: user.email, password: user.password }).toString(),
    });
    expect(res.status).toBe(403);
    expect(sessionSetCookie(res)).toBeUndefined();
  });

  it("sends a signed-in visitor of /login on to the page they came for", async () => {
    const user = await signedInUser(app, database.db);
    const res = await app.get("/login?redirectTo=%2Forders", { headers: { cookie: user.cookie } });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/orders");
  });
});

describe("rate limits", { timeout: 120_000 }, () => {
  // Each case signs in up to 21 times, each a scrypt hash: seconds apiece on a CI machine at load 10 (27 Nov).
  it("stops sign-in for one account after 10 attempts in 15 minutes, from any address", async () => {
    const user = await createUser(database.db);
    for (let i = 0; i < 10; i++) {
      expect((await login(user.email, "verkeerd1", {}, freshIp())).status).toBe(401);
    }
    const blocked = await login(user.email, user.password, {}, freshIp());
    expect(blocked.status).toBe(429);
    expect(alertText(await blocked.text())).toBe(`Inloggen mislukt ${TEXT.tooManyQuarter}`);
    expect(sessionSetCookie(blocked)).toBeUndefined();
  });

  it("stops sign-in from one address after 20 attempts in 15 minutes, whatever the account", async () => {
    for (let i = 0; i < 20; i++) {
      expect((await login(newEmail("gok"), "verkeerd1")).status).toBe(401);
    }
    const user = await createUser(database.db);
    const blocked = await login(user.email, user.password);
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toContain(TEXT.tooManyQuarter);
    // Another address is not affected.
    expect((await login(user.email, user.password, {}, freshIp())).status).toBe(302);
  });

  it("stops sign-up from one address after 5 in an hour, creating nothing more", async () => {
    for (let i = 0; i < 5; i++) expect((await register(newEmail("spam"))).status).toBe(302);
    const email = newEmail("spam");
    const blocked = await register(email);
    expect(blocked.status).toBe(429);
    expect(alertText(await blocked.text())).toBe(`Registratie mislukt ${TEXT.tooManyHour}`);
    expect(await userByEmail(email)).toBeUndefined();
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it("stops reset requests for one address after 3 in an hour", async () => {
    const user = await createUser(database.db);
    for (let i = 0; i < 3; i++) {
      expect((await post("/wachtwoord-vergeten", { email: user.email }, { from: freshIp() })).status).toBe(302);
    }
    const blocked = await post("/wachtwoord-vergeten", { email: user.email }, { from: freshIp() });
    expect(blocked.status).toBe(429);
    expect(alertText(await blocked.text())).toBe(TEXT.tooManyHour);
    expect(await mailsTo(user.email)).toHaveLength(3);
  });

  it("stops resending the confirmation for one address after 3 in an hour", async () => {
    const user = await createUser(database.db, { emailVerified: false });
    for (let i = 0; i < 3; i++) {
      expect((await post("/login", { intent: "resend", email: user.email }, { from: freshIp() })).status).toBe(200);
    }
    const blocked = await post("/login", { intent: "resend", email: user.email }, { from: freshIp() });
    expect(blocked.status).toBe(429);
    expect(alertText(await blocked.text())).toBe(TEXT.tooManyHour);
    expect(await mailsTo(user.email)).toHaveLength(3);
  });
});

describe("password reset", () => {
  async function requestReset(email: string) {
    const res = await post("/wachtwoord-vergeten", { email });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/wachtwoord-vergeten?verzonden=1");
    return res;
  }

  /** Follows the mailed link through better-auth to our page; returns the page path with its token. */
  async function openResetLink(email: string): Promise<string> {
    const mails = (await mailsTo(email)).filter((m) => m.kind === "password-reset");
    expect(mails.at(-1)?.subject).toBe("Nieuw wachtwoord instellen bij Trapkracht");
    const link = linkIn(mails.at(-1)!.textBody, `${app.url}/api/auth/reset-password/`);
    const res = await app.get(link.slice(app.url.length));
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location")!, app.url);
    expect(location.pathname).toBe("/wachtwoord-herstellen");
    expect(location.searchParams.get("token")).toBeTruthy();
    return `${location.pathname}${location.search}`;
  }

  it("works end to end: mail, link, new password; the old one and old sessions stop working", async () => {
    const user = await signedInUser(app, database.db);
    await requestReset(user.email);
    const page = await app.html("/wachtwoord-vergeten?verzonden=1");
    expect(page.html).toContain(TEXT.resetAnswer);

    const path = await openResetLink(user.email);
    const form = await app.html(path);
    expect(form.status).toBe(200);
    expect(form.html).toContain(">Nieuw wachtwoord</label>");
    expect(form.html).toContain(">Bevestig nieuw wachtwoord</label>");
    const token = new URL(path, app.url).searchParams.get("token")!;

    const mismatch = await post("/wachtwoord-herstellen", { token, password: "nieuw123", confirmPassword: "nieuw124" });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain(TEXT.mismatch);
    const short = await post("/wachtwoord-herstellen", { token, password: "kort", confirmPassword: "kort" });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain(TEXT.shortPassword);

    const done = await post("/wachtwoord-herstellen", { token, password: "nieuw123", confirmPassword: "nieuw123" });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/login");
    expect(flashOf(done)).toEqual({
      kind: "success",
      title: "Wachtwoord gewijzigd",
      description: "Je kunt nu inloggen met je nieuwe wachtwoord.",
    });

    expect(await signedInOn(user.cookie)).toBe(false);
    expect((await login(user.email, user.password)).status).toBe(401);
    expect((await login(user.email, "nieuw123")).status).toBe(302);

    // The link works once.
    const reused = await post("/wachtwoord-herstellen", { token, password: "weer1234", confirmPassword: "weer1234" });
    expect(reused.status).toBe(400);
    expect(alertText(await reused.text())).toBe(TEXT.resetInvalid);
    expect((await app.html(path)).html).toContain(TEXT.resetInvalid);
  });

  it("answers an unknown address exactly like a known one, and sends nothing", async () => {
    const user = await createUser(database.db);
    const known = await requestReset(user.email);
    const unknownEmail = newEmail("onbekend");
    const unknown = await requestReset(unknownEmail);
    expect(unknown.headers.get("location")).toBe(known.headers.get("location"));
    expect(await unknown.text()).toBe(await known.text());
    expect(await mailsTo(unknownEmail)).toHaveLength(0);
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it("confirms a never-confirmed address: the reset link proves the mailbox is theirs", async () => {
    const user = await createUser(database.db, { emailVerified: false });
    await requestReset(user.email);
    const token = new URL(await openResetLink(user.email), app.url).searchParams.get("token")!;
    const done = await post("/wachtwoord-herstellen", { token, password: "nieuw123", confirmPassword: "nieuw123" });
    expect(done.status).toBe(302);
    expect((await userByEmail(user.email))?.emailVerified).toBe(true);
    expect((await login(user.email, "nieuw123")).status).toBe(302);
  });

  it("explains an invalid or expired link and offers a new one", async () => {
    for (const path of ["/wachtwoord-herstellen?token=verzonnen", "/wachtwoord-herstellen?error=INVALID_TOKEN"]) {
      const { status, html } = await app.html(path);
      expect(status).toBe(200);
      expect(html).toContain(TEXT.resetInvalid);
      expect(html).toMatch(/<a [^>]*href="\/wachtwoord-vergeten"[^>]*>Vraag een nieuwe link aan<\/a>/);
      expect(html).not.toContain('name="password"');
    }
    const res = await post("/wachtwoord-herstellen", {
      token: "verzonnen",
      password: "nieuw123",
      confirmPassword: "nieuw123",
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(TEXT.resetInvalid);
  });

  it("validates the address on the request form", async () => {
    const res = await post("/wachtwoord-vergeten", { email: "geen-adres" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(
      `<p id="vergeten-email-fout" class="text-sm font-medium text-danger">${TEXT.invalidEmail}</p>`,
    );
    expect(html).toContain('value="geen-adres"');
  });
});

describe("logout", () => {
  it("ends the session, clears the cookie and goes home with the toast", async () => {
    const user = await signedInUser(app, database.db);
    const res = await post("/logout", {}, { cookie: user.cookie });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    expect(flashOf(res)).toEqual({ kind: "success", title: "U bent uitgelogd" });
    expect(res.headers.getSetCookie().some((c) => /session_token=;/.test(c) && /Max-Age=0/i.test(c))).toBe(true);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect(await signedInOn(user.cookie)).toBe(false);
  });

  it("does nothing on a GET but go home", async () => {
    const user = await signedInUser(app, database.db);
    const res = await app.get("/logout", { headers: { cookie: user.cookie } });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    expect(await signedInOn(user.cookie)).toBe(true);
  });
});

describe("pages without JavaScript", () => {
  it("renders /login in login mode with every control of the dialog", async () => {
    const { status, html } = await app.html("/login");
    expect(status).toBe(200);
    const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    expect(main).toContain(">Inloggen</h1>");
    expect(main).toMatch(/<form[^>]*action="\/login" method="post"/);
    expect(main).toContain('<input type="hidden" name="intent" value="login"/>');
    expect(main).toContain('for="login-email">E-mailadres</label>');
    expect(main).toContain('for="login-password">Wachtwoord</label>');
    expect(main).toContain('for="login-rememberMe">Onthoud mij</label>');
    expect(main).toMatch(/<button[^>]*type="submit">Inloggen<\/button>/);
    expect(main).toMatch(/<a [^>]*href="\/wachtwoord-vergeten"[^>]*>Wachtwoord vergeten\?<\/a>/);
    expect(main).toContain(">of<");
    // Strava is not configured in this app: the button is disabled and says so.
    expect(main).toMatch(/<form[^>]*action="\/auth\/strava" method="post"/);
    expect(main).toMatch(
      /<button[^>]*type="submit" disabled="" aria-describedby="login-strava-uit"[\s\S]*?Inloggen met Strava<\/button>/,
    );
    expect(main).toContain(
      '<p id="login-strava-uit" class="text-center text-sm text-muted">Inloggen met Strava is niet beschikbaar</p>',
    );
    expect(main).toMatch(/Nog geen account\?[\s\S]*<a [^>]*href="\/login\?mode=registreren"[^>]*>Registreer hier<\/a>/);
  });

  it("renders /login?mode=registreren in register mode", async () => {
    const { status, html } = await app.html("/login?mode=registreren&redirectTo=%2Forders");
    expect(status).toBe(200);
    const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    expect(main).toContain(">Registreren</h1>");
    expect(main).toContain('<input type="hidden" name="intent" value="register"/>');
    expect(main).toContain('for="login-confirmPassword">Bevestig wachtwoord</label>');
    expect(main).toMatch(/<button[^>]*type="submit">Registreren<\/button>/);
    expect(main).toContain("Registreren met Strava");
    expect(main).not.toContain("Onthoud mij");
    expect(main).toMatch(
      /Heeft u al een account\?[\s\S]*<a [^>]*href="\/login\?redirectTo=%2Forders"[^>]*>Log hier in<\/a>/,
    );
  });

  it("shows a guest the account icon as a link to /login, and a signed-in user the account menu", async () => {
    const guest = await app.html("/about");
    const guestHeader = guest.html.slice(guest.html.indexOf("<header"), guest.html.indexOf("</header>"));
    expect(guestHeader).toMatch(/<a href="\/login" aria-label="Account"/);
    expect(guestHeader).not.toContain("Uitloggen");

    const customer = await signedInUser(app, database.db);
    const { html } = await app.html("/about", { headers: { cookie: customer.cookie } });
    const header = html.slice(html.indexOf("<header"), html.indexOf("</header>"));
    expect(header).toMatch(/<a [^>]*href="\/profile"[^>]*>Account<\/a>/);
    expect(header).toMatch(/<a [^>]*href="\/orders"[^>]*>Bestellingen<\/a>/);
    expect(header).toMatch(
      /<form action="\/logout" method="post"><button type="submit"[^>]*>Uitloggen<\/button><\/form>/,
    );
    expect(header).not.toContain("Admin Dashboard");

    const admin = await signedInUser(app, database.db, { role: "admin" });
    const asAdmin = await app.html("/about", { headers: { cookie: admin.cookie } });
    expect(asAdmin.html).toMatch(/<a [^>]*href="\/admin"[^>]*>Admin Dashboard<\/a>/);
  });
});
