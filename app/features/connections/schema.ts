import { boolean, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The supplier's file servers (admin SFTP and FTP tabs), one row per kind ("sftp", "ftp"). A missing
 * row or a NULL column means the environment default (SFTP_*, FTP_*). Secrets are stored ENCRYPTED
 * (AES-256-GCM, app/features/connections/secret-box.server.ts): `password_enc`, `private_key_enc` never
 * hold plaintext and are never sent to a browser.
 */
export const supplierConnections = pgTable("supplier_connections", {
  kind: text("kind").primaryKey(),
  host: text("host"),
  port: integer("port"),
  username: text("username"),
  /** SFTP: normal (password), key, interactive (keyboard-interactive), agent. FTP: normal. */
  logonType: text("logon_type"),
  passwordEnc: text("password_enc"),
  privateKeyEnc: text("private_key_enc"),
  /** FTP: the folder listed and written to; SFTP: the folder fetched. */
  remotePath: text("remote_path"),
  /** FTP: explicit FTPS (AUTH TLS). */
  secure: boolean("secure"),
  /** SFTP: the host key's SHA256 fingerprint the admin accepted (cleared when host or port change). */
  hostKeySha256: text("host_key_sha256"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
