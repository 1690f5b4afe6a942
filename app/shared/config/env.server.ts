import { isIP } from "node:net";
import { z } from "zod";
import type { DatabaseTimeouts } from "./database-timeouts";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

/** A duration in milliseconds: at least 100 ms, at most an hour. */
const milliseconds = (fallback: number) =>
  z.coerce
    .number({ message: "moet een aantal milliseconden zijn" })
    .int("moet een geheel aantal milliseconden zijn")
    .min(100, "moet minstens 100 (ms) zijn")
    .max(3_600_000, "mag hoogstens 3600000 (ms, een uur) zijn")
    .default(fallback);

/** PDOK Locatieserver's free geocoder (v3.1): the Dutch government's address register, no key needed. */
export const DEFAULT_ADDRESS_LOOKUP_URL = "https://api.pdok.nl/bzk/locatieserver/search/v3_1/free";

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  HOST: z.string().min(1).default("127.0.0.1"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url({ message: "PUBLIC_URL moet een volledige URL zijn, bijv. https://www.trapkracht.nl" }).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL moet met postgres:// of postgresql:// beginnen")
    .optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  SEED_DEMO: booleanFlag.default(true),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "SMTP_URL moet met smtp:// of smtps:// beginnen")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Trapkracht <noreply@trapkracht.nl>"),
  SHOP_EMAIL: z
    .email({ message: "SHOP_EMAIL moet een geldig e-mailadres zijn" })
    .default("klantenservice@trapkracht.nl"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  AUTH_SECRET: z.string().min(32, "AUTH_SECRET moet minimaal 32 tekens lang zijn").optional(),
  STRAVA_CLIENT_ID: z.string().min(1).optional(),
  STRAVA_CLIENT_SECRET: z.string().min(1).optional(),
  STRAVA_AUTHORIZATION_URL: z.url().default("https://www.strava.com/oauth/authorize"),
  STRAVA_TOKEN_URL: z.url().default("https://www.strava.com/api/v3/oauth/token"),
  PAYMENT_PROVIDER: z.enum(["local", "stripe"]).optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Only for tests against a local fake of the Stripe API, e.g. http://127.0.0.1:4010. */
  STRIPE_API_URL: z.url().optional(),
  LOCAL_PAYMENTS_ALLOWED: booleanFlag.default(false),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const parsed = parseTrustProxy(raw);
      if ("value" in parsed) return parsed.value;
      ctx.addIssue({ code: "custom", message: parsed.problem });
      return z.NEVER;
    }),
  DATABASE_CONNECT_TIMEOUT_MS: milliseconds(2_000),
  DATABASE_STATEMENT_TIMEOUT_MS: milliseconds(15_000),
  DATABASE_LOCK_TIMEOUT_MS: milliseconds(5_000),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: milliseconds(30_000),
  SHUTDOWN_TIMEOUT_MS: milliseconds(10_000),
  /**
   * After SIGTERM, /readyz answers 503 while the server still takes new requests for this long, so a
   * proxy that probes /readyz stops sending before the port closes (docs/operations.md); 0 = none.
   */
  SHUTDOWN_DRAIN_DELAY_MS: z.coerce
    .number({ message: "SHUTDOWN_DRAIN_DELAY_MS moet een aantal milliseconden zijn, bijv. 5000" })
    .int({ message: "SHUTDOWN_DRAIN_DELAY_MS moet een geheel aantal milliseconden zijn" })
    .min(0, { message: "SHUTDOWN_DRAIN_DELAY_MS mag niet negatief zijn" })
    .max(60_000, { message: "SHUTDOWN_DRAIN_DELAY_MS mag hoogstens 60000 (een minuut) zijn" })
    .default(0),
  /** /metrics answers only with `Authorization: Bearer <METRICS_TOKEN>`; unset = no /metrics (404). */
  METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN moet minimaal 16 tekens lang zijn").optional(),
  SUPPLIER_API_URL: z
    .url({ message: "SUPPLIER_API_URL moet een volledige URL zijn, bijv. https://api.leverancier.nl/orders" })
    .regex(/^https?:\/\//i, "SUPPLIER_API_URL moet met http:// of https:// beginnen")
    .optional(),
  SUPPLIER_USERNAME: z.string().min(1).optional(),
  SUPPLIER_PASSWORD: z.string().min(1).optional(),
  SUPPLIER_DEBTOR_NUMBER: z.string().min(1).max(64).optional(),
  SUPPLIER_DELIVERY_NOTE_LANGUAGE: z
    .string()
    .regex(/^[A-Za-z]{2}$/, "SUPPLIER_DELIVERY_NOTE_LANGUAGE moet een taalcode van twee letters zijn, bijv. NL")
    .transform((v) => v.toUpperCase())
    .default("NL"),
  SUPPLIER_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(15_000),
  TEST_SUPPLIER_ALLOWED: booleanFlag.default(false),
  /** Street and city from postcode + house number at checkout (ADR 0045): PDOK's free Locatieserver, or "off". */
  ADDRESS_LOOKUP_URL: z
    .union([
      z.literal("off"),
      z
        .url({ message: "ADDRESS_LOOKUP_URL moet een volledige URL zijn of off" })
        .regex(/^https?:\/\//i, "ADDRESS_LOOKUP_URL moet met http:// of https:// beginnen"),
    ])
    .default(DEFAULT_ADDRESS_LOOKUP_URL),
  /** Server-side requests may go to loopback (the demo's own servers); default: not in production on PostgreSQL. */
  OUTBOUND_ALLOW_LOOPBACK: booleanFlag.optional(),
  /** The earlier name of OUTBOUND_ALLOW_LOOPBACK (image migration only then); still read. */
  IMAGE_MIGRATION_ALLOW_LOOPBACK: booleanFlag.optional(),
  /**
   * Where the shop keeps the files it writes (images, carousel uploads, supplier feeds; ADR 0041):
   * folders under DATA_DIR (default) or an S3-compatible bucket, which several instances share.
   */
  STORAGE: z.enum(["local", "s3"]).optional(),
  /** The earlier name of STORAGE (migrated images only then); still read when STORAGE is not set. */
  IMAGE_STORAGE: z.enum(["local", "s3"]).optional(),
  S3_ENDPOINT: z
    .url({ message: "S3_ENDPOINT moet een volledige URL zijn, bijv. https://s3.eu-central-1.amazonaws.com" })
    .regex(/^https?:\/\//i, "S3_ENDPOINT moet met http:// of https:// beginnen")
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,62}$/, "S3_BUCKET moet een geldige bucketnaam zijn")
    .optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PREFIX: z
    .string()
    .regex(/^([a-z0-9-]+\/)*$/, "S3_PREFIX moet leeg zijn of bijv. trapkracht/")
    .default(""),
  SFTP_HOST: z.string().min(1).max(253).optional(),
  SFTP_PORT: z.coerce.number().int().min(1).max(65535).default(22),
  SFTP_USER: z.string().min(1).max(128).optional(),
  SFTP_PASSWORD: z.string().min(1).optional(),
  SFTP_LOGON_TYPE: z.enum(["normal", "key", "interactive", "agent"]).default("normal"),
  SFTP_REMOTE_PATH: z.string().min(1).max(1024).default("."),
  FTP_HOST: z.string().min(1).max(253).optional(),
  FTP_PORT: z.coerce.number().int().min(1).max(65535).default(21),
  FTP_USER: z.string().min(1).max(128).optional(),
  FTP_PASSWORD: z.string().min(1).optional(),
  FTP_REMOTE_PATH: z.string().min(1).max(1024).default("/"),
  FTP_SECURE: booleanFlag.default(false),
  /** Encrypts stored connection passwords and keys; defaults to a key derived from AUTH_SECRET. */
  CONNECTION_SECRET_KEY: z.string().min(32, "CONNECTION_SECRET_KEY moet minimaal 32 tekens lang zijn").optional(),
  CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(15_000),
  /** The embedded demo's loopback FTP and SFTP servers (never with DATABASE_URL). */
  DEMO_FILE_SERVERS: booleanFlag.default(true),
  MAX_BODY_BYTES: z.coerce
    .number({ message: "MAX_BODY_BYTES moet een aantal bytes zijn, bijv. 65536" })
    .int({ message: "MAX_BODY_BYTES moet een aantal bytes zijn, bijv. 65536" })
    .min(1024, { message: "MAX_BODY_BYTES moet minimaal 1024 zijn" })
    .max(100 * 1024 * 1024, { message: "MAX_BODY_BYTES mag hoogstens 104857600 (100 MiB) zijn" })
    .default(64 * 1024),
  /** The largest supplier feed file an upload or an FTP/SFTP import may bring (docs/supplier-feeds.md). */
  FEED_MAX_BYTES: z.coerce
    .number({ message: "FEED_MAX_BYTES moet een aantal bytes zijn, bijv. 1073741824" })
    .int({ message: "FEED_MAX_BYTES moet een aantal bytes zijn, bijv. 1073741824" })
    .min(1024, { message: "FEED_MAX_BYTES moet minimaal 1024 zijn" })
    .default(1024 * 1024 * 1024),
  /** A full product feed sets at most this share of the active products inactive without the admin's confirmation. */
  FEED_MAX_DEACTIVATE_PERCENT: z.coerce
    .number({ message: "FEED_MAX_DEACTIVATE_PERCENT moet een percentage zijn, bijv. 20" })
    .min(0, { message: "FEED_MAX_DEACTIVATE_PERCENT moet tussen 0 en 100 liggen" })
    .max(100, { message: "FEED_MAX_DEACTIVATE_PERCENT moet tussen 0 en 100 liggen" })
    .default(20),
  /**
   * How long an anonymous catalogue page is served from memory (server/page-cache.ts); 0 = off.
   * Default: 5 s in production, off in development (where code changes must show at once).
   */
  PAGE_CACHE_TTL_MS: z.coerce
    .number({ message: "PAGE_CACHE_TTL_MS moet een aantal milliseconden zijn, bijv. 5000" })
    .int({ message: "PAGE_CACHE_TTL_MS moet een geheel aantal milliseconden zijn" })
    .min(0, { message: "PAGE_CACHE_TTL_MS mag niet negatief zijn" })
    .max(60_000, {
      message: "PAGE_CACHE_TTL_MS mag hoogstens 60000 (een minuut) zijn: langer laat prijzen en voorraad te lang oud",
    })
    .optional(),
});

