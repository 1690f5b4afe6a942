import type { Config } from "~/config/env.server";
import type { Db } from "~/db/client.server";
import type { Logger } from "~/lib/logger.server";
import type { PaymentProvider } from "./provider";

export type PaymentDeps = { db: Db; config: Config; logger: Logger };

/** The configured provider (config.payments). To be built in issue 4 (payments helper). */
export function createPaymentProvider(deps: PaymentDeps): PaymentProvider {
  const fail = async (): Promise<never> => {
    throw new Error(`payment provider ${deps.config.payments.provider}: not built yet`);
  };
  return {
    name: deps.config.payments.provider,
    createCheckoutSession: fail,
    retrieveSession: fail,
    parseWebhook: fail,
  };
}
