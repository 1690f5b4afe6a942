import { z } from "zod";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

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
  MAX_BODY_BYTES: z.coerce
    .number({ message: "MAX_BODY_BYTES moet een aantal bytes zijn, bijv. 65536" })
    .int({ message: "MAX_BODY_BYTES moet een aantal bytes zijn, bijv. 65536" })
    .min(1024, { message: "MAX_BODY_BYTES moet minimaal 1024 zijn" })
    .max(100 * 1024 * 1024, { message: "MAX_BODY_BYTES mag hoogstens 104857600 (100 MiB) zijn" })
    .default(64 * 1024),
});

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
  /** The largest request body a form or JSON request may send (server/body-limit.ts); 413 above it. */
  maxBodyBytes: number;
  /** Sign-in with Strava is offered only when both are set. */
  strava: { clientId: string; clientSecret: string; authorizationUrl: string; tokenUrl: string } | null;
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
    payments:
      provider === "stripe"
        ? {
            provider: "stripe",
            secretKey: e.STRIPE_SECRET_KEY!,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
            apiUrl: e.STRIPE_API_URL,
          }
        : { provider: "local", allowedInProduction: e.LOCAL_PAYMENTS_ALLOWED },
    maxBodyBytes: e.MAX_BODY_BYTES,
    strava:
      e.STRAVA_CLIENT_ID && e.STRAVA_CLIENT_SECRET
        ? {
            clientId: e.STRAVA_CLIENT_ID,
            clientSecret: e.STRAVA_CLIENT_SECRET,
            authorizationUrl: e.STRAVA_AUTHORIZATION_URL,
            tokenUrl: e.STRAVA_TOKEN_URL,
          }
        : null,
  };
}
