import { FLOW_MESSAGES, WEBHOOK_MESSAGES } from '@core/messages';
import { FLOW_ALERT_KINDS, type FlowAlertKind } from '@core/flows/flow-tracking';
import { UNREACHABLE_AFTER } from '@core/schemas/tracking';
import type { WebhookKind, WebhookPayload } from '@core/schemas/webhooks';

/** What happened, before it is worded for a kind of endpoint. */
export type WebhookEvent = Omit<WebhookPayload, 'text' | 'content'>;

/** Discord refuses a message over 2000 characters. */
const DISCORD_MAX = 2000;

/** A tracked flow's alert: its headline (the email's subject) and what it is about. */
function flowEventText(event: WebhookEvent & { flow: NonNullable<WebhookEvent['flow']> }) {
  const { name, step, errors } = event.flow;
  const kind = event.event.slice('flow.'.length);
  if (!(FLOW_ALERT_KINDS as readonly string[]).includes(kind))
    return WEBHOOK_MESSAGES.testText(event.link);
  const headline = FLOW_MESSAGES.alertSubject(kind as FlowAlertKind, name, step);
  const details = event.event === 'flow.failing' ? errors : event.reasons.map((r) => r.text);
  return WEBHOOK_MESSAGES.flowText(headline, details, event.link);
}

function eventText(event: WebhookEvent): string {
  const { page, device, at, link, rank, flow } = event;
  if (event.event.startsWith('flow.') && flow) return flowEventText({ ...event, flow });
  if (event.event === 'rank.changed' && rank && device) {
    return WEBHOOK_MESSAGES.rankChangedText(rank.domain, rank.keyword, device, rank.changes, link);
  }
  // A test, or an event that lacks what its kind names: nothing to report but the link.
  if (event.event === 'test' || event.event === 'rank.changed' || !page || !device) {
    return WEBHOOK_MESSAGES.testText(link);
  }
  switch (event.event) {
    case 'regression':
      return WEBHOOK_MESSAGES.regressionText(
        page.url,
        device,
        at,
        event.reasons.map((r) => r.text),
        link,
      );
    case 'recovery':
      return WEBHOOK_MESSAGES.recoveryText(page.url, device, at, link);
    case 'unreachable':
      return WEBHOOK_MESSAGES.unreachableText(page.url, UNREACHABLE_AFTER, link);
    case 'reachable':
      return WEBHOOK_MESSAGES.reachableText(page.url, device, at, link);
    default:
      return WEBHOOK_MESSAGES.testText(link);
  }
}

/** Slack reads `&`, `<` and `>` as markup (`<!channel>` pings everyone); escaped, they show. */
const slackEscaped = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A Teams message holding one Adaptive Card, as Teams' Workflows webhooks (and its legacy
 * Incoming Webhooks) take it: the alert's first line as the card's heading, each other line
 * a text block of its own (a card's text does not break lines at a single newline).
 */
function teamsMessage(text: string) {
  const [heading = '', ...lines] = text.split('\n');
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            { type: 'TextBlock', text: heading, weight: 'Bolder', size: 'Medium', wrap: true },
            ...lines.map((line) => ({ type: 'TextBlock', text: line, wrap: true })),
          ],
        },
      },
    ],
  };
}

/**
 * The JSON body for an endpoint of `kind`. Slack's incoming webhooks take `{text}`,
 * Discord's `{content}` and Teams' an Adaptive Card message; each is sent only what it
 * documents, rather than trusting it to ignore the rest. Any other endpoint gets the full
 * payload, with the texts in it.
 */
export function webhookBody(kind: WebhookKind, event: WebhookEvent): string {
  const text = eventText(event);
  if (kind === 'slack') return JSON.stringify({ text: slackEscaped(text) });
  if (kind === 'teams') return JSON.stringify(teamsMessage(text));
  if (kind === 'discord') {
    const content = text.length > DISCORD_MAX ? `${text.slice(0, DISCORD_MAX - 1)}…` : text;
    // A page URL may hold `@everyone`; no mention in it pings anyone.
    return JSON.stringify({ content, username: 'SpeedRank', allowed_mentions: { parse: [] } });
  }
  const payload: WebhookPayload = { ...event, text, content: text };
  return JSON.stringify(payload);
}
