import { describe, expect, it } from 'vitest';
import { webhookBody, type WebhookEvent } from './webhook-payload';

const event = (name: WebhookEvent['event']): WebhookEvent => ({
  event: name,
  page: { id: 'p1', url: 'https://example.com/' },
  device: 'mobile',
  checkId: 'c1',
  at: '2026-11-23T12:00:00.000Z',
  reasons: [],
  link: 'https://speedrank.test/site-speed-tracking?page=p1',
});

describe('webhookBody for reachability alerts', () => {
  it('words the unreachable and reachable events for Slack, Discord and generic endpoints', () => {
    const slack = JSON.parse(webhookBody('slack', event('unreachable'))) as { text: string };
    expect(slack.text).toBe(
      'Page unreachable: https://example.com/\nThe last 3 checks could not measure it.\nSpeed history: https://speedrank.test/site-speed-tracking?page=p1',
    );
    const discord = JSON.parse(webhookBody('discord', event('reachable'))) as { content: string };
    expect(discord.content).toContain(
      'Page reachable again: https://example.com/\nThe mobile check at 2026-11-23T12:00:00.000Z measured it.',
    );
    const generic = JSON.parse(webhookBody('generic', event('unreachable'))) as WebhookEvent;
    expect(generic).toMatchObject({ event: 'unreachable', checkId: 'c1', reasons: [] });
  });
});