/**
 * Which peers may tell the client's address in X-Forwarded-For: none (the socket's address is the
 * client's), the last N hops, or these addresses and subnets (Express's "trust proxy" forms).
 */
export type TrustProxy = false | number | string[];

/** Express's names for the private ranges, accepted as they are. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * TRUST_PROXY as Express wants it, or a Dutch problem. `true` (trust every peer) is refused: then
 * anyone could choose the address the rate limits count by sending X-Forwarded-For.
 */
export function parseTrustProxy(raw: string | undefined): { value: TrustProxy } | { problem: string } {
  const text = (raw ?? "").trim();
  if (text === "" || text === "false" || text === "0") return { value: false };
  if (text === "true") {
    return {
      problem:
        "true vertrouwt elke afzender, zodat iedereen met X-Forwarded-For een eigen adres kiest; geef het aantal proxy's (bijv. 1) of hun adressen",
    };
  }
  if (/^\d+$/.test(text)) return { value: Number(text) };
  const entries = text.split(",").map((e) => e.trim());
  const wrong = entries.filter((e) => !isProxyAddress(e));
  if (wrong.length) {
    const names = wrong.map((e) => (e === "" ? "(lege waarde)" : e)).join(", ");
    return {
      problem: `${names} is geen aantal, IP-adres, subnet (10.0.0.0/8) of loopback/linklocal/uniquelocal`,
    };
  }
  return { value: entries };
}

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

