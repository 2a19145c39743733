import type { WebhookKind } from '../schemas/webhooks';

const DISCORD_HOSTS = new Set([
  'discord.com',
  'discordapp.com',
  'canary.discord.com',
  'ptb.discord.com',
]);

/**
 * Which body a webhook URL gets: Slack's and Discord's incoming webhooks each take their
 * own shape (Slack answers 400 without `text`, Discord without `content`); anything else
 * gets the full payload.
 */
export function webhookKind(url: string): WebhookKind {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'generic';
  }
  const host = parsed.hostname.replace(/\.$/, '');
  if (host === 'hooks.slack.com') return 'slack';
  if (DISCORD_HOSTS.has(host) && parsed.pathname.startsWith('/api/webhooks/')) return 'discord';
  return 'generic';
}
