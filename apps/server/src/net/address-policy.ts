import { BlockList, isIP } from 'node:net';

// Everything that is not the public internet (IANA special-purpose registries, RFC 6890 and
// successors): a server-side fetch of a user's URL must never reach the machine itself, its
// network, or cloud metadata services (169.254.169.254).
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo, benchmarking, ORCHID)
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** IPv4 embedded in an IPv6 address that routes to it: mapped, compatible, NAT64, 6to4. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const groups = expandIpv6(lower);
  if (!groups) return undefined;
  const toV4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zeroPrefix = (n: number) => groups.slice(0, n).every((g) => g === 0);
  if (zeroPrefix(5) && groups[5] === 0xffff) return toV4(groups[6] ?? 0, groups[7] ?? 0); // ::ffff:a.b.c.d
  if (zeroPrefix(6)) return toV4(groups[6] ?? 0, groups[7] ?? 0); // ::a.b.c.d (deprecated)
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0)) {
    return toV4(groups[6] ?? 0, groups[7] ?? 0); // 64:ff9b::/96
  }
  if (groups[0] === 0x2002) return toV4(groups[1] ?? 0, groups[2] ?? 0); // 6to4
  return undefined;
}

function expandIpv6(address: string): number[] | undefined {
  if (address.includes('.')) return undefined;
  const [head = '', tail, extra] = address.split('::');
  if (extra !== undefined) return undefined;
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => Number.parseInt(g, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return undefined;
  const groups = [...left, ...Array.from({ length: missing }, () => 0), ...right];
  return groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined;
}

/** True only for addresses on the public internet. Anything unparsable counts as not public. */
export function isPublicAddress(address: string): boolean {
  const unbracketed = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(unbracketed);
  if (family === 4) return !blocked.check(unbracketed, 'ipv4');
  if (family !== 6) return false;
  const v4 = embeddedIpv4(unbracketed);
  if (v4 !== undefined && isIP(v4) === 4) return !blocked.check(v4, 'ipv4');
  return !blocked.check(unbracketed, 'ipv6');
}