export type Config = {
  env: "development" | "production" | "test";
  host: string;
  port: number;
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  seedDemo: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  shopEmail: string;
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  /**
   * Signs session cookies. Required with DATABASE_URL (instances sharing a database must share it);
   * the embedded default keeps a generated one under DATA_DIR (see ensureAuthSecret).
   */
  authSecret: string | undefined;
  /**
   * Stripe when PAYMENT_PROVIDER=stripe or a Stripe key is set; otherwise the local test provider,
   * which a production server on PostgreSQL refuses unless LOCAL_PAYMENTS_ALLOWED=true.
   */
  payments:
    | { provider: "local"; allowedInProduction: boolean }
    | { provider: "stripe"; secretKey: string; webhookSecret: string; apiUrl: string | undefined };
  /** TRUST_PROXY: whose X-Forwarded-For names the client (rate limits count per client address). */
  trustProxy: TrustProxy;
  /**
   * The dropship supplier (spec 2 §7.4). Without `apiUrl` the shop sends its orders to its own test
   * supplier (/api/test-supplier/orders), which a production server on PostgreSQL refuses unless
   * TEST_SUPPLIER_ALLOWED=true. The admin's URL (site_settings) wins over `apiUrl`; the credentials
   * only ever come from here and never reach a browser or a log.
   */
  supplier: {
    apiUrl: string | undefined;
    username: string | undefined;
    password: string | undefined;
    debtorNumber: string | undefined;
    deliveryNoteLanguage: string;
    timeoutMs: number;
    testSupplierAllowedInProduction: boolean;
  };
  /**
   * Server-side requests to targets an admin or a supplier's data chooses (supplier API, SFTP/FTP,
   * feed sources, image migration; app/shared/outbound): public addresses only; loopback is allowed
   * for the embedded demo's own servers and tests (OUTBOUND_ALLOW_LOOPBACK), by default everywhere
   * except a production server on PostgreSQL. Private ranges and metadata services never.
   */
  outbound: { allowLoopback: boolean };
  /**
   * The postcode lookup's service (PDOK Locatieserver's /free, or a fake of it in tests); null = off,
   * the shopper types street and city (ADR 0045). Requests go under the outbound policy above.
   */
  addressLookupUrl: string | null;
  /**
   * Every file the shop keeps (app/shared/storage, ADR 0041): folders under DATA_DIR, or an
   * S3-compatible bucket (path-style requests, SigV4) with objects at <prefix><area>/<key>.
   */
  storage:
    | { kind: "local" }
    | {
        kind: "s3";
        endpoint: string;
        bucket: string;
        region: string;
        accessKeyId: string;
        secretAccessKey: string;
        prefix: string;
      };
  /**
   * The supplier's file servers (admin SFTP and FTP tabs): environment defaults, overridden by what an
   * admin stores (supplier_connections). `secretKey` encrypts stored secrets (AUTH_SECRET when unset).
   */
  connections: {
    sftp: ConnectionDefaults;
    ftp: ConnectionDefaults;
    secretKey: string | undefined;
    timeoutMs: number;
    demoServers: boolean;
  };
  /** The largest request body a form or JSON request may send (server/body-limit.ts); 413 above it. */
  maxBodyBytes: number;
  /** The largest supplier feed file (upload or FTP/SFTP download); 413 / a failed run above it. */
  feedMaxBytes: number;
  /** The share (percent) of active products a full feed sets inactive without confirmation (docs/supplier-feeds.md). */
  feedMaxDeactivatePercent: number;
  /** How long an anonymous catalogue page is served from memory (server/page-cache.ts); 0 = off. */
  pageCacheTtlMs: number;
  /** Sign-in with Strava is offered only when both are set. */
  strava: { clientId: string; clientSecret: string; authorizationUrl: string; tokenUrl: string } | null;
  /** PostgreSQL only: how long the shop waits for the database before it answers 503 (docs/operations.md). */
  databaseTimeouts: DatabaseTimeouts;
  /** On SIGTERM/SIGINT: the time open requests and workers get before the process gives up (exit 1). */
  shutdownTimeoutMs: number;
  /** After SIGTERM: how long /readyz says 503 while new requests are still taken, before the port closes. */
  shutdownDrainDelayMs: number;
  /** The bearer token /metrics asks for; null = /metrics is not served. */
  metricsToken: string | null;
};

