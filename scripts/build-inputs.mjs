// What `npm run build` reads: a change in any of these files means a new build. Shared by
// scripts/build-if-changed.mjs (`npm start`) and the tests' build cache (tests/support/build.ts).
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

export const BUILD_INPUTS = [
  "app",
  "public",
  "server",
  "server.ts",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
  "scripts/build-server.mjs",
  "scripts/build-if-changed.mjs",
  "scripts/build-inputs.mjs",
];

function* files(entry) {
  if (!existsSync(entry)) return;
  if (!statSync(entry).isDirectory()) {
    yield entry;
    return;
  }
  for (const name of readdirSync(entry).sort()) yield* files(path.join(entry, name));
}

/**
 * A hash of every input file's path and bytes (content, not timestamps: a fresh clone is equal),
 * and of the NODE_ENV the build runs with.
 */
export function inputsFingerprint(nodeEnv = process.env.NODE_ENV ?? "") {
  const hash = createHash("sha256");
  hash.update(`node-env:${nodeEnv}\n`);
  for (const input of BUILD_INPUTS) {
    for (const file of files(input)) {
      hash.update(`${file}\n`);
      hash.update(readFileSync(file));
    }
  }
  return hash.digest("hex");
}
