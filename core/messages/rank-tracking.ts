import { groupedNumber } from '../number-text';

export const RANK_TRACKING_MESSAGES = {
  upgradeForKeywords: (max: number) =>
    `Upgrade to track more than ${groupedNumber(max)} ${max === 1 ? 'keyword' : 'keywords'}.`,
  alreadyTracked: 'You already track this keyword for this domain, device and place.',
  notFound: 'No such tracked keyword.',
  noKeyword: 'Enter a keyword',
  badDomain: 'Enter a domain such as example.com.',
  badCountry: 'Enter the country as two letters, such as us.',
  badLanguage: 'Enter the language as a code such as en or pt-br.',
  badDepth: `Enter a depth from 10 to 100 results.`,
  signedOut: 'Rank tracking keeps your keywords in your account. Sign in to track a keyword.',
  /** A check whose every provider failed: nothing is known, so nothing is drawn. */
  failed: 'Check failed: no provider answered, so the position is unknown.',
  partial: (reached: number) => `Not in the first ${reached} (the provider returned no more)`,
  notInTop: (depth: number) => `Not in the top ${depth}`,
  /** A partial check that read no result at all. */
  noResults: 'No results',
  /** The sandbox web has no page about the keyword: what it does cover. */
  notCovered: (topics: readonly string[]) =>
    `The sandbox web has no page about this keyword; it covers ${topics.join(', ')}.`,
  sandbox:
    'Positions in the sandbox web: no SERP provider key is set, so this install searches its own sites, which change on a schedule.',
  /** A position in an alert: ranked, or beyond the depth read. */
  positionText: (position: number | null, depth: number) =>
    position === null ? `not in the top ${depth}` : `#${position}`,
  moved: (from: string, to: string) => `Moved from ${from} to ${to}`,
  enteredTop: (top: number) => `Entered the top ${top}`,
  leftTop: (top: number) => `Left the top ${top}`,
  volumesFailed: (reason: string) =>
    `Traffic is unknown: the keyword volumes could not be read. (${reason})`,
  volumesMissing: (count: number) =>
    `Traffic is unknown: the volume source has no volume for ${count} ${count === 1 ? 'keyword' : 'keywords'}.`,
  wonFeature: (feature: string) => `Won a place in the ${feature}`,
  lostFeature: (feature: string) => `Lost its place in the ${feature}`,
  alertSubject: (domain: string, keyword: string) => `Rank change: ${domain} for “${keyword}”`,
  alertText: (domain: string, keyword: string, device: string, at: string, changes: string[]) =>
    `The ${device} results of ${domain} for “${keyword}” changed in the check on ${at}:\n\n${changes.map((c) => `- ${c}`).join('\n')}`,
  alertOnce:
    'SpeedRank emails when a check of a tracked keyword moves as its alerts ask; a failed or partial check never sends one.',
  /** A check asked for while the keyword's check already runs. */
  busy: 'This keyword is being checked already; its result comes in a moment.',
  noProvider: 'No search provider is available to check positions.',
  notChecked: 'Not checked yet',
  /** A partial check in a table cell, its reason in the cell's title. */
  notInFirst: (reached: number) => `Not in the first ${reached}`,
  /** A CSV import refused before anything is sent. */
  csvNoKeywordColumn: 'The file has no keyword column: its first row must name the columns.',
  csvEmpty: 'The file has no keyword rows.',
  csvTooMany: (max: number) =>
    `A file may add at most ${groupedNumber(max)} keywords: split it into smaller files.`,
  csvRow: (row: number, message: string) => `Row ${row}: ${message}`,
  bulkTooMany: (max: number) =>
    `Add at most ${groupedNumber(max)} keywords at once: split the list.`,
} as const;
