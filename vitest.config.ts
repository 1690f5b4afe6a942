import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { WITHOUT_DATABASE_UNDER_TEST } from "./tests/embedded-database-tests.ts";

// Kept apart from vite.config.ts: tests must not load the React Router plugin.
export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    pool: "forks",
    // Integration tests mostly wait (HTTP, the database, mail on loopback), so one test file more than
    // there are cores keeps them busy; Vitest's default (cores - 1) ran one file at a time on two.
    maxWorkers: os.availableParallelism() + 1,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        // Pure logic beside its code: no build, no database, so `vitest run app/…` starts at once.
        extends: true,
        test: { name: "unit", include: ["app/**/*.test.ts", "app/**/*.test.tsx"] },
      },
      {
        // The real production build over HTTP against a migrated database (tests/setup/global.ts runs
        // only when a file of this project is queued).
        extends: true,
        // The tests' own JSX (mail templates rendered in the test process) for the production React
        // that tests/setup/production-react.ts loads: development JSX needs development React.
        oxc: { jsx: { runtime: "automatic", development: false } },
        test: {
          name: "integration",
          include: [
            "tests/integration/**/*.test.ts",
            // Faults only a PostgreSQL server has (dropped connections, a frozen server): these files run
            // in the PostgreSQL pass (TEST_DATABASE_URL, as CI does) and do not exist for the PGlite pass.
            ...(process.env.TEST_DATABASE_URL ? ["tests/postgres/**/*.test.ts"] : []),
          ],
          // These never open the database under test: the PostgreSQL pass would repeat them as they are.
          exclude: process.env.TEST_DATABASE_URL ? WITHOUT_DATABASE_UNDER_TEST : [],
          globalSetup: ["tests/setup/global.ts"],
          // The build's React in its production form, as `npm start` runs it (tests/setup/production-react.ts).
          setupFiles: ["tests/setup/production-react.ts"],
          // Each worker imports the production build and the test support once, not once a file: the
          // files share no state but the modules (each starts its own app on its own database).
          isolate: false,
        },
      },
    ],
  },
});
