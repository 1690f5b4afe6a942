// `npm start` builds only when the sources changed since the last build: a fingerprint of every
// input of `npm run build` is kept next to the build (build/.inputs), and an equal one skips the
// build (it was most of the time to the first page). Any doubt (no build, no fingerprint, a file
// that cannot be read) builds.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { inputsFingerprint } from "./build-inputs.mjs";

const STAMP = "build/.inputs";
const OUTPUTS = ["build/server.js", "build/server/index.js", "build/client"];

const fingerprint = inputsFingerprint();
const built = OUTPUTS.every((output) => existsSync(output));
const previous = existsSync(STAMP) ? readFileSync(STAMP, "utf8").trim() : null;
if (built && previous === fingerprint) {
  console.log("Build is up to date with the sources: not building again.");
} else {
  execFileSync("npm", ["run", "build"], { stdio: "inherit" });
  writeFileSync(STAMP, `${fingerprint}\n`);
}
