/**
 * The key per-address limits use for a client address: an IPv4 address as it is, an IPv6 address as its
 * /64 network. One subscriber or hosting customer is routinely given a whole /64, so keying on the full
 * IPv6 address would hand an attacker 2^64 fresh identities for the login throttle, the click
 * de-duplication and the visit counter. IPv4-mapped IPv6 (`::ffff:203.0.113.5`, how a dual-stack socket
 * reports an IPv4 peer) is the IPv4 address. Anything that is not an IP address is returned unchanged.
 */
import { isIPv4, isIPv6 } from 'node:net';

export function addressKey(address: string): string {
  const bare = address.replace(/%.*$/, ''); // a zone index (fe80::1%eth0) names our interface, not the client
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  return `${ipv6Groups(bare).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, lower-case hex without leading zeros. */
function ipv6Groups(address: string): string[] {
  let text = address.toLowerCase();
  // A trailing dotted IPv4 part stands for the last two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = tail === undefined ? [] : Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...zeros, ...tailGroups].map((group) => parseInt(group, 16).toString(16));
}
