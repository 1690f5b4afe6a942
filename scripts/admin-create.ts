/**
 * npm run admin:create -- --email E --password P
 * Creates an admin account in the configured database (DATABASE_URL → PostgreSQL, else PGlite under
 * DATA_DIR), or makes an existing user admin with this password. Migrates the database first.
 * With the embedded PGlite database, stop the server first: PGlite allows one process per directory,
 * and the script refuses (DataDirInUseError) while the shop has it open.
 */
import { ConfigError, loadConfig } from "../app/shared/config/env.server";
import { openDatabaseFromConfig } from "../app/db/client.server";
import { DataDirInUseError } from "../app/db/data-dir-lock.server";
import { createOrPromoteAdmin, validateAdminInput } from "../app/features/admin-users/admin-accounts.server";

const USAGE = "Gebruik: npm run admin:create -- --email E --password P";

class UsageError extends Error {}

function parseArgs(argv: string[]): { email: string; password: string } {
  const values: Record<string, string | undefined> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--help" || arg === "-h") {
      console.log(USAGE);
      process.exit(0);
    }
    const match = /^--(email|password)(?:=(.*))?$/.exec(arg);
    if (!match) throw new UsageError(`Onbekende optie: ${arg}\n${USAGE}`);
    const value = match[2] ?? argv[++i];
    if (value === undefined) throw new UsageError(`--${match[1]} verwacht een waarde\n${USAGE}`);
    values[match[1]!] = value;
  }
  const missing = ["email", "password"].filter((name) => values[name] === undefined);
  if (missing.length) throw new UsageError(`Ontbreekt: ${missing.map((m) => `--${m}`).join(", ")}\n${USAGE}`);
  return { email: values.email!, password: values.password! };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  // Checked before the database opens: bad input changes nothing and fails fast.
  const checked = validateAdminInput(args);
  if (!checked.ok) throw new UsageError(checked.errors.join("\n"));

  // Only the database settings matter here; writing a password hash needs no AUTH_SECRET.
  const config = loadConfig({
    NODE_ENV: "development",
    DATABASE_URL: process.env.DATABASE_URL,
    DATA_DIR: process.env.DATA_DIR,
  });
  const database = await openDatabaseFromConfig(config);
  try {
    const result = await createOrPromoteAdmin(database.db, checked.data);
    const where = database.kind === "postgres" ? "PostgreSQL" : `PGlite in ${config.dataDir}`;
    const message = {
      created: `Beheerder aangemaakt: ${result.email}`,
      promoted: `Bestaande gebruiker ${result.email} is nu beheerder; het wachtwoord is ingesteld`,
      updated: `${result.email} was al beheerder; het wachtwoord is bijgewerkt`,
    }[result.status];
    console.log(`${message} (database: ${where}).`);
    console.log("Log in met dit e-mailadres en wachtwoord; het beheer staat op /admin.");
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError || error instanceof ConfigError || error instanceof DataDirInUseError) {
    console.error(error.message);
  } else console.error("Beheerder aanmaken mislukt:", error);
  process.exit(1);
});
