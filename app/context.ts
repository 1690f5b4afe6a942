import type { Config } from "~/shared/config/env.server";
import type { Db } from "~/db/client.server";
import type { Auth } from "~/features/accounts/index.server";
import type { PaymentProvider } from "~/features/payments";
import type { Logger } from "~/shared/logging/logger.server";

/** What the server hands every loader and action: the request's dependencies, never globals. */
export type AppContext = {
  db: Db;
  config: Config;
  logger: Logger;
  /** better-auth: sessions, sign-in, sign-up; use getViewer()/requireAdmin() rather than calling it for the session. */
  auth: Auth;
  /** The configured payment provider (Stripe or the local test provider). */
  payments: PaymentProvider;
  /**
   * Maintenance mode as the server gate saw it for this request: `on` is the site setting (read on
   * every request), `blocked` means this visitor is not an admin and gets only the maintenance screen.
   */
  maintenance: { on: boolean; blocked: boolean };
  /** Per-request CSP nonce for the inline scripts React Router renders. */
  nonce: string;
  /** The shopper's address as Express sees it (X-Forwarded-For only from the proxies TRUST_PROXY names), for rate limits. */
  clientIp: string;
};

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppContext {}
}
