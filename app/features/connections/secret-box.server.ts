import crypto from "node:crypto";

/**
 * Encryption at rest for stored connection secrets: AES-256-GCM with a key derived (HKDF-SHA256) from
 * CONNECTION_SECRET_KEY or, when unset, AUTH_SECRET. Stored form: "v1:<iv>:<tag>:<ciphertext>"
 * (base64url). Changing the secret makes stored secrets unreadable: the admin enters them again
 * (docs/operations.md, "Supplier connections").
 */
const PREFIX = "v1";

export class SecretBoxError extends Error {
  override name = "SecretBoxError";
}

function keyFrom(secret: string): Buffer {
  if (!secret || secret.length < 32) throw new SecretBoxError("The connection secret key is missing or too short");
  return Buffer.from(crypto.hkdfSync("sha256", secret, "trapkracht", "supplier-connections-v1", 32));
}

export function encryptSecret(plaintext: string, secret: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", keyFrom(secret), iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [PREFIX, iv.toString("base64url"), tag.toString("base64url"), body.toString("base64url")].join(":");
}

export function decryptSecret(stored: string, secret: string): string {
  const [prefix, iv, tag, body] = stored.split(":");
  if (prefix !== PREFIX || !iv || !tag || body === undefined) throw new SecretBoxError("Unknown secret format");
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", keyFrom(secret), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretBoxError("The stored secret cannot be decrypted (was the secret key changed?)");
  }
}
