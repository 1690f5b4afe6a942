import { BlockList, isIP } from "node:net";

/**
 * Which addresses the shop's server-side requests may reach (the SSRF guard of every request whose
 * target an admin or a supplier's data chooses: the supplier API, its SFTP/FTP servers, feed
 * sources, image downloads): public unicast only.
 * Refused: "this" network, private (RFC 1918), carrier-grade NAT, loopback, link-local (cloud
 * metadata at 169.254.169.254), IETF protocol assignments, benchmarking, documentation, multicast,
 * reserved and broadcast; in IPv6 the unspecified and loopback addresses, ULA (fc00::/7), link-local,
 * site-local, multicast, documentation, and IPv4-mapped/NAT64 forms of refused IPv4 addresses.
 * Loopback is allowed only when the configuration says so (demo and tests: OUTBOUND_ALLOW_LOOPBACK).
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  blocked.addSubnet(net, prefix, "ipv6");
}
const loopback = new BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible or NAT64 IPv6 address. */
function embeddedIPv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|::|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const high = parseInt(hex[1]!, 16);
    const low = parseInt(hex[2]!, 16);
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return null;
}

export type AddressPolicy = { allowLoopback: boolean };

/** Whether a request may connect to this IP address. Anything that is not an IP address is refused. */
export function isAllowedAddress(address: string, policy: AddressPolicy): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const v4 = embeddedIPv4(address);
    if (v4) return isAllowedAddress(v4, policy);
    if (loopback.check(address, "ipv6")) return policy.allowLoopback;
    return !blocked.check(address, "ipv6");
  }
  if (loopback.check(address, "ipv4")) return policy.allowLoopback;
  return !blocked.check(address, "ipv4");
}

/**
 * Cloud metadata services by name: refused whatever they resolve to (inside a cloud they resolve
 * to link-local addresses, which are refused anyway; the name is refused before any lookup).
 */
const METADATA_HOSTS = new Set([
  "metadata",
  "metadata.google.internal",
  "metadata.goog",
  "metadata.azure.com",
  "instance-data",
  "instance-data.ec2.internal",
  "metadata.packet.net",
  "metadata.platformequinix.com",
]);

export function isMetadataHostName(host: string): boolean {
  return METADATA_HOSTS.has(host.toLowerCase().replace(/\.$/, ""));
}

/** A DNS host name (letters, digits, hyphens; labels of 1–63, at most 253 in all). */
const HOST_NAME =
  /^(?=.{1,253}\.?$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.?$/i;

/**
 * A host as an admin types it for an SFTP/FTP server, as the address the shop would use: an IP
 * literal (IPv6 with or without brackets; the decimal, octal and hex IPv4 forms the URL standard and
 * the system resolver accept, e.g. 2852039166, turned into dotted form) or a DNS host name, lower
 * case. Null for anything else (a URL, a path, shell syntax, spaces).
 */
export function normaliseHost(input: string): { host: string; ip: boolean } | null {
  const text = input.trim();
  if (!text) return null;
  const bare = text.replace(/^\[(.*)\]$/, "$1");
  if (isIP(bare) === 6) return { host: bare.toLowerCase(), ip: true };
  if (!HOST_NAME.test(text)) return null;
  // The URL parser reads an all-numeric host the way inet_aton does (2852039166, 0251.0376.0251.0376,
  // 0xa9fea9fe): so does the resolver a client library would hand it to.
  let parsed: string;
  try {
    parsed = new URL(`http://${text}/`).hostname;
  } catch {
    return null;
  }
  if (isIP(parsed) === 4) return { host: parsed, ip: true };
  return { host: text.toLowerCase(), ip: false };
}
