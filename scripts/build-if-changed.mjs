// `npm start` builds only when the sources changed since the last build: a fingerprint of every
// input of `npm run build` is kept next to the build (build/.inputs), and an equal one skips the
// build (it was most of the time to the first page). Any doubt (no build, no fingerprint, a file
// that cannot be read) builds.
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const INPUTS = [
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
];
const STAMP = "build/.inputs";
const OUTPUTS = ["build/server.js", "build/server/index.js", "build/client"];

function* files(entry) {
  if (!existsSync(entry)) return;
  if (!statSync(entry).isDirectory()) {
    yield entry;
    return;
  }
  for (const name of readdirSync(entry).sort()) yield* files(path.join(entry, name));
}

/** A hash of every input file's path and bytes (content, not timestamps: a fresh clone is equal). */
function inputsFingerprint() {
  const hash = createHash("sha256");
  hash.update(`node-env:${process.env.NODE_ENV ?? ""}\n`);
  for (const input of INPUTS) {
    for (const file of files(input)) {
      hash.update(`${file}\n`);
      hash.update(readFileSync(file));
    }
  }
  return hash.digest("hex");
}

const fingerprint = inputsFingerprint();
const built = OUTPUTS.every((output) => existsSync(output));
const previous = existsSync(STAMP) ? readFileSync(STAMP, "utf8").trim() : null;
if (built && previous === fingerprint) {
  console.log("Build is up to date with the sources: not building again.");
} else {
  execFileSync("npm", ["run", "build"], { stdio: "inherit" });
  writeFileSync(STAMP, `${fingerprint}\n`);
}
