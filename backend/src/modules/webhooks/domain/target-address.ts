import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may not go unless the operator allows it (WEBHOOKS_ALLOW_PRIVATE_TARGETS): anything that is not
 * the public internet, so an endpoint URL cannot make our servers call into their own network (SSRF).
 */
const FORBIDDEN_V4: [string, number, string][] = [
  ['0.0.0.0', 8, 'an unspecified'],
  ['10.0.0.0', 8, 'a private'],
  ['100.64.0.0', 10, 'a carrier-grade NAT'],
  ['127.0.0.0', 8, 'a loopback'],
  ['169.254.0.0', 16, 'a link-local'],
  ['172.16.0.0', 12, 'a private'],
  ['192.0.0.0', 24, 'a reserved'],
  ['192.168.0.0', 16, 'a private'],
  ['198.18.0.0', 15, 'a reserved'],
  ['224.0.0.0', 4, 'a multicast'],
  ['240.0.0.0', 4, 'a reserved'],
];

const FORBIDDEN_V6: [string, number, string][] = [
  ['::', 128, 'an unspecified'],
  ['::1', 128, 'a loopback'],
  ['fc00::', 7, 'a private'],
  ['fe80::', 10, 'a link-local'],
  ['fec0::', 10, 'a private'],
  ['ff00::', 8, 'a multicast'],
];

const lists = [...FORBIDDEN_V4.map((r) => [r, 'ipv4'] as const), ...FORBIDDEN_V6.map((r) => [r, 'ipv6'] as const)].map(
  ([[network, prefix, kind], family]) => {
    const list = new BlockList();
    list.addSubnet(network, prefix, family);
    return { list, family, kind };
  },
);

/** 16 bytes of an IPv6 address (any spelling, with or without an embedded dotted quad). */
function ipv6Bytes(address: string): number[] {
  let text = address.toLowerCase();
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad[1].split('.').map(Number);
    text = `${text.slice(0, -quad[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const words = (part: string | undefined) => (part ? part.split(':').map((w) => parseInt(w, 16)) : []);
  const left = words(head);
  const right = tail === undefined ? [] : words(tail);
  const all = [...left, ...new Array(8 - left.length - right.length).fill(0), ...right];
  return all.flatMap((w) => [w >> 8, w & 0xff]);
}

/**
 * The IPv4 address an IPv6 one stands for, where it does: mapped (::ffff:a.b.c.d), the old compatible form
 * (::a.b.c.d), NAT64 (64:ff9b::/96) and 6to4 (2002:AABB:CCDD::). Each would reach the IPv4 address it carries.
 */
function embeddedIpv4(address: string): string | null {
  const b = ipv6Bytes(address);
  const quad = (bytes: number[]) => bytes.join('.');
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return quad(b.slice(12));
  if (zeros(0, 12) && !zeros(12, 16) && !(zeros(12, 15) && b[15] === 1)) return quad(b.slice(12));
  if (b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(4, 12)) return quad(b.slice(12));
  if (b[0] === 0x20 && b[1] === 0x02) return quad(b.slice(2, 6));
  return null;
}

/**
 * Why a webhook may not be sent to this IP address ("a loopback address"), or null when it may. Anything that is
 * not an IP address at all is refused too: only checked addresses are ever connected to.
 */
export function forbiddenAddress(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 0) return 'not an IP address';
  if (family === 6) {
    const v4 = embeddedIpv4(bare);
    if (v4) return forbiddenAddress(v4);
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  const hit = lists.find((l) => l.family === type && l.list.check(bare, type));
  return hit ? `${hit.kind} address` : null;
}
