/**
 * Builds (or finds) the production build the test runs share (tests/support/build.ts), so CI can
 * start the browser tests beside the other passes without two runs building the same sources at once.
 */
import { buildApp } from "./build";

const started = Date.now();
buildApp("prebuild").cleanup();
console.log(`production build for the tests ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);
