/** Every sandbox site lives under this domain: `<site>.sandbox.localhost`. */
export const SANDBOX_DOMAIN = 'sandbox.localhost';

/**
 * The `X-Robots-Tag` every sandbox response carries (serve.ts), but those of a site marked
 * `indexable`: Lighthouse's is-crawlable audit fails on any page served with it.
 */
export const SANDBOX_ROBOTS_HEADER = 'noindex';

/** The port the manifest's absolute URLs use unless told otherwise (the app's default). */
export const DEFAULT_SANDBOX_PORT = 8080;

export interface SandboxHost {
  /** Site id, the first label: `scoops` for `scoops.sandbox.localhost`; '' for the directory host itself. */
  site: string;
  /** True for `www.<site>.sandbox.localhost`, which redirects to the bare host. */
  www: boolean;
  /** Port given in the Host header, or null when none was given. */
  port: number | null;
}

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

function normalizeHostname(hostname: string): string {
  return hostname.trim().toLowerCase().replace(/\.$/, '');
}

/**
 * Parses a Host header value (`scoops.sandbox.localhost:8080`) into the sandbox site it
 * names, or null when the host is not a sandbox host. Deeper names than `www.<site>` are
 * not sandbox hosts.
 */
export function parseSandboxHost(host: string): SandboxHost | null {
  const match = /^([^:[\]]+)(?::(\d{1,5}))?$/.exec(host.trim());
  if (!match) return null;
  const hostname = normalizeHostname(match[1] as string);
  const port = match[2] === undefined ? null : Number(match[2]);
  if (port !== null && port > 65535) return null;
  if (hostname === SANDBOX_DOMAIN) return { site: '', www: false, port };
  if (!hostname.endsWith(`.${SANDBOX_DOMAIN}`)) return null;
  const labels = hostname.slice(0, -SANDBOX_DOMAIN.length - 1).split('.');
  if (labels.length === 1 && LABEL.test(labels[0] as string)) {
    return { site: labels[0] as string, www: false, port };
  }
  if (labels.length === 2 && labels[0] === 'www' && LABEL.test(labels[1] as string)) {
    return { site: labels[1] as string, www: true, port };
  }
  return null;
}

/** True for `sandbox.localhost` and well-formed names under it (no port). */
export function isSandboxHost(hostname: string): boolean {
  return !hostname.includes(':') && parseSandboxHost(hostname) !== null;
}

/**
 * Where a sandbox host name lives. Node's resolver answers ENOTFOUND for `.localhost`
 * subdomains (Chromium resolves them itself, RFC 6761), so the server's fetcher asks
 * here first. Only the address is mapped: the fetcher must still allow the sandbox
 * exception only while the sandbox is on and only on the app's own port (see
 * `isSandboxUrl`), or a sandbox name would reach any local service.
 */
export function resolveSandboxAddress(hostname: string): '127.0.0.1' | null {
  return isSandboxHost(hostname) ? '127.0.0.1' : null;
}

/**
 * True when `url` is an http URL on a sandbox host and on the install's sandbox port (the
 * server's `sandboxPort`: SANDBOX_ORIGIN's, or the port the app listens on).
 */
export function isSandboxUrl(url: URL, appPort: number): boolean {
  if (url.protocol !== 'http:' || url.username !== '' || url.password !== '') return false;
  const port = url.port === '' ? 80 : Number(url.port);
  return port === appPort && isSandboxHost(url.hostname);
}

/** `http://<site>.sandbox.localhost[:port]`, leaving out port 80. */
export function sandboxOrigin(site: string, port: number): string {
  const host = site === '' ? SANDBOX_DOMAIN : `${site}.${SANDBOX_DOMAIN}`;
  return port === 80 ? `http://${host}` : `http://${host}:${port}`;
}
