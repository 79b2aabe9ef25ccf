/**
 * The address a sign-in failure is counted against. IPv4 as is; IPv6 cut to its /64, because
 * one home or office network is handed a whole /64 and could otherwise rotate addresses
 * inside it to escape the per-address limits.
 */
import { isIPv4, isIPv6 } from "node:net";

export function throttleAddress(ip: string): string {
  if (isIPv4(ip)) return ip;
  const address = ip.toLowerCase().split("%")[0];
  const mappedV4 = address.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
  if (mappedV4 && isIPv4(mappedV4[1])) return mappedV4[1];
  if (!isIPv6(address)) return ip;
  return `${expandIPv6(address).slice(0, 4).join(":")}::/64`;
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
