import { isIPv4, isIPv6 } from "node:net";

/**
 * The network a client address belongs to, as limits count it: an IPv4 /24 or an IPv6 /64 (what one
 * household, office or rented server usually holds, so changing to a neighbouring address gains
 * nothing). Anything else (an unparseable "unknown") is its own network.
 */
export function clientNetwork(ip: string): string {
  const address = ip.replace(/%.*$/, "").toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return ipv4Network(mapped[1]!);
  if (isIPv4(address)) return ipv4Network(address);
  if (isIPv6(address)) return `${ipv6Groups(address).slice(0, 4).join(":")}::/64`;
  return ip;
}

function ipv4Network(address: string): string {
  return `${address.split(".").slice(0, 3).join(".")}.0/24`;
}

/** The eight 16-bit groups of a valid IPv6 address, without leading zeros ("::" expanded). */
function ipv6Groups(address: string): string[] {
  const [head = "", tail] = address.split("::");
  const split = (part: string) =>
    part === ""
      ? []
      : part.split(":").flatMap((group) => {
          // An embedded IPv4 tail ("::1.2.3.4") fills the last two groups.
          if (!group.includes(".")) return [group];
          const [a, b, c, d] = group.split(".").map(Number) as [number, number, number, number];
          return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
        });
  const front = split(head);
  const back = tail === undefined ? [] : split(tail);
  const zeros = Array.from({ length: 8 - front.length - back.length }, () => "0");
  return [...front, ...zeros, ...back].map((group) => parseInt(group, 16).toString(16));
}
