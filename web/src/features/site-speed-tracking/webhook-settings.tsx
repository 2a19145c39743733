import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { createWebhookBodySchema, type Webhook } from '@core/schemas/webhooks';
import { ConfirmDelete } from '../../components/confirm-delete';
import { useSession } from '../../app/session/session-context';
import { dateTimeText } from './tracking-format';
import { useDeliveries, useWebhookMutations, useWebhooks } from './webhooks-api';

const KIND_NAMES = {
  generic: 'JSON',
  slack: 'Slack',
  discord: 'Discord',
  teams: 'Microsoft Teams',
} as const;
const STATUS_BG = { delivered: 'success', retrying: 'warning', failed: 'danger' } as const;

function DeliveryLog({ id }: { id: string }) {
  const deliveries = useDeliveries(id);
  if (deliveries.isPending) return <Spinner size="sm" aria-label="Loading deliveries" />;
  if (deliveries.isError) return <p className="small text-danger">{deliveries.error.message}</p>;
  if (deliveries.data.deliveries.length === 0) {
    return <p className="small text-muted mb-0">Nothing sent yet.</p>;
  }
  return (
    <Table responsive size="sm" className="small mb-0" data-testid="delivery-log">
      <thead>
        <tr>
          <th scope="col">Event</th>
          <th scope="col">Status</th>
          <th scope="col">Attempts</th>
          <th scope="col">Last answer</th>
          <th scope="col">Sent</th>
        </tr>
      </thead>
      <tbody>
        {deliveries.data.deliveries.map((d) => (
          <tr key={d.id} data-testid="delivery">
            <td>{d.event}</td>
            <td>
              <Badge bg={STATUS_BG[d.status]} text={d.status === 'retrying' ? 'dark' : undefined}>
                {d.status}
              </Badge>
              {d.nextAttemptAt && (
                <div className="text-muted">next try {dateTimeText(d.nextAttemptAt)}</div>
              )}
            </td>
            <td>{d.attempts}</td>
            <td className="text-break">
              {d.lastError ?? (d.lastStatus === null ? '-' : `HTTP ${d.lastStatus}`)}
            </td>
            <td className="text-nowrap">{dateTimeText(d.lastAttemptAt ?? d.createdAt)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function WebhookItem({ webhook }: { webhook: Webhook }) {
  const { remove, sendTest } = useWebhookMutations();
  const [showLog, setShowLog] = useState(false);
  return (
    <ListGroup.Item data-testid="webhook">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <Badge bg="secondary">{KIND_NAMES[webhook.kind]}</Badge>
        <span className="text-break flex-grow-1">{webhook.url}</span>
        <Button
          size="sm"
          variant="outline-primary"
          disabled={sendTest.isPending}
          onClick={() => sendTest.mutate(webhook.id, { onSettled: () => setShowLog(true) })}
        >
          Send test event
        </Button>
        <Button size="sm" variant="outline-secondary" onClick={() => setShowLog(!showLog)}>
          {showLog ? 'Hide deliveries' : 'Deliveries'}
        </Button>
        <ConfirmDelete
          label="Remove"
          confirmLabel="Remove it and its log"
          pending={remove.isPending}
          onConfirm={() => remove.mutate(webhook.id)}
        />
      </div>
      <div className="small text-muted mt-1">
        Signing secret {webhook.secret} · added {dateTimeText(webhook.createdAt)}
      </div>
      {sendTest.isError && <p className="small text-danger mb-0">{sendTest.error.message}</p>}
      {showLog && (
        <div className="mt-2">
          <DeliveryLog id={webhook.id} />
        </div>
      )}
    </ListGroup.Item>
  );
}

/**
 * Where alerts go: the account's email always, and the webhooks the user adds, each with
 * its signing secret (shown whole once), a test button and a delivery log.
 */
export function WebhookSettings() {
  const { session } = useSession();
  const webhooks = useWebhooks();
  const { create } = useWebhookMutations();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string>();
  const [secret, setSecret] = useState<string>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = createWebhookBodySchema.safeParse({ url });
    if (!body.success) {
      setError(body.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    create.mutate(body.data, {
      onSuccess: (created) => {
        setUrl('');
        setSecret(created.secret);
      },
      onError: (failure) => setError(failure.message),
    });
  };

  const full = webhooks.data && webhooks.data.webhooks.length >= webhooks.data.limit;
  return (
    <Card className="shadow-sm mt-4" data-testid="webhook-settings">
      <Card.Body>
        <h2 className="h5">Where alerts go</h2>
        <p className="small mb-2">
          Alerts are emailed to <strong>{session.email}</strong>. Add a webhook to hear of them in
          Slack, Microsoft Teams (a channel's Workflows webhook), Discord or your own service as
          well: each request is signed with an <code>X-SpeedRank-Signature</code> header
          (HMAC-SHA256 of the timestamp and body) and retried with backoff when it fails.
        </p>
        {secret && (
          <Alert
            variant="success"
            dismissible
            onClose={() => setSecret(undefined)}
            data-testid="webhook-secret"
          >
            Webhook added. Its signing secret, shown only now: <code>{secret}</code>
          </Alert>
        )}
        {webhooks.isPending ? (
          <Spinner size="sm" aria-label="Loading webhooks" />
        ) : webhooks.isError ? (
          <p className="text-danger small">{webhooks.error.message}</p>
        ) : (
          webhooks.data.webhooks.length > 0 && (
            <ListGroup className="mb-3">
              {webhooks.data.webhooks.map((w) => (
                <WebhookItem key={w.id} webhook={w} />
              ))}
            </ListGroup>
          )
        )}
        <Form noValidate onSubmit={onSubmit}>
          <Form.Label htmlFor="webhook-url" className="small">
            Webhook URL
          </Form.Label>
          <InputGroup size="sm">
            <Form.Control
              id="webhook-url"
              type="url"
              value={url}
              placeholder="https://hooks.slack.com/services/..."
              onChange={(e) => setUrl(e.target.value)}
              isInvalid={Boolean(error)}
              disabled={full}
            />
            <Button type="submit" disabled={create.isPending || full}>
              Add webhook
            </Button>
            <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
          </InputGroup>
          {full && (
            <Form.Text>
              You have {webhooks.data.limit} webhooks, the most one account can have.
            </Form.Text>
          )}
        </Form>
      </Card.Body>
    </Card>
  );
}
