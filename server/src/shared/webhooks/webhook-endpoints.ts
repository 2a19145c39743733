import { WEBHOOK_MESSAGES } from '@core/messages';
import { WEBHOOK_ERROR_CODES } from '@core/schemas/webhooks';
import { NotFound } from '../../domain/errors';
import { vetOrRefuse } from '../../domain/url-refusals';
import type { TrackingWebhooks, WebhookRow } from './webhooks';

const notFound = () => new NotFound(WEBHOOK_MESSAGES.notFound, WEBHOOK_ERROR_CODES.notFound);

/**
 * What a workspace may do with webhook endpoints: a URL the guard refuses (private, malformed,
 * plain http) is never stored, nor a duplicate or one past the limit; another workspace's
 * endpoint is answered as one that does not exist.
 */
export class WebhookEndpoints {
  constructor(private readonly webhooks: TrackingWebhooks) {}

  async create(workspaceId: string, input: string): Promise<WebhookRow> {
    const url = (await vetOrRefuse(input, this.webhooks.guard, 'webhook')).toString();
    return this.webhooks.create(workspaceId, url);
  }

  /** The workspace's endpoint of `id`, or the 404 of one that is not in it. */
  async own(workspaceId: string, id: string): Promise<WebhookRow> {
    const webhook = await this.webhooks.get(workspaceId, id);
    if (!webhook) throw notFound();
    return webhook;
  }

  async delete(workspaceId: string, id: string): Promise<void> {
    if (!(await this.webhooks.delete(workspaceId, id))) throw notFound();
  }
}
