import type { Config } from "~/config/env.server";
import type { Db } from "~/db/client.server";
import type { Logger } from "~/lib/logger.server";

/** What the server hands every loader and action: the request's dependencies, never globals. */
export type AppContext = {
  db: Db;
  config: Config;
  logger: Logger;
  /** Per-request CSP nonce for the inline scripts React Router renders. */
  nonce: string;
  /** The shopper's address as Express sees it (proxy headers trusted from loopback only), for rate limits. */
  clientIp: string;
};

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppContext {}
}
