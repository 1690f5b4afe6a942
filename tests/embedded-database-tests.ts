import { pathToFileURL } from "node:url";

/**
 * Test files that never open the database under test (the embedded database's own folder lock, the
 * build, local files, the demo's file servers): a PostgreSQL pass would repeat them as they are.
 */
export const WITHOUT_DATABASE_UNDER_TEST = [
  "tests/integration/backup-restore.test.ts",
  "tests/integration/build-if-changed.test.ts",
  "tests/integration/data-dir-lock.test.ts",
  "tests/integration/demo-file-servers.test.ts",
  "tests/integration/disk-full.test.ts",
  "tests/integration/lint-boundaries.test.ts",
  "tests/integration/storage.test.ts",
  "tests/integration/temp-file-sweep.test.ts",
];

/**
 * What CI runs on the embedded PGlite database besides the browser journeys (which run the whole shop
 * on it): the files above, those with a path of their own for PGlite (its data folder, its one
 * connection, no connection pool), and the search relevance set (issue 30 asks it of both). Every other integration file runs in CI on PostgreSQL, the
 * production database; `npm test` runs them all on PGlite (ADR 0047).
 */
export const EMBEDDED_DATABASE_TESTS = [
  ...WITHOUT_DATABASE_UNDER_TEST,
  "tests/integration/admin-create.test.ts",
  "tests/integration/coupons.test.ts",
  "tests/integration/metrics.test.ts",
  "tests/integration/shutdown.test.ts",
  "tests/integration/search-relevance.test.ts",
];

// `node --import tsx tests/embedded-database-tests.ts` prints the list (npm run test:embedded).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(EMBEDDED_DATABASE_TESTS.join(" "));
}
