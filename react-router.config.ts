import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Tests build into their own folder so parallel runs never read a half-written build.
  buildDirectory: process.env.RR_BUILD_DIR ?? "build",
} satisfies Config;
