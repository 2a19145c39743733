import { buildManifest } from '@sandbox';

const manifest = buildManifest();

/**
 * A sandbox page of a speed profile that answers 200 at its own URL and never changes,
 * on the port a test serves the sandbox on.
 */
export function steadySandboxPage(profile: string, port: number): string {
  const page = manifest.pages.find(
    (p) => p.speedProfile === profile && p.status === 200 && !p.redirects.length && !p.schedule,
  );
  if (!page) throw new Error(`The sandbox has no steady ${profile} page.`);
  const url = new URL(page.url);
  url.port = String(port);
  return url.toString();
}
