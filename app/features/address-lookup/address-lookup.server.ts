import { LRUCache } from "lru-cache";
import type { Config } from "~/shared/config/env.server";
import { askPdok, type PdokOutcome } from "./pdok-client.server";
import type { LookupQuery } from "./lookup-query";

type Settled = Exclude<PdokOutcome, { kind: "unavailable" }>;

/**
 * Remembered answers: a shopper going back a step, a second shopper in the same building, a retyped
 * number. Streets are renamed rarely, so a day is safe; "not in the register" only an hour (a new
 * building enters the BAG). Failures are never kept: the next try may work.
 */
const CACHE = { max: 5_000, foundTtlMs: 24 * 60 * 60 * 1000, unknownTtlMs: 60 * 60 * 1000 } as const;

export type AddressLookup = {
  /** The register's answer for this postcode and number, from memory when asked before. */
  lookup: (query: LookupQuery) => Promise<PdokOutcome>;
};

function createAddressLookup(url: string, policy: Config["outbound"]): AddressLookup {
  const cache = new LRUCache<string, Settled>({ max: CACHE.max, ttl: CACHE.foundTtlMs });
  // Two shoppers (or two keystrokes) asking for the same address at once share one request.
  const asking = new Map<string, Promise<PdokOutcome>>();
  return {
    lookup(query) {
      const key = `${query.postcode} ${query.houseNumber}`;
      const known = cache.get(key);
      if (known) return Promise.resolve(known);
      const pending = asking.get(key);
      if (pending) return pending;
      const request = askPdok(url, query, policy).then((outcome) => {
        asking.delete(key);
        if (outcome.kind === "found") cache.set(key, outcome);
        if (outcome.kind === "unknown") cache.set(key, outcome, { ttl: CACHE.unknownTtlMs });
        return outcome;
      });
      asking.set(key, request);
      return request;
    },
  };
}

// One lookup (and so one cache) per configuration: the server has one, each test app its own.
const lookups = new WeakMap<Config, AddressLookup>();

/** The shop's address lookup, or null when ADDRESS_LOOKUP_URL is off. */
export function getAddressLookup(config: Config): AddressLookup | null {
  if (!config.addressLookupUrl) return null;
  let lookup = lookups.get(config);
  if (!lookup) {
    lookup = createAddressLookup(config.addressLookupUrl, config.outbound);
    lookups.set(config, lookup);
  }
  return lookup;
}
