import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import { API_BASE } from '@core/endpoints/endpoint';
import { TOKEN_MESSAGES } from '@core/messages/api-tokens';
import { TOKEN_NAME_MAX, type ApiToken } from '@core/schemas/api-tokens';
import {
  TOKEN_SCOPE_ABILITIES,
  TOKEN_SCOPE_LABELS,
  TOKEN_SCOPES,
  type TokenScope,
} from '@core/workspaces/scopes';
import { useApiTokenMutations, useApiTokens } from '../../api/api-tokens';
import { useCurrentWorkspace, useWorkspaces } from '../../api/workspaces';
import { useSession } from '../../app/session/session-context';
import { ConfirmDelete } from '../../components/confirm-delete';
import { PageHeader } from '../../components/page-header';
import { SignInCard } from '../../components/sign-in-card';
import { useCopy } from '../../components/use-copy';

const WHAT_IT_DOES =
  'An API token lets a script or a CI job call the SpeedRank API in one workspace: read results, start tests and checks, or change tracked pages and keywords, as its scopes allow and never beyond your own role there.';

/** Lifetimes offered when making a token; none: until revoked. */
const LIFETIMES = [
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
  { days: 365, label: 'One year' },
  { days: null, label: 'Until revoked' },
] as const;

const day = (iso: string | null, none: string) => (iso ? new Date(iso).toLocaleDateString() : none);

/** Until when a token works, or that it no longer does. */
function lifeOf(expiresAt: string | null): string {
  if (!expiresAt) return 'works until revoked';
  const ended = Date.parse(expiresAt) <= Date.now();
  return `${ended ? 'expired' : 'works until'} ${day(expiresAt, '')}`;
}

/** The signed-in person's API tokens: made for a workspace with scopes, listed, revoked. */
export function ApiTokensPage() {
  const { signedIn } = useSession();
  return (
    <Container className="py-4">
      <PageHeader crumb="API tokens" heading="API tokens" />
      {signedIn ? (
        <>
          <p className="lead">{WHAT_IT_DOES}</p>
          <NewToken />
          <TokenList />
        </>
      ) : (
        <SignInCard
          intro={WHAT_IT_DOES}
          reason="Sign in to make and revoke your API tokens."
          testId="api-tokens-signed-out"
        />
      )}
    </Container>
  );
}

