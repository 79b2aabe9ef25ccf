/**
 * Which network addresses a tool may reach (issue 24, "Safety"): loopback, private, link-local,
 * carrier-grade NAT, multicast and reserved ranges are refused unless the admin policy allows
 * private networks. IPv4 inside IPv6 (mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4
 * `2002::/16`) is judged by the IPv4 address it carries, so `::ffff:127.0.0.1` is loopback too.
 */
import { BlockList, isIP } from "node:net";

const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
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
  NOT_PUBLIC.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, "ipv6");
}

/** The IPv4 address an IPv6 address carries (NAT64, 6to4), if any; mapped addresses BlockList reads itself. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const nat64 = /^64:ff9b::(?:ffff:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  const sixToFour = /^2002:([0-9a-f]{1,4}):([0-9a-f]{1,4}):/.exec(lower);
  const match = nat64 ?? sixToFour;
  if (!match) return null;
  const high = parseInt(match[1], 16);
  const low = parseInt(match[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** True for an address a tool may not reach unless private networks are allowed; also for anything that is not an IP address. */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 4) return NOT_PUBLIC.check(address, "ipv4");
  if (NOT_PUBLIC.check(address, "ipv6")) return true;
  const carried = embeddedIpv4(address);
  return carried !== null && NOT_PUBLIC.check(carried, "ipv4");
}
