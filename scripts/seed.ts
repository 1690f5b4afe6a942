/**
 * npm run db:seed [-- --products N] [-- --reset]
 * Fills the configured database (DATABASE_URL → PostgreSQL, else PGlite in ./data/pglite) with the
 * generated catalogue. Default size is the demo catalogue; `--products 100000` is for benchmarks.
 */
import { ConfigError, loadConfig } from "../app/shared/config/env.server";
import { openDatabaseFromConfig } from "../app/db/client.server";
import { DataDirInUseError } from "../app/db/data-dir-lock.server";
import { CatalogueNotEmptyError, seedCatalogue } from "../app/db/seed/large.server";
import { DEMO_PRODUCT_COUNT } from "../app/db/seed/product-generator";

class UsageError extends Error {}

function parseArgs(argv: string[]): { products: number; reset: boolean } {
  let products = DEMO_PRODUCT_COUNT;
  let reset = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--reset") reset = true;
    else if (arg === "--products" || arg.startsWith("--products=")) {
      const value = arg.includes("=") ? arg.split("=")[1] : argv[++i];
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1 || n > 5_000_000) {
        throw new UsageError(`--products verwacht een geheel getal tussen 1 en 5000000, niet "${value ?? ""}"`);
      }
      products = n;
    } else if (arg === "--help" || arg === "-h") {
      console.log("Gebruik: npm run db:seed -- [--products N] [--reset]");
      process.exit(0);
    } else {
      throw new UsageError(`Onbekende optie: ${arg}\nGebruik: npm run db:seed -- [--products N] [--reset]`);
    }
  }
  return { products, reset };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  const database = await openDatabaseFromConfig(config);
  const started = performance.now();
  let lastReport = 0;
  try {
    const counts = await seedCatalogue(database.db, {
      products: args.products,
      reset: args.reset,
      onProgress: (done, total) => {
        if (done === total || performance.now() - lastReport > 2000) {
          lastReport = performance.now();
          console.log(`  ${done.toLocaleString("nl-NL")} / ${total.toLocaleString("nl-NL")} producten`);
        }
      },
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Catalogus aangemaakt in ${seconds} s (${database.kind}):`, counts);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof CatalogueNotEmptyError ||
    error instanceof UsageError ||
    error instanceof DataDirInUseError
  ) {
    console.error(error.message);
  } else console.error("Seeden mislukt:", error);
  process.exit(1);
});
