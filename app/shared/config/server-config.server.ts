import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { ConfigError, type Config } from "./env.server";

/**
 * What only the web server needs on top of `loadConfig` (scripts such as db:seed do without):
 * a session secret, and neither local test payments nor the local test supplier on a production database.
 */
export async function prepareServerConfig(config: Config): Promise<Config> {
  if (
    config.payments.provider === "local" &&
    !config.payments.allowedInProduction &&
    config.databaseUrl &&
    config.env === "production"
  ) {
    throw new ConfigError(
      "Ongeldige configuratie:\n  - PAYMENT_PROVIDER: de lokale testbetaalpagina draait niet in productie; stel Stripe in (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET) of zet LOCAL_PAYMENTS_ALLOWED=true",
    );
  }
  if (
    !config.supplier.apiUrl &&
    !config.supplier.testSupplierAllowedInProduction &&
    config.databaseUrl &&
    config.env === "production"
  ) {
    throw new ConfigError(
      "Ongeldige configuratie:\n  - SUPPLIER_API_URL: zonder leverancier gaan betaalde bestellingen naar de ingebouwde testleverancier, en die draait niet in productie; stel SUPPLIER_API_URL, SUPPLIER_USERNAME, SUPPLIER_PASSWORD en SUPPLIER_DEBTOR_NUMBER in of zet TEST_SUPPLIER_ALLOWED=true",
    );
  }
  return ensureAuthSecret(config);
}

/**
 * AUTH_SECRET when set; otherwise (the embedded single-instance default) a random secret kept in
 * DATA_DIR/auth-secret, so sessions survive restarts without any set-up. A production server on a
 * shared PostgreSQL must be given one: every instance has to sign cookies with the same key.
 * (Only the server needs it; scripts such as db:seed do not.)
 */
export async function ensureAuthSecret(config: Config): Promise<Config> {
  if (config.authSecret) return config;
  if (config.databaseUrl && config.env === "production") {
    throw new ConfigError(
      "Ongeldige configuratie:\n  - AUTH_SECRET: verplicht met DATABASE_URL (alle instanties moeten dezelfde sleutel delen); maak er een met: openssl rand -base64 32",
    );
  }
  const file = path.resolve(config.dataDir, "auth-secret");
  try {
    const existing = (await fs.readFile(file, "utf8")).trim();
    if (existing.length >= 32) return { ...config, authSecret: existing };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const secret = crypto.randomBytes(32).toString("base64url");
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, secret + "\n", { mode: 0o600 });
  return { ...config, authSecret: secret };
}
