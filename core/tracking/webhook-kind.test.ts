import { describe, expect, it } from 'vitest';
import { webhookKind } from './webhook-kind';

describe('webhookKind', () => {
  it.each([
    ['https://hooks.slack.com/services/T000/B000/XXXX', 'slack'],
    ['https://HOOKS.SLACK.COM./services/T000/B000/XXXX', 'slack'],
    ['https://discord.com/api/webhooks/123/abc', 'discord'],
    ['https://discordapp.com/api/webhooks/123/abc', 'discord'],
    ['https://ptb.discord.com/api/webhooks/123/abc', 'discord'],
    ['https://discord.com/channels/123', 'generic'],
    ['https://slack.com/services/T000', 'generic'],
    ['https://hooks.slack.com.example.net/services/T000', 'generic'],
    ['https://example.com/api/webhooks/123/abc', 'generic'],
    ['not a url', 'generic'],
  ])('%s is %s', (url, kind) => {
    expect(webhookKind(url)).toBe(kind);
  });
});
