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
    // One bit of the ciphertext flipped. (Replacing its last characters with "AA" left a one-byte
    // ciphertext unchanged once in 256 runs, when that byte was already 0.)
    const [prefix, iv, tag, body] = stored.split(":");
    const flipped = Buffer.from(body!, "base64url");
    flipped[0]! ^= 1;
    expect(() => decryptSecret([prefix, iv, tag, flipped.toString("base64url")].join(":"), key)).toThrow(
      /cannot be decrypted/,
    );
  });
});