function NewToken() {
  const workspaces = useWorkspaces();
  const { create } = useApiTokenMutations();
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [scopes, setScopes] = useState<TokenScope[]>(['read']);
  const [lifetime, setLifetime] = useState<number | null>(90);
  const current = useCurrentWorkspace();
  const workspaceId = chosen ?? current?.id ?? '';
  const toggle = (scope: TokenScope, on: boolean) =>
    setScopes((now) => TOKEN_SCOPES.filter((s) => (s === scope ? on : now.includes(s))));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name, workspaceId, scopes, ...(lifetime ? { expiresInDays: lifetime } : {}) },
      { onSuccess: () => setName('') },
    );
  };
  return (
    <Card className="shadow-sm mb-3">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          New token
        </Card.Title>
        <Form onSubmit={submit} noValidate data-testid="new-token-form">
          <Form.Group controlId="sr-token-name" className="mb-3">
            <Form.Label>Name</Form.Label>
            <Form.Control
              value={name}
              maxLength={TOKEN_NAME_MAX}
              placeholder="What uses it, e.g. GitHub Actions"
              onChange={(event) => setName(event.target.value)}
              isInvalid={create.isError}
            />
            {create.isError && (
              <Form.Control.Feedback type="invalid">{create.error.message}</Form.Control.Feedback>
            )}
          </Form.Group>
          <div className="d-flex flex-wrap gap-3 mb-3">
            <Form.Group controlId="sr-token-workspace">
              <Form.Label>Workspace</Form.Label>
              <Form.Select value={workspaceId} onChange={(event) => setChosen(event.target.value)}>
                {workspaces.data?.map((w) => (
                  <option key={w.id} value={w.id}>
                    {w.name}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Form.Group controlId="sr-token-lifetime">
              <Form.Label>Works for</Form.Label>
              <Form.Select
                value={String(lifetime)}
                onChange={(event) =>
                  setLifetime(event.target.value === 'null' ? null : Number(event.target.value))
                }
              >
                {LIFETIMES.map((l) => (
                  <option key={l.label} value={String(l.days)}>
                    {l.label}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </div>
          <fieldset className="mb-3">
            <legend className="form-label fs-6">Scopes</legend>
            {TOKEN_SCOPES.map((scope) => (
              <Form.Check
                key={scope}
                id={`sr-token-scope-${scope}`}
                checked={scopes.includes(scope)}
                onChange={(event) => toggle(scope, event.target.checked)}
                label={
                  <>
                    <strong>{TOKEN_SCOPE_LABELS[scope]}</strong>: {TOKEN_SCOPE_ABILITIES[scope]}
                  </>
                }
              />
            ))}
            <Form.Text>
              A token never does more than your role in its workspace allows, and cannot manage
              tokens, members or billing.
            </Form.Text>
          </fieldset>
          <Button
            type="submit"
            disabled={create.isPending || workspaceId === '' || scopes.length === 0}
          >
            {create.isPending ? 'Making…' : 'Make token'}
          </Button>
        </Form>
        {create.isSuccess && (
          <MadeToken token={create.data.token} workspaceName={create.data.workspaceName} />
        )}
      </Card.Body>
    </Card>
  );
}

/** The new token's secret, shown this once, with a call that uses it. */
function MadeToken({ token, workspaceName }: { token: string; workspaceName: string }) {
  const { copied, copy } = useCopy('API token');
  const example = `curl -H "Authorization: Bearer ${token}" ${window.location.origin}${API_BASE}/tracking/pages`;
  return (
    <Alert variant="success" className="mt-3 mb-0" data-testid="made-token">
      <p className="mb-2">{TOKEN_MESSAGES.shownOnce}</p>
      <InputGroup className="mb-2">
        <Form.Control
          readOnly
          value={token}
          aria-label="The new API token"
          className="font-monospace"
          onFocus={(event) => event.target.select()}
        />
        <Button variant="outline-secondary" onClick={() => copy(token)}>
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </InputGroup>
      <p className="small mb-0 text-break">
        For example: <code>{example}</code> lists the tracked pages of {workspaceName}, the only
        workspace it acts in.
      </p>
    </Alert>
  );
}

function TokenList() {
  const tokens = useApiTokens();
  const { revoke } = useApiTokenMutations();
  if (tokens.isPending) {
    return (
      <div className="d-flex align-items-center gap-2" role="status">
        <Spinner size="sm" /> Loading your tokens…
      </div>
    );
  }
  if (tokens.isError) return <Alert variant="danger">{tokens.error.message}</Alert>;
  return (
    <section aria-label="Your tokens">
      <h2 className="h5">Your tokens</h2>
      {revoke.isError && <Alert variant="danger">{revoke.error.message}</Alert>}
      {revoke.isSuccess && (
        <p className="text-success" role="status">
          {TOKEN_MESSAGES.revoked}
        </p>
      )}
      {tokens.data.length === 0 ? (
        <p data-testid="no-tokens">You have no API tokens yet.</p>
      ) : (
        <ListGroup className="shadow-sm">
          {tokens.data.map((token) => (
            <TokenRow
              key={token.id}
              token={token}
              pending={revoke.isPending}
              onRevoke={() => revoke.mutate(token.id)}
            />
          ))}
        </ListGroup>
      )}
    </section>
  );
}

function TokenRow({
  token,
  pending,
  onRevoke,
}: {
  token: ApiToken;
  pending: boolean;
  onRevoke: () => void;
}) {
  return (
    <ListGroup.Item className="d-flex flex-wrap align-items-center gap-2" data-testid="api-token">
      <div className="me-auto" style={{ minWidth: 0 }}>
        <span className="fw-semibold text-break">{token.name}</span>{' '}
        {token.scopes.map((scope) => (
          <Badge key={scope} bg="secondary" className="me-1">
            {TOKEN_SCOPE_LABELS[scope]}
          </Badge>
        ))}
        <div className="small text-muted">
          {token.workspaceName} · made {day(token.createdAt, '-')} · last used{' '}
          {day(token.lastUsedAt, 'never')} · {lifeOf(token.expiresAt)}
        </div>
      </div>
      <ConfirmDelete
        label="Revoke"
        confirmLabel="Revoke: calls with it stop working"
        pending={pending}
        onConfirm={onRevoke}
      />
    </ListGroup.Item>
  );
}
