import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";

/**
 * Builds the production app into a private folder, so parallel runs never read a half-written build.
 * The folder sits inside the project (tmp/builds, gitignored) so the build's bare imports resolve
 * to the project's node_modules.
 */
export function buildApp(label: string): { buildDir: string; cleanup: () => void } {
  const root = path.resolve("tmp/builds");
  mkdirSync(root, { recursive: true });
  const work = mkdtempSync(path.join(root, `${label}-`));
  const buildDir = path.join(work, "build");
  try {
    execFileSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], {
      env: { ...process.env, RR_BUILD_DIR: buildDir, NODE_ENV: "production" },
      stdio: "pipe",
    });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`The app did not build:\n${stdout?.toString() ?? ""}${stderr?.toString() ?? ""}`);
  }
  return { buildDir, cleanup: () => rmSync(work, { recursive: true, force: true }) };
}
