import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import type { ProvidersResponse } from '@core/schemas/ops';
import { ApiError } from '../../api/api-client';
import { PageHeader } from '../../components/page-header';
import { useOpsProviders } from './ops-api';
import { formatCount, formatUsd, formatUtc } from './ops-format';
import { opsToken } from './ops-token';

/** The operators' token, asked once per tab. */
function TokenForm({ onToken }: { onToken: (token: string) => void }) {
  const [value, setValue] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const token = value.trim();
    if (token) onToken(token);
  };
  return (
    <Form onSubmit={submit} className="mb-4" style={{ maxWidth: '32rem' }}>
      <Form.Group controlId="ops-token" className="mb-3">
        <Form.Label>Operators’ token (OPS_TOKEN)</Form.Label>
        <Form.Control
          type="password"
          autoComplete="off"
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
        <Form.Text>Kept in this tab only, until it is closed.</Form.Text>
      </Form.Group>
      <Button type="submit" disabled={!value.trim()}>
        Show providers
      </Button>
    </Form>
  );
}

function ProvidersTable({ data }: { data: ProvidersResponse }) {
  if (data.providers.length === 0) {
    return (
      <Alert variant="warning" data-testid="ops-no-providers">
        No search provider is configured: no SERP API key is set and the sandbox is off.
      </Alert>
    );
  }
  const month = data.providers[0]!.month;
  return (
    <>
      <p className="text-muted small" data-testid="ops-providers-as-of">
        Counted by this installation for {month} (UTC), read {formatUtc(data.at)}. Costs are
        estimates from each vendor’s published price, not invoices.
      </p>
      <Table responsive striped size="sm" data-testid="ops-providers-table">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Provider</th>
            <th scope="col" className="text-end">
              Calls
            </th>
            <th scope="col" className="text-end">
              Failures
            </th>
            <th scope="col" className="text-end">
              Results
            </th>
            <th scope="col">Last error</th>
            <th scope="col" className="text-end">
              Price / 1,000
            </th>
            <th scope="col" className="text-end">
              Estimated cost
            </th>
          </tr>
        </thead>
        <tbody>
          {data.providers.map((p) => (
            <tr key={p.source} data-testid={`ops-provider-${p.source}`}>
              <td>{p.position}</td>
              <th scope="row">{p.label}</th>
              <td className="text-end">{formatCount(p.calls)}</td>
              <td className="text-end">{formatCount(p.failures)}</td>
              <td className="text-end">{formatCount(p.results)}</td>
              <td>
                {p.lastError ? (
                  <>
                    {p.lastError.message}{' '}
                    <time className="text-muted small" dateTime={p.lastError.at}>
                      ({formatUtc(p.lastError.at)})
                    </time>
                  </>
                ) : (
                  '-'
                )}
              </td>
              <td className="text-end">{formatUsd(p.pricePerThousandUsd)}</td>
              <td className="text-end">{formatUsd(p.estimatedCostUsd)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}

/** For operators: each search provider of the chain, in failover order, this month. */
export function OpsProvidersPage() {
  const [token, setToken] = useState(opsToken.read);
  const providers = useOpsProviders(token);
  const { error } = providers;
  const status = error instanceof ApiError ? error.status : null;
  const refused = status === 401;
  const use = (next: string) => {
    opsToken.save(next);
    setToken(next);
  };
  const forget = () => {
    opsToken.forget();
    setToken(null);
  };
  return (
    <Container className="py-4">
      <PageHeader crumb="Search providers" heading="Search providers" />
      {refused && error && (
        <Alert variant="danger" data-testid="ops-token-refused">
          The server refused this token (401): {error.message} Enter the value of OPS_TOKEN set on
          the server.
        </Alert>
      )}
      {token === null || refused ? (
        <TokenForm onToken={use} />
      ) : (
        <>
          {providers.isPending && <p aria-live="polite">Loading the providers…</p>}
          {error && (
            <Alert variant="danger" data-testid="ops-providers-error">
              {status === 404
                ? 'The operators’ routes are off: OPS_TOKEN is not set on the server.'
                : `The providers could not be loaded: ${error.message}`}
            </Alert>
          )}
          {providers.data && <ProvidersTable data={providers.data} />}
          <div className="d-flex gap-2">
            <Button variant="outline-secondary" size="sm" onClick={() => providers.refetch()}>
              Refresh
            </Button>
            <Button variant="outline-secondary" size="sm" onClick={forget}>
              Forget the token
            </Button>
          </div>
        </>
      )}
    </Container>
  );
}
