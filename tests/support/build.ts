import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { inputsFingerprint } from "../../scripts/build-inputs.mjs";

/** Builds of other sources kept beside the current one (a branch switch back finds its build). */
const KEEP_OTHER_BUILDS = 2;

/**
 * The production app built from the current sources, and a scratch folder for this run.
 *
 * The build is kept in tmp/builds/app-<fingerprint of the build's inputs> and reused by every later
 * run with the same sources: a test run, the browser tests and the benchmarks then share one build
 * (it took 20-90 s, the most of a one-file test run). A build is made in a private folder and moved
 * into place whole, so a parallel run never reads a half-written build. The folders sit inside the
 * project (tmp/, gitignored) so the build's bare imports resolve to the project's node_modules.
 */
export function buildApp(label: string): { buildDir: string; workDir: string; cleanup: () => void } {
  const root = path.resolve("tmp/builds");
  mkdirSync(root, { recursive: true });
  const fingerprint = inputsFingerprint("production").slice(0, 24);
  const kept = path.join(root, `app-${fingerprint}`);
  if (!existsSync(path.join(kept, "build/server/index.js"))) {
    const staging = mkdtempSync(path.join(root, "staging-"));
    build(path.join(staging, "build"));
    try {
      renameSync(staging, kept);
    } catch {
      // Another run moved the same build into place first: use that one.
      rmSync(staging, { recursive: true, force: true });
    }
    pruneOtherBuilds(root, kept);
  }
  const workDir = mkdtempSync(path.join(root, `${label}-`));
  return {
    buildDir: path.join(kept, "build"),
    workDir,
    cleanup: () => rmSync(workDir, { recursive: true, force: true }),
  };
}

function build(buildDir: string) {
  try {
    execFileSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], {
      env: { ...process.env, RR_BUILD_DIR: buildDir, NODE_ENV: "production" },
      stdio: "pipe",
    });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`The app did not build:\n${stdout?.toString() ?? ""}${stderr?.toString() ?? ""}`);
  }
}

/** Removes all but the newest few builds of other sources, and stagings abandoned over an hour ago. */
function pruneOtherBuilds(root: string, current: string) {
  const hourAgo = Date.now() - 3_600_000;
  const entries = readdirSync(root).map((name) => {
    const full = path.join(root, name);
    return { name, full, mtime: statSync(full).mtimeMs };
  });
  const others = entries
    .filter((entry) => entry.name.startsWith("app-") && entry.full !== current)
    .sort((a, b) => b.mtime - a.mtime);
  for (const old of others.slice(KEEP_OTHER_BUILDS)) rmSync(old.full, { recursive: true, force: true });
  for (const stale of entries.filter((entry) => entry.name.startsWith("staging-") && entry.mtime < hourAgo)) {
    rmSync(stale.full, { recursive: true, force: true });
  }
}