export type ConnectionDefaults = {
  host: string | undefined;
  port: number;
  user: string | undefined;
  password: string | undefined;
  logonType: "normal" | "key" | "interactive" | "agent";
  remotePath: string;
  secure: boolean;
};

export class ConfigError extends Error {}

/** Parses the environment once at start; every problem is reported, in one message, before anything runs. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Treat empty strings as "not set" so a copied .env.example with blank values works.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Ongeldige configuratie:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const provider = e.PAYMENT_PROVIDER ?? (e.STRIPE_SECRET_KEY ? "stripe" : "local");
  const problems: string[] = [];
  if (provider === "stripe" && (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET)) {
    problems.push("  - STRIPE_SECRET_KEY en STRIPE_WEBHOOK_SECRET: allebei nodig voor betalen via Stripe");
  }
  if (e.SUPPLIER_API_URL && (!e.SUPPLIER_USERNAME || !e.SUPPLIER_PASSWORD || !e.SUPPLIER_DEBTOR_NUMBER)) {
    problems.push(
      "  - SUPPLIER_USERNAME, SUPPLIER_PASSWORD en SUPPLIER_DEBTOR_NUMBER: alle drie nodig met SUPPLIER_API_URL",
    );
  }
  const storage = e.STORAGE ?? e.IMAGE_STORAGE ?? "local";
  if (storage === "s3" && (!e.S3_ENDPOINT || !e.S3_BUCKET || !e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY)) {
    problems.push(
      "  - S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID en S3_SECRET_ACCESS_KEY: alle vier nodig met STORAGE=s3",
    );
  }
  if (problems.length) throw new ConfigError(`Ongeldige configuratie:\n${problems.join("\n")}`);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST === "0.0.0.0" ? "localhost" : e.HOST}:${e.PORT}`).replace(/\/$/, ""),
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    seedDemo: e.SEED_DEMO,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    shopEmail: e.SHOP_EMAIL,
    logLevel: e.LOG_LEVEL,
    authSecret: e.AUTH_SECRET,
    trustProxy: e.TRUST_PROXY,
    payments:
      provider === "stripe"
        ? {
            provider: "stripe",
            secretKey: e.STRIPE_SECRET_KEY!,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
            apiUrl: e.STRIPE_API_URL,
          }
        : { provider: "local", allowedInProduction: e.LOCAL_PAYMENTS_ALLOWED },
    supplier: {
      apiUrl: e.SUPPLIER_API_URL,
      username: e.SUPPLIER_USERNAME,
      password: e.SUPPLIER_PASSWORD,
      debtorNumber: e.SUPPLIER_DEBTOR_NUMBER,
      deliveryNoteLanguage: e.SUPPLIER_DELIVERY_NOTE_LANGUAGE,
      timeoutMs: e.SUPPLIER_TIMEOUT_MS,
      testSupplierAllowedInProduction: e.TEST_SUPPLIER_ALLOWED,
    },
    maxBodyBytes: e.MAX_BODY_BYTES,
    feedMaxBytes: e.FEED_MAX_BYTES,
    feedMaxDeactivatePercent: e.FEED_MAX_DEACTIVATE_PERCENT,
    pageCacheTtlMs: e.PAGE_CACHE_TTL_MS ?? (e.NODE_ENV === "production" ? 5_000 : 0),
    outbound: {
      allowLoopback:
        e.OUTBOUND_ALLOW_LOOPBACK ??
        e.IMAGE_MIGRATION_ALLOW_LOOPBACK ??
        !(e.NODE_ENV === "production" && e.DATABASE_URL),
    },
    addressLookupUrl: e.ADDRESS_LOOKUP_URL === "off" ? null : e.ADDRESS_LOOKUP_URL,
    storage:
      storage === "s3"
        ? {
            kind: "s3",
            endpoint: e.S3_ENDPOINT!.replace(/\/$/, ""),
            bucket: e.S3_BUCKET!,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID!,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
            prefix: e.S3_PREFIX,
          }
        : { kind: "local" },
    connections: {
      sftp: {
        host: e.SFTP_HOST,
        port: e.SFTP_PORT,
        user: e.SFTP_USER,
        password: e.SFTP_PASSWORD,
        logonType: e.SFTP_LOGON_TYPE,
        remotePath: e.SFTP_REMOTE_PATH,
        secure: false,
      },
      ftp: {
        host: e.FTP_HOST,
        port: e.FTP_PORT,
        user: e.FTP_USER,
        password: e.FTP_PASSWORD,
        logonType: "normal",
        remotePath: e.FTP_REMOTE_PATH,
        secure: e.FTP_SECURE,
      },
      secretKey: e.CONNECTION_SECRET_KEY,
      timeoutMs: e.CONNECTION_TIMEOUT_MS,
      demoServers: e.DEMO_FILE_SERVERS && !e.DATABASE_URL,
    },
    strava:
      e.STRAVA_CLIENT_ID && e.STRAVA_CLIENT_SECRET
        ? {
            clientId: e.STRAVA_CLIENT_ID,
            clientSecret: e.STRAVA_CLIENT_SECRET,
            authorizationUrl: e.STRAVA_AUTHORIZATION_URL,
            tokenUrl: e.STRAVA_TOKEN_URL,
          }
        : null,
    databaseTimeouts: {
      connectMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      lockMs: e.DATABASE_LOCK_TIMEOUT_MS,
      idleInTransactionMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    shutdownDrainDelayMs: e.SHUTDOWN_DRAIN_DELAY_MS,
    metricsToken: e.METRICS_TOKEN ?? null,
  };
}
