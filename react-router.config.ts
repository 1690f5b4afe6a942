import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Every route is known to the browser from the first page on, instead of being looked up
  // (/__manifest) when a link needs it. A click on "Afrekenen" while the cart's price check was
  // still answering now and then left the address bar on /checkout with the cart on screen: the
  // lookup was cut off and the navigation never finished.
  routeDiscovery: { mode: "initial" },
  // Tests build into their own folder so parallel runs never read a half-written build.
  buildDirectory: process.env.RR_BUILD_DIR ?? "build",
} satisfies Config;
