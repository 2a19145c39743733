/**
 * Rank domain matching: the host of the entered URL without protocol, 'www.' and slashes,
 * against each result's domain without 'www.'. First match wins.
 */
export function siteKey(enteredUrl: string): string {
  const trimmed = enteredUrl.trim().toLowerCase();
  const withoutProtocol = trimmed.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  const authority = withoutProtocol.split(/[/?#]/)[0] ?? '';
  // Result domains carry neither credentials nor a port, so neither may decide the match.
  const host = authority.replace(/^.*@/, '').replace(/:\d*$/, '');
  return host.replace(/^www\./, '').replace(/\/+$/, '');
}

export function domainKey(domain: string): string {
  return domain
    .trim()
    .toLowerCase()
    .replace(/^www\./, '');
}

export function findRankIndex(enteredUrl: string, domains: readonly string[]): number {
  const wanted = siteKey(enteredUrl);
  if (!wanted) return -1;
  return domains.findIndex((d) => domainKey(d) === wanted);
}
