import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Config } from "~/shared/config/env.server";
import type { Db, DbExecutor } from "~/db/client.server";
import { supplierConnections } from "~/db/schema";
import { recordAdminChange, type AdminActor } from "~/features/admin-changes/index.server";
import { hasInvalidCharacters, INVALID_CHARACTERS_MESSAGE } from "~/shared/forms/text-input";
import {
  checkOutboundHost,
  normaliseHost,
  resolveOutboundHost,
  type AddressPolicy,
} from "~/shared/outbound/outbound.server";
import { decryptSecret, encryptSecret } from "./secret-box.server";

import { LOGON_TYPES, type ConnectionKind, type LogonType, type PublicConnection } from "./types";

export { LOGON_TYPES };
export type { ConnectionKind, LogonType, PublicConnection };

/** A connection with its secrets in plaintext: server-only, never into loader data or logs. */
export type Connection = {
  kind: ConnectionKind;
  host: string;
  port: number;
  user: string;
  logonType: LogonType;
  password: string;
  privateKey: string;
  remotePath: string;
  secure: boolean;
  hostKeySha256: string | null;
  timeoutMs: number;
  /** The outbound address policy every connection to `host` is made under (config.outbound). */
  policy: AddressPolicy;
};

export const secretKeyOf = (config: Config) => config.connections.secretKey ?? config.authSecret ?? "";

export async function getConnection(db: DbExecutor, config: Config, kind: ConnectionKind): Promise<Connection> {
  const [row] = await db.select().from(supplierConnections).where(eq(supplierConnections.kind, kind)).limit(1);
  const defaults = config.connections[kind];
  const key = secretKeyOf(config);
  const open = (value: string | null | undefined) => (value ? decryptSecret(value, key) : undefined);
  return {
    kind,
    host: row?.host ?? defaults.host ?? "",
    port: row?.port ?? defaults.port,
    user: row?.username ?? defaults.user ?? "",
    logonType: (LOGON_TYPES as readonly string[]).includes(row?.logonType ?? "")
      ? (row!.logonType as LogonType)
      : defaults.logonType,
    password: open(row?.passwordEnc) ?? defaults.password ?? "",
    privateKey: open(row?.privateKeyEnc) ?? "",
    remotePath: row?.remotePath ?? defaults.remotePath,
    secure: row?.secure ?? defaults.secure,
    hostKeySha256: row?.hostKeySha256 ?? null,
    timeoutMs: config.connections.timeoutMs,
    policy: config.outbound,
  };
}

/**
 * Where an SFTP/FTP client connects: `host` resolved and checked against the outbound policy here,
 * and handed to the client as the IP address it checked (the client never looks the name up
 * itself, so a second DNS answer cannot point it elsewhere). `servername` keeps FTPS checking the
 * certificate against the name. Throws OutboundRefusedError, or the resolver's error (ENOTFOUND).
 */
export async function connectTarget(connection: Connection): Promise<{ address: string; servername?: string }> {
  const address = await resolveOutboundHost(connection.host, connection.policy);
  const normal = normaliseHost(connection.host);
  return normal && !normal.ip ? { address, servername: normal.host } : { address };
}

export function publicConnection(connection: Connection): PublicConnection {
  const { password, privateKey, timeoutMs: _timeout, policy: _policy, ...rest } = connection;
  return { ...rest, hasPassword: password !== "", hasPrivateKey: privateKey !== "" };
}

const clean = (max: number) =>
  z
    .string()
    .refine((v) => !hasInvalidCharacters(v), INVALID_CHARACTERS_MESSAGE)
    .transform((v) => v.trim())
    .refine((v) => v.length <= max, `At most ${max} characters`);

/** The connection form, checked on the server. Blank secrets keep the stored ones. */
export const ConnectionFormSchema = z.object({
  host: clean(253).refine(
    (v) => v === "" || normaliseHost(v) !== null,
    "Enter a host name (e.g. sftp.supplier.example) or an IP address: not a URL, a path or other characters",
  ),
  port: z
    .string()
    .trim()
    .refine((v) => v === "" || /^\d{1,5}$/.test(v), "The port accepts digits only")
    .transform((v) => (v === "" ? null : Number(v)))
    .refine((v) => v === null || (v >= 1 && v <= 65535), "The port is a number from 1 to 65535"),
  user: clean(128),
  logonType: z.enum(LOGON_TYPES).default("normal"),
  password: z
    .string()
    .refine((v) => !hasInvalidCharacters(v), INVALID_CHARACTERS_MESSAGE)
    .refine((v) => v.length <= 1024, "At most 1024 characters"),
  // A PEM key has line breaks: multi-line text.
  privateKey: z
    .string()
    .refine((v) => !hasInvalidCharacters(v, { multiLine: true }), INVALID_CHARACTERS_MESSAGE)
    .refine((v) => v.length <= 16 * 1024, "At most 16 KB"),
  remotePath: clean(1024),
  secure: z.boolean(),
});
export type ConnectionForm = z.infer<typeof ConnectionFormSchema>;

