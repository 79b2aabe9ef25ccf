/**
 * Where a sign-in comes from, as the throttle counts it: the client's address, written one way
 * however it arrived (an IPv4-mapped IPv6 address is IPv4), and its range: the /24 of an IPv4
 * address, the /64 of an IPv6 one. One home or office network is handed a whole /64 (and a
 * botnet's neighbours often share a /24), so rotating addresses inside it escapes nothing.
 */
import { isIPv4, isIPv6 } from "node:net";

export interface SignInOrigin {
  address: string;
  range: string;
}

export function signInOrigin(ip: string): SignInOrigin {
  const v4 = asIPv4(ip);
  if (v4) return { address: v4, range: `${v4.split(".").slice(0, 3).join(".")}.0/24` };
  const address = ip.toLowerCase().split("%")[0];
  if (!isIPv6(address)) return { address: ip, range: ip };
  const groups = expandIPv6(address);
  return { address: groups.join(":"), range: `${groups.slice(0, 4).join(":")}::/64` };
}

function asIPv4(ip: string): string | null {
  if (isIPv4(ip)) return ip;
  const mapped = ip.toLowerCase().match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
  return mapped && isIPv4(mapped[1]) ? mapped[1] : null;
}

/** The eight 16-bit groups of a valid IPv6 address, each without leading zeros. */
function expandIPv6(address: string): string[] {
  const [head, tail] = address.includes("::") ? address.split("::") : [address, undefined];
  const groups = (part: string | undefined) => (part ? part.split(":").flatMap(embeddedV4AsGroups) : []);
  const front = groups(head);
  const back = groups(tail);
  const zeros = tail === undefined ? [] : Array<string>(8 - front.length - back.length).fill("0");
  return [...front, ...zeros, ...back].map((g) => parseInt(g, 16).toString(16));
}

function embeddedV4AsGroups(group: string): string[] {
  if (!group.includes(".")) return [group];
  const [a, b, c, d] = group.split(".").map(Number);
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
}
