import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret } from "./secret-box.server";

const key = "k".repeat(40);

describe("secret box", () => {
  it("round-trips and never stores the plaintext", () => {
    const stored = encryptSecret("geheim-wachtwoord", key);
    expect(stored).not.toContain("geheim");
    expect(decryptSecret(stored, key)).toBe("geheim-wachtwoord");
    expect(encryptSecret("geheim-wachtwoord", key)).not.toBe(stored);
  });
  it("refuses another key and a tampered value", () => {
    const stored = encryptSecret("x", key);
    expect(() => decryptSecret(stored, "z".repeat(40))).toThrow(/cannot be decrypted/);
    expect(() => decryptSecret(stored.slice(0, -2) + "AA", key)).toThrow();
  });
});
