import { describe, expect, it } from "vitest";
import type { TestApp } from "../support/app";
import { useTestApp } from "../support/fixture";

/**
 * The per-IP rate limits count the address Express reports. Without TRUST_PROXY a client cannot
 * choose that address with X-Forwarded-For; with TRUST_PROXY=1 (one proxy in front) the header's
 * last address is the client's.
 */

let counter = 0;
const stranger = () => `gok-${++counter}-${Date.now()}@example.nl`;

const wrongSignIn = (app: TestApp, forwardedFor: string) =>
  app.post(
    "/login",
    { intent: "login", email: stranger(), password: "verkeerd1" },
    { headers: { "x-forwarded-for": forwardedFor } },
  );

const contact = (app: TestApp, forwardedFor: string) =>
  app.post(
    "/contact",
    {
      firstName: "Piet",
      lastName: "Jansen",
      email: stranger(),
      subject: "Vraag",
      message: "Hebben jullie ook kettingen voor een e-bike?",
    },
    { headers: { "x-forwarded-for": forwardedFor } },
  );

// Twenty-one sign-ins a test, each running scrypt (an unknown address too, to keep timing even): CPU-bound,
// and in CI the browser tests share the two cores, so the default 30 s is too tight for that.
const SCRYPT_BOUND = { timeout: 120_000 };

describe("without TRUST_PROXY (the default)", SCRYPT_BOUND, () => {
  // The test support trusts loopback (the tests play the proxy); "" is the shop's real default.
  const { app: direct } = useTestApp({ TRUST_PROXY: "" });

  it("ignores X-Forwarded-For: rotating it does not escape the sign-in limit of 20 per address", async () => {
    for (let i = 1; i <= 20; i++) expect((await wrongSignIn(direct, `203.0.113.${i}`)).status).toBe(401);
    expect((await wrongSignIn(direct, "198.51.100.99")).status).toBe(429);
    expect((await wrongSignIn(direct, "192.0.2.7, 198.51.100.100")).status).toBe(429);
  });

  it("ignores X-Forwarded-For for the contact form's limit of 5 per address", async () => {
    for (let i = 1; i <= 5; i++) expect((await contact(direct, `203.0.113.${i}`)).status).toBe(302);
    expect((await contact(direct, "198.51.100.42")).status).toBe(429);
  });
});

describe("with TRUST_PROXY=1", SCRYPT_BOUND, () => {
  const { app: behindProxy } = useTestApp({ TRUST_PROXY: "1" });

  it("counts the address the proxy put last in X-Forwarded-For", async () => {
    for (let i = 1; i <= 5; i++) expect((await contact(behindProxy, `203.0.113.${i}`)).status).toBe(302);
    // Six messages in all, but each address sent one: nothing is refused.
    expect((await contact(behindProxy, "198.51.100.1")).status).toBe(302);
    // A client's own X-Forwarded-For entries come first in the list; only the proxy's last entry counts.
    for (let i = 1; i <= 5; i++) {
      expect((await contact(behindProxy, `10.9.8.${i}, 198.51.100.2`)).status).toBe(302);
    }
    expect((await contact(behindProxy, "10.9.9.9, 198.51.100.2")).status).toBe(429);
  });

  it("lets the sign-in limit count per forwarded address", async () => {
    for (let i = 1; i <= 20; i++) expect((await wrongSignIn(behindProxy, `198.51.100.${i + 10}`)).status).toBe(401);
    expect((await wrongSignIn(behindProxy, "198.51.100.99")).status).toBe(401);
  });
});
