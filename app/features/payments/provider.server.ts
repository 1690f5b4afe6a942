import type { Config } from "~/shared/config/env.server";
import type { Db } from "~/db/client.server";
import type { Logger } from "~/shared/logging/logger.server";
import { createLocalProvider } from "./local-provider.server";
import type { PaymentProvider } from "./provider";
import { createStripeProvider } from "./stripe-provider.server";

export type PaymentDeps = { db: Db; config: Config; logger: Logger };

/**
 * The configured provider (config.payments): Stripe Checkout when set up, else the local test page.
 * (Whether the local page may run at all in production is decided at server start, in
 * prepareServerConfig.)
 */
export function createPaymentProvider(deps: PaymentDeps): PaymentProvider {
  const payments = deps.config.payments;
  if (payments.provider === "stripe") return createStripeProvider(payments);
  return createLocalProvider({ db: deps.db, publicUrl: deps.config.publicUrl });
}
