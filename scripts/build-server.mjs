// Compiles server.ts for production: Node 20 cannot run TypeScript itself.
import { build } from "esbuild";

await build({
  entryPoints: ["server.ts"],
  // Tests bundle it next to their own private build (tests/support/server-process.ts); server.ts
  // finds the React Router build beside itself.
  outfile: process.env.SERVER_OUTFILE ?? "build/server.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  alias: { "~": "./app" },
  logLevel: "warning",
});
