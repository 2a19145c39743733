import type { WebhookKind } from '../schemas/webhooks';

const DISCORD_HOSTS = new Set([
  'discord.com',
  'discordapp.com',
  'canary.discord.com',
  'ptb.discord.com',
]);

/**
 * Microsoft Teams' webhooks: a channel's Workflows trigger ("when a Teams webhook request is
 * received", on Azure Logic Apps or Power Platform hosts) or a legacy Incoming Webhook.
 */
function isTeams(host: string, path: string): boolean {
  if (host.endsWith('.webhook.office.com')) return path.startsWith('/webhookb2/');
  const workflows = host.endsWith('.logic.azure.com') || host.endsWith('.powerplatform.com');
  return workflows && path.includes('/workflows/');
}

/**
 * Which body a webhook URL gets: Slack's, Discord's and Teams' incoming webhooks each take
 * their own shape (Slack answers 400 without `text`, Discord without `content`, Teams'
 * Workflows without an Adaptive Card); anything else gets the full payload.
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
  if (isTeams(host, parsed.pathname)) return 'teams';
  return 'generic';
}
