import net from 'node:net';
import { unmapIpv4 } from './address-guard';

/**
 * FETCH_ALLOW_HOSTS: the private targets an operator lets page facts and speed runs reach,
 * e.g. a staging site on their own network. Everything not listed stays blocked.
 */
export interface FetchAllowList {
  readonly isEmpty: boolean;
  /** Whether `address`, which `url`'s host resolved to, may be reached despite the guard. */
  admits(url: URL, address: string): boolean;
}

type Entry =
  | { kind: 'name'; hostname: string; port: number | null }
  | { kind: 'address'; addresses: net.BlockList; port: number | null };

const HOST_PORT = /^(\[[^\]]+\]|[^:[\]]+)(?::(\d{1,5}))?$/;
const notAnEntry = (entry: string) =>
  new Error(
    `"${entry}" is not a host, host:port or CIDR range (e.g. staging.internal, 10.0.0.5:8080 or 10.0.0.0/24).`,
  );

const familyOf = (ip: string) => (net.isIPv6(ip) ? 'ipv6' : 'ipv4');

function cidr(entry: string): net.BlockList {
  const [, network = '', prefixText = ''] = /^([^/]+)\/(\d{1,3})$/.exec(entry) ?? [];
  const prefix = Number(prefixText);
  const max = net.isIPv4(network) ? 32 : net.isIPv6(network) ? 128 : 0;
  if (!max || prefix > max) throw notAnEntry(entry);
  // A /0 switches the guard off altogether.
  if (prefix === 0) throw new Error(`"${entry}" would allow every address.`);
  const list = new net.BlockList();
  list.addSubnet(network, prefix, familyOf(network));
  return list;
}

function hostEntry(entry: string): Entry {
  const match = HOST_PORT.exec(entry);
  const port = match?.[2] === undefined ? null : Number(match[2]);
  let hostname: string | null = null;
  if (match && !/[/?#@\s]/.test(match[1]!)) {
    try {
      // The URL parser spells hosts the way fetched URLs will be spelled (case, IDN, IPv4 forms).
      hostname = new URL(`http://${match[1]}/`).hostname;
    } catch {
      hostname = null;
    }
  }
  if (!hostname || port === 0 || (port !== null && port > 65535)) {
    throw notAnEntry(entry);
  }
  const ip = hostname.replace(/^\[|\]$/g, '');
  if (!net.isIP(ip)) return { kind: 'name', hostname: hostname.replace(/\.$/, ''), port };
  const addresses = new net.BlockList();
  addresses.addAddress(ip, familyOf(ip));
  return { kind: 'address', addresses, port };
}

function portOf(url: URL): number {
  return Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
}

/**
 * Parses the comma-separated entries: `host`, `host:port`, an IP address with or without
 * a port (`[v6]:port`), or a CIDR range (any port). Throws on the first bad entry.
 */
export function parseFetchAllowList(value: string): FetchAllowList {
  const entries = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part): Entry => {
      if (part.includes('/')) return { kind: 'address', addresses: cidr(part), port: null };
      // A bare IPv6 address has colons of its own; only the bracketed form takes a port.
      if (net.isIPv6(part)) return hostEntry(`[${part}]`);
      return hostEntry(part);
    });
  return {
    isEmpty: entries.length === 0,
    admits(url, address) {
      const port = portOf(url);
      const hostname = url.hostname.replace(/\.$/, '');
      const ip = unmapIpv4(address);
      return entries.some((entry) => {
        if (entry.port !== null && entry.port !== port) return false;
        if (entry.kind === 'name') return entry.hostname === hostname;
        return net.isIP(ip) !== 0 && entry.addresses.check(ip, familyOf(ip));
      });
    },
  };
}
