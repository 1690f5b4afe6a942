import path from "node:path";
import { defineConfig } from "vitest/config";

// Browser journeys: one shop server (real build, seeded demo database) shared by all files, run one file at a time.
export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    include: ["tests/e2e/**/*.e2e.ts"],
    globalSetup: ["tests/e2e/support/global-setup.ts"],
    pool: "forks",
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // What a person waits for (a sign-in answer, a toast) may take seconds on a loaded 2-core
    // machine; polls keep checking every 50 ms, so a quick answer still passes at once.
    expect: { poll: { timeout: 5_000 } },
  },
});
