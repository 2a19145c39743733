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

describe('webhookBody for Microsoft Teams', () => {
  it('sends an Adaptive Card message: the alert’s first line as its heading, a text block per line', () => {
    const body = JSON.parse(
      webhookBody('teams', {
        ...event('regression'),
        reasons: [
          {
            kind: 'significant',
            metric: 'lcp',
            value: 3100,
            reference: 2000,
            pValue: 0.01,
            text: 'LCP went from 2.0 s to 3.1 s.',
          },
        ],
      }),
    ) as {
      type: string;
      attachments: {
        contentType: string;
        contentUrl: null;
        content: { type: string; version: string; body: { type: string; text: string }[] };
      }[];
    };
    expect(body.type).toBe('message');
    expect(body.attachments).toHaveLength(1);
    const [card] = body.attachments;
    expect(card).toMatchObject({
      contentType: 'application/vnd.microsoft.card.adaptive',
      contentUrl: null,
      content: { type: 'AdaptiveCard', version: '1.4' },
    });
    expect(card!.content.body.map((block) => [block.type, block.text])).toEqual([
      ['TextBlock', 'Speed regression: https://example.com/'],
      ['TextBlock', 'The mobile check at 2026-11-23T12:00:00.000Z is a regression:'],
      ['TextBlock', '- LCP went from 2.0 s to 3.1 s.'],
      ['TextBlock', 'Speed history: https://speedrank.test/site-speed-tracking?page=p1'],
    ]);
  });
});
