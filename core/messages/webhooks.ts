/** Webhooks of site speed tracking; the words are SpeedRank's own. */
export const WEBHOOK_MESSAGES = {
  invalidUrl: (reason: string) => `Please enter a valid webhook url. ${reason}`,
  limit: (max: number) => `You can add up to ${max} webhooks.`,
  duplicate: 'This webhook is added already.',
  notFound: 'No such webhook.',
  regressionText: (url: string, device: string, at: string, reasons: string[], link: string) =>
    `Speed regression: ${url}\nThe ${device} check at ${at} is a regression:\n${reasons.map((r) => `- ${r}`).join('\n')}\nSpeed history: ${link}`,
  recoveryText: (url: string, device: string, at: string, link: string) =>
    `Speed recovered: ${url}\nThe ${device} check at ${at} keeps its budgets and is no slower than before the regression.\nSpeed history: ${link}`,
  unreachableText: (url: string, failed: number, link: string) =>
    `Page unreachable: ${url}\nThe last ${failed} checks could not measure it.\nSpeed history: ${link}`,
  reachableText: (url: string, device: string, at: string, link: string) =>
    `Page reachable again: ${url}\nThe ${device} check at ${at} measured it.\nSpeed history: ${link}`,
  rankChangedText: (
    domain: string,
    keyword: string,
    device: string,
    changes: string[],
    link: string,
  ) =>
    `Rank change: ${domain} for “${keyword}” (${device})\n${changes.map((c) => `- ${c}`).join('\n')}\nRank tracking: ${link}`,
  flowText: (headline: string, details: readonly string[], link: string) =>
    `${headline}\n${details.map((d) => `- ${d}`).join('\n')}${details.length ? '\n' : ''}User flow: ${link}`,
  testText: (link: string) =>
    `Test event from SpeedRank: this webhook will receive speed regression, recovery and reachability alerts, rank changes and user-flow alerts.\nSite speed tracking: ${link}`,
  /** A delivery's lastError for an answer that is not 2xx, with the start of its body. */
  answered: (status: number, body: string) =>
    `Answered HTTP ${status}${body ? `: ${body}` : ''}${status >= 300 && status < 400 ? ' (redirects are not followed)' : ''}`,
} as const;
