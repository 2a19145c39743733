import net from 'node:net';

/**
 * Address ranges a server-side fetch of a user-given URL must never reach: loopback,
 * private, link-local (cloud metadata lives there), CGNAT, multicast, reserved, and
 * their IPv6 forms, including IPv4-mapped IPv6.
 */
const BLOCKED = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv6');
}

/** `::ffff:10.0.0.1` as the IPv4 address it stands for; any other address unchanged. */
export function unmapIpv4(address: string): string {
  return /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;
}

export function isBlockedAddress(address: string): boolean {
  const ip = unmapIpv4(address);
  const family = net.isIP(ip);
  if (family === 0) return true;
  return BLOCKED.check(ip, family === 6 ? 'ipv6' : 'ipv4');
}
