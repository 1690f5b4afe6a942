import { describe, expect, it } from "vitest";
import { useTestApp } from "../support/fixture";
import { createUser } from "../support/users";

/**
 * Wrong passwords must not let a stranger lock a customer out (ASVS V2.2.1): the wall stands per
 * account and network (and per address), so the attacker's network is stopped while the owner,
 * elsewhere, still signs in. Failures from everywhere only slow an account down.
 */

const TOO_MANY = "Te veel pogingen. Probeer het over een kwartier opnieuw.";

const { app, database } = useTestApp();

const signIn = (email: string, password: string, from: string) =>
  app.post("/login", { intent: "login", email, password }, { headers: { "x-forwarded-for": from } });

const startsSession = (res: Response) =>
  res.headers.getSetCookie().some((c) => /session_token=[^;]+/.test(c) && !/Max-Age=0/i.test(c));

// Each attempt runs scrypt (a wrong password too, to keep timing even): a dozen a test is CPU-bound,
// and in CI the browser tests share the two cores, so the default 30 s is too tight for that.
const SCRYPT_BOUND = { timeout: 120_000 };

describe("sign-in lockout", SCRYPT_BOUND, () => {
  it("stops the attacker's address after 10 wrong passwords while the owner elsewhere still signs in", async () => {
    const owner = await createUser(database.db, { password: "mijn-eigen-wachtwoord" });
    const attacker = "203.0.113.66";
    for (let i = 0; i < 10; i++) expect((await signIn(owner.email, `gok-${i}-fout`, attacker)).status).toBe(401);
    for (let i = 0; i < 2; i++) {
      const refused = await signIn(owner.email, `gok-extra-${i}`, attacker);
      expect(refused.status).toBe(429);
      expect(await refused.text()).toContain(TOO_MANY);
    }

    const fromHome = await signIn(owner.email, "mijn-eigen-wachtwoord", "198.51.100.20");
    expect(fromHome.status).toBe(302);
    expect(startsSession(fromHome)).toBe(true);

    // The attacker's address stays stopped for this account, even with the right password.
    const attackerAgain = await signIn(owner.email, "mijn-eigen-wachtwoord", attacker);
    expect(attackerAgain.status).toBe(429);
    expect(startsSession(attackerAgain)).toBe(false);
  });

  it("counts one network (IPv4 /24) as one attacker for an account", async () => {
    const owner = await createUser(database.db, { password: "mijn-eigen-wachtwoord" });
    for (let i = 1; i <= 10; i++) expect((await signIn(owner.email, "verkeerd1", `192.0.2.${i}`)).status).toBe(401);
    expect((await signIn(owner.email, "mijn-eigen-wachtwoord", "192.0.2.200")).status).toBe(429);
    expect((await signIn(owner.email, "mijn-eigen-wachtwoord", "192.0.3.1")).status).toBe(302);
  });

  it("counts an IPv6 /64 as one network", async () => {
    const owner = await createUser(database.db, { password: "mijn-eigen-wachtwoord" });
    for (let i = 1; i <= 10; i++) {
      expect((await signIn(owner.email, "verkeerd1", `2001:db8:aa:1::${i.toString(16)}`)).status).toBe(401);
    }
    expect((await signIn(owner.email, "mijn-eigen-wachtwoord", "2001:db8:aa:1:ffff::1")).status).toBe(429);
    expect((await signIn(owner.email, "mijn-eigen-wachtwoord", "2001:db8:aa:2::1")).status).toBe(302);
  });

  it("slows an account down after 10 failures from anywhere, without refusing the right password", async () => {
    const owner = await createUser(database.db, { password: "mijn-eigen-wachtwoord" });
    // Eleven wrong passwords, each from another network: no network reaches its limit.
    for (let i = 1; i <= 11; i++) {
      expect((await signIn(owner.email, "verkeerd1", `100.64.${i}.1`)).status).toBe(401);
    }
    const started = Date.now();
    const res = await signIn(owner.email, "mijn-eigen-wachtwoord", "100.65.0.1");
    const waited = Date.now() - started;
    expect(res.status).toBe(302);
    expect(startsSession(res)).toBe(true);
    // 11 failures: the second step of the back-off, 2 seconds.
    expect(waited).toBeGreaterThanOrEqual(2000);
  });
});
