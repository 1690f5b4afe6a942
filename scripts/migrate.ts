// `npm run db:migrate`: brings the configured database up to date (the server also does this at start).
import { loadConfig } from "../app/shared/config/env.server";
import { openDatabaseFromConfig } from "../app/db/client.server";
import { DataDirInUseError } from "../app/db/data-dir-lock.server";

async function main() {
  const config = loadConfig();
  const database = await openDatabaseFromConfig(config);
  await database.close();
  console.log(`Migrations applied (${database.kind}).`);
}

main().catch((error: unknown) => {
  console.error(error instanceof DataDirInUseError ? error.message : error);
  process.exit(1);
});
