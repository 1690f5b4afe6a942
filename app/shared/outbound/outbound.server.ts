import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { isIP, type LookupFunction } from "node:net";
import { isAllowedAddress, isMetadataHostName, normaliseHost, type AddressPolicy } from "./address-policy";

export { isAllowedAddress, isMetadataHostName, normaliseHost, type AddressPolicy };

/**
 * The one outbound address policy of every server-side request whose target an admin or a
 * supplier's data chooses (ADR 0027). Three steps, always together:
 * 1. the target is checked before anything is sent (`checkOutboundUrl`, `checkOutboundHost`);
 * 2. the connection resolves the host itself and refuses it unless every address is allowed, then
 *    connects to exactly the address it checked (`guardedLookup` for node:http(s),
 *    `resolveOutboundHost` for SFTP/FTP clients, which get the IP) — so a second, different DNS
 *    answer cannot slip a private address in between check and connect (DNS rebinding);
 * 3. redirects are not followed by the transport; a caller that follows one checks it as in 1.
 */

/** The target is not one the shop connects to; `message` is plain English for the admin. */
export class OutboundRefusedError extends Error {
  override name = "OutboundRefusedError";
}

const lookupAll = (host: string, family?: number) =>
  new Promise<LookupAddress[]>((resolve, reject) =>
    dnsLookup(host, { all: true, family: family ?? 0 }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

/** Why the shop refuses this host without looking it up (an IP literal or a metadata name), or null. */
function literalProblem(host: string, policy: AddressPolicy): string | null {
  if (isMetadataHostName(host)) return `Refused: ${host} is a cloud metadata service`;
  if (isIP(host) && !isAllowedAddress(host, policy)) return `Refused: ${host} is not a public address`;
  return null;
}

/** Every address `host` resolves to, all allowed; refuses the host otherwise. DNS errors pass through. */
async function allowedAddresses(host: string, policy: AddressPolicy, family?: number): Promise<LookupAddress[]> {
  const problem = literalProblem(host, policy);
  if (problem) throw new OutboundRefusedError(problem);
  const addresses = await lookupAll(host, family);
  const refused = addresses.find((a) => !isAllowedAddress(a.address, policy));
  if (refused || addresses.length === 0) {
    throw new OutboundRefusedError(`Refused: ${host} resolves to a non-public address (${refused?.address ?? "none"})`);
  }
  return addresses;
}

/**
 * The DNS lookup of every node:http(s) connection under the policy (the `lookup` request option).
 * Node does not call it for an IP literal: `checkOutboundUrl` checks those before the request.
 */
export function guardedLookup(policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === "IPv4" ? 4 : options.family === "IPv6" ? 6 : options.family || undefined;
    allowedAddresses(hostname, policy, family).then(
      (list) => {
        if (options.all) return callback(null, list);
        callback(null, list[0]!.address, list[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 0),
    );
  };
}

/** `url` as a URL the policy allows to be requested: http(s), no credentials, no refused literal or name. */
export function checkOutboundUrl(raw: string, policy: AddressPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefusedError(`Not a valid URL: ${raw.slice(0, 200)}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new OutboundRefusedError(`Refused: only http and https URLs are requested (${url.protocol})`);
  }
  if (url.username || url.password) throw new OutboundRefusedError("Refused: URLs with credentials are not requested");
  const problem = literalProblem(url.hostname.replace(/^\[|\]$/g, ""), policy);
  if (problem) throw new OutboundRefusedError(problem);
  return url;
}

/**
 * The check when an admin saves a target (a URL's host, an SFTP/FTP host): not a host name or IP
 * address, refused literals and names, and a name that resolves to a refused address now. A name
 * that does not resolve (yet) is accepted: every connection checks again, and that one counts.
 */
export async function checkOutboundHost(host: string, policy: AddressPolicy): Promise<void> {
  const normal = normaliseHost(host);
  if (!normal) throw new OutboundRefusedError(`Refused: "${host.slice(0, 100)}" is not a host name or IP address`);
  try {
    await allowedAddresses(normal.host, policy);
  } catch (error) {
    if (error instanceof OutboundRefusedError) throw error;
  }
}

/**
 * The address a non-HTTP client (SFTP, FTP) connects to: resolved and checked here, handed to the
 * client as an IP literal so it cannot look the name up again. Throws OutboundRefusedError for a
 * refused or malformed host; a DNS failure passes through as the resolver's error (ENOTFOUND).
 */
export async function resolveOutboundHost(host: string, policy: AddressPolicy): Promise<string> {
  const normal = normaliseHost(host);
  if (!normal) throw new OutboundRefusedError(`Refused: "${host.slice(0, 100)}" is not a host name or IP address`);
  const [first] = await allowedAddresses(normal.host, policy);
  return first!.address;
}
