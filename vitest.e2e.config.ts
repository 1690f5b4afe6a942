import path from "node:path";
import { defineConfig } from "vitest/config";

// Browser journeys: one shop server (real build, seeded demo database) shared by all files, run one file at a time.
export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  // The shop served here renders with production React (tests/setup/production-react.ts, imported
  // first by the global setup); the mails it renders in this process need JSX compiled to match.
  oxc: { jsx: { runtime: "automatic", development: false } },
  test: {
    include: ["tests/e2e/**/*.e2e.ts"],
    globalSetup: ["tests/e2e/support/global-setup.ts"],
    pool: "forks",
    fileParallelism: false,
    // The longest journeys (guest checkout, payment, the mail's link, withdrawal, the admin's refund)
    // took 48-59 s alone on a quiet 2-core machine and passed 60 s when it was busy: a limit for a hang,
    // not a speed budget.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // What a person waits for (a sign-in answer, a toast) may take seconds on a loaded 2-core
    // machine; polls keep checking every 50 ms, so a quick answer still passes at once.
    expect: { poll: { timeout: 5_000 } },
  },
});
