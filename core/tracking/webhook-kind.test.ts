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
    [
      'https://prod-27.westeurope.logic.azure.com:443/workflows/0a1b/triggers/manual/paths/invoke?api-version=2016-06-01&sig=x',
      'teams',
    ],
    [
      'https://default0a1b.2c.environment.api.powerplatform.com/powerautomate/automations/direct/workflows/0a1b/triggers/manual/paths/invoke',
      'teams',
    ],
    ['https://contoso.webhook.office.com/webhookb2/0a1b@2c3d/IncomingWebhook/4e5f/6a7b', 'teams'],
    ['https://prod-27.westeurope.logic.azure.com/subscriptions/0a1b', 'generic'],
    ['https://webhook.office.com.example.net/webhookb2/0a1b', 'generic'],
    ['not a url', 'generic'],
  ])('%s is %s', (url, kind) => {
    expect(webhookKind(url)).toBe(kind);
  });
});
