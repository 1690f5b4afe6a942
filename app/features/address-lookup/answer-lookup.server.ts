import type { Config } from "~/shared/config/env.server";
import type { Db } from "~/db/client.server";
import { hitRateLimit } from "~/shared/security/rate-limit.server";
import type { Logger } from "~/shared/logging/logger.server";
import { hasInvalidCharacters } from "~/shared/forms/text-input";
import { getAddressLookup } from "./address-lookup.server";
import { lookupQuery, type LookupAnswer } from "./lookup-query";

/**
 * Lookups per client address: a shopper fills in one or two addresses (a few lookups each, a typo
 * retyped); 60 in ten minutes leaves room for a household or an office behind one address, and
 * keeps anyone from walking the register through the shop.
 */
export const ADDRESS_LOOKUP_RATE_LIMIT = { limit: 60, windowSeconds: 600 } as const;

export type LookupReply = { status: number; body: LookupAnswer };

const nothing = (status: number): LookupReply => ({ status, body: { address: null } });

/**
 * GET /api/adres's work: a postcode by the spec's rule and a house number, else 400 without asking
 * anyone; then the per-address limit (429), then the register. Every way of not finding the address
 * (off, slow, down, unknown) answers `address: null`: the form then simply stays as the shopper types
 * it. Never throws.
 */
export async function answerLookup(
  deps: { db: Db; config: Config; logger: Logger; clientIp: string },
  params: { postcode: string | null; houseNumber: string | null },
): Promise<LookupReply> {
  const postcode = params.postcode ?? "";
  const houseNumber = params.houseNumber ?? "";
  if (hasInvalidCharacters(postcode) || hasInvalidCharacters(houseNumber)) return nothing(400);
  const query = postcode.length <= 20 && houseNumber.length <= 20 ? lookupQuery(postcode, houseNumber) : null;
  if (!query) return nothing(400);
  const lookup = getAddressLookup(deps.config);
  if (!lookup) return nothing(200);
  try {
    const limit = await hitRateLimit(deps.db, { key: `address:ip:${deps.clientIp}`, ...ADDRESS_LOOKUP_RATE_LIMIT });
    if (!limit.allowed) return nothing(429);
    const outcome = await lookup.lookup(query);
    if (outcome.kind === "found") return { status: 200, body: { address: outcome.address } };
    // The address itself is personal data: the log says only why the service gave no answer.
    if (outcome.kind === "unavailable") deps.logger.warn({ why: outcome.why.message }, "address lookup unavailable");
    return nothing(200);
  } catch (error) {
    deps.logger.error({ err: error }, "address lookup failed");
    return nothing(200);
  }
}
