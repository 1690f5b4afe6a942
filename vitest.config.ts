import path from "node:path";
import { defineConfig } from "vitest/config";

// Kept apart from vite.config.ts: tests must not load the React Router plugin.
export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    include: [
      "app/**/*.test.ts",
      "app/**/*.test.tsx",
      "tests/integration/**/*.test.ts",
      // Faults only a PostgreSQL server has (dropped connections, a frozen server): these files run in
      // the PostgreSQL pass (TEST_DATABASE_URL, as CI does) and do not exist for the PGlite pass.
      ...(process.env.TEST_DATABASE_URL ? ["tests/postgres/**/*.test.ts"] : []),
    ],
    globalSetup: ["tests/setup/global.ts"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