export function parseConnectionForm(
  form: FormData,
): { ok: true; input: ConnectionForm } | { ok: false; error: string; field: string } {
  const str = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  const parsed = ConnectionFormSchema.safeParse({
    host: str("host"),
    port: str("port"),
    user: str("user"),
    logonType: str("logonType") || "normal",
    password: str("password"),
    privateKey: str("privateKey"),
    remotePath: str("remotePath"),
    secure: form.get("secure") === "on" || form.get("secure") === "true",
  });
  if (parsed.success) return { ok: true, input: parsed.data };
  const issue = parsed.error.issues[0]!;
  return { ok: false, error: issue.message, field: String(issue.path[0] ?? "") };
}

/** The spec's required fields (spec 1 §5): host, port, user and a password (or the stored one). */
export function missingRequired(connection: Connection): boolean {
  if (!connection.host || !connection.port || !connection.user) return true;
  if (connection.logonType === "key") return connection.privateKey === "";
  if (connection.logonType === "agent") return false;
  return connection.password === "";
}

const masked = (c: Connection) => ({
  host: c.host,
  port: c.port,
  user: c.user,
  logonType: c.logonType,
  remotePath: c.remotePath,
  secure: c.secure,
  password: c.password ? "••••" : null,
  privateKey: c.privateKey ? "••••" : null,
  hostKeySha256: c.hostKeySha256,
});

/**
 * Stores the admin's settings (secrets encrypted; a blank secret keeps the stored one) and records the
 * change with secrets masked. A new host or port forgets the pinned host key. A host the outbound
 * policy refuses (private, link-local, metadata; see app/shared/outbound) throws OutboundRefusedError
 * and nothing is stored.
 */
export async function saveConnection(
  db: Db,
  config: Config,
  actor: AdminActor,
  kind: ConnectionKind,
  input: ConnectionForm,
): Promise<Connection> {
  const key = secretKeyOf(config);
  if (input.host) await checkOutboundHost(input.host, config.outbound);
  return db.transaction(async (tx) => {
    const before = await getConnection(tx, config, kind);
    const port = input.port ?? before.port;
    const remotePath = input.remotePath || before.remotePath;
    const sameServer = before.host === input.host && before.port === port;
    const values = {
      host: input.host,
      port,
      username: input.user,
      logonType: kind === "ftp" ? "normal" : input.logonType,
      passwordEnc: encryptOrNull(input.password || before.password, key),
      privateKeyEnc: encryptOrNull(input.privateKey.trim() ? input.privateKey : before.privateKey, key),
      remotePath,
      secure: kind === "ftp" ? input.secure : false,
      hostKeySha256: sameServer ? before.hostKeySha256 : null,
      updatedAt: new Date(),
    };
    await tx
      .insert(supplierConnections)
      .values({ kind, ...values })
      .onConflictDoUpdate({ target: supplierConnections.kind, set: values });
    const after = await getConnection(tx, config, kind);
    await recordAdminChange(tx, actor, {
      entityType: "setting",
      entityId: `${kind}-connection`,
      action: "update",
      before: masked(before),
      after: masked(after),
    });
    return after;
  });
}

function encryptOrNull(value: string, key: string) {
  return value ? encryptSecret(value, key) : null;
}

/** The admin accepts the host key shown: pinned for this host and port from now on. */
export async function pinHostKey(db: Db, config: Config, actor: AdminActor, fingerprint: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await getConnection(tx, config, "sftp");
    const key = secretKeyOf(config);
    const values = {
      host: before.host,
      port: before.port,
      username: before.user,
      logonType: before.logonType,
      passwordEnc: encryptOrNull(before.password, key),
      privateKeyEnc: encryptOrNull(before.privateKey, key),
      remotePath: before.remotePath,
      secure: false,
      hostKeySha256: fingerprint,
      updatedAt: new Date(),
    };
    await tx
      .insert(supplierConnections)
      .values({ kind: "sftp", ...values })
      .onConflictDoUpdate({ target: supplierConnections.kind, set: values });
    await recordAdminChange(tx, actor, {
      entityType: "setting",
      entityId: "sftp-connection",
      action: "host-key",
      before: { hostKeySha256: before.hostKeySha256 },
      after: { hostKeySha256: fingerprint },
    });
  });
}

export const FINGERPRINT_PATTERN = /^SHA256:[A-Za-z0-9+/]{43}$/;
