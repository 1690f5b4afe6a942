import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * `npm start` runs scripts/build-if-changed.mjs: it builds only when an input of the build changed.
 * Run for real in a scratch project whose `build` script only counts how often it ran.
 */
describe("npm start builds only when the sources changed", () => {
  let dir: string;
  const builds = () => readFileSync(path.join(dir, "builds.txt"), "utf8").trim().split("\n").length;
  const start = () =>
    execFileSync(process.execPath, ["scripts/build-if-changed.mjs"], {
      cwd: dir,
      encoding: "utf8",
      env: { ...process.env, NODE_ENV: "" },
    });

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "build-if-changed-"));
    mkdirSync(path.join(dir, "scripts"));
    cpSync("scripts/build-if-changed.mjs", path.join(dir, "scripts/build-if-changed.mjs"));
    cpSync("scripts/build-inputs.mjs", path.join(dir, "scripts/build-inputs.mjs"));
    mkdirSync(path.join(dir, "app"));
    writeFileSync(path.join(dir, "app/root.tsx"), "export default 1;\n");
    // The stand-in build makes the outputs the script checks for and counts its runs.
    const build =
      "mkdir -p build/server build/client && touch build/server.js build/server/index.js && echo built >> builds.txt";
    writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "scratch", scripts: { build } }));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // Eleven processes one after another (node, and npm for each build): on a 2-core machine under CI's
  // load that passed 30 s once. A limit for a hang, not a speed budget.
  it(
    "builds the first time, skips while nothing changed, and builds again after a change",
    { timeout: 120_000 },
    () => {
      start();
      expect(builds()).toBe(1);

      expect(start()).toContain("not building again");
      expect(builds()).toBe(1);

      writeFileSync(path.join(dir, "app/root.tsx"), "export default 2;\n");
      start();
      expect(builds()).toBe(2);

      // A new file counts as a change too, as does a build output that went missing.
      writeFileSync(path.join(dir, "app/new-route.tsx"), "export default 3;\n");
      start();
      expect(builds()).toBe(3);
      rmSync(path.join(dir, "build/client"), { recursive: true });
      start();
      expect(builds()).toBe(4);
      expect(start()).toContain("not building again");
      expect(builds()).toBe(4);
    },
  );
});
