import { describe, expect, it } from "vitest";
import { clientNetwork } from "./client-network";

describe("clientNetwork", () => {
  it.each([
    ["203.0.113.66", "203.0.113.0/24"],
    ["203.0.113.1", "203.0.113.0/24"],
    ["::ffff:203.0.113.9", "203.0.113.0/24"],
    ["2001:db8:aa:1::5", "2001:db8:aa:1::/64"],
    ["2001:0DB8:00aa:0001:ffff::1", "2001:db8:aa:1::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["64:ff9b::192.0.2.1", "64:ff9b:0:0::/64"],
    ["unknown", "unknown"],
  ])("puts %s in %s", (ip, network) => {
    expect(clientNetwork(ip)).toBe(network);
  });
});
