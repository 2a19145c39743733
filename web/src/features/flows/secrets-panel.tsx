import { useRef, useState, type FormEvent, type RefObject } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { FLOW_ENDPOINTS as FLOWS } from '@core/endpoints/flows';
import { putSecretBodySchema, type Secret } from '@core/flows/flow-api';
import { secretNameSchema } from '@core/flows/secret-name';
import { FLOW_SCREEN_MESSAGES as SAYS } from '@core/messages/flows';
import { useWorkspaceAllows } from '../../api/workspaces';
import { ConfirmDelete } from '../../components/confirm-delete';
import { LiveStatus } from '../../components/live-status';
import { dateTimeText } from '../../components/run-comparison/metric-format';
import { useSecrets } from '../../api/flows';
import { useSecretMutations } from './flows-api';

function SecretRow({
  secret,
  admin,
  onReplace,
  onDeleted,
}: {
  secret: Secret;
  admin: boolean;
  onReplace(name: string): void;
  onDeleted(name: string): void;
}) {
  const { remove } = useSecretMutations();
  const replaced = secret.updatedAt !== secret.createdAt ? dateTimeText(secret.updatedAt) : null;
  return (
    <ListGroup.Item className="d-flex flex-wrap align-items-center gap-2" data-testid="secret-row">
      <div className="flex-grow-1" style={{ minWidth: 0 }}>
        <code className="text-break">{secret.name}</code>
        <div className="small text-muted">
          {SAYS.secretDates(dateTimeText(secret.createdAt), replaced)}
        </div>
        {remove.isError && <div className="small text-danger">{remove.error.message}</div>}
      </div>
      {admin && (
        <div className="d-flex flex-wrap gap-2">
          <Button size="sm" variant="outline-secondary" onClick={() => onReplace(secret.name)}>
            Replace
          </Button>
          <ConfirmDelete
            confirmLabel={`Delete ${secret.name}`}
            pending={remove.isPending}
            onConfirm={() =>
              remove.mutate(secret.name, { onSuccess: () => onDeleted(secret.name) })
            }
          />
        </div>
      )}
    </ListGroup.Item>
  );
}

/**
 * Sets a secret: a new name adds one, an existing name replaces its value. The value is
 * typed into a password field and kept nowhere after it is sent.
 */
function SecretForm({
  name,
  onName,
  valueRef,
  onSaved,
}: {
  name: string;
  onName(name: string): void;
  valueRef: RefObject<HTMLInputElement | null>;
  onSaved(name: string): void;
}) {
  const { put } = useSecretMutations();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsedName = secretNameSchema.safeParse(name.trim());
    const parsedValue = putSecretBodySchema.safeParse({ value });
    const issue = parsedName.error?.issues[0] ?? parsedValue.error?.issues[0];
    if (!parsedName.success || !parsedValue.success) {
      setProblem(issue?.message);
      return;
    }
    setProblem(undefined);
    put.mutate(
      { name: parsedName.data, value },
      {
        onSuccess: () => {
          setValue('');
          onSaved(parsedName.data);
        },
        onError: (error) => setProblem(error.message),
      },
    );
  };
  return (
    <Form noValidate onSubmit={submit} className="mt-3" data-testid="secret-form">
      <Row className="g-2 align-items-end">
        <Col xs={12} md={4}>
          <Form.Group controlId="secret-name">
            <Form.Label className="small mb-1">Name</Form.Label>
            <Form.Control
              size="sm"
              value={name}
              autoComplete="off"
              spellCheck={false}
              placeholder="SHOP_PASSWORD"
              onChange={(e) => onName(e.target.value)}
            />
          </Form.Group>
        </Col>
        <Col xs={12} md={5}>
          <Form.Group controlId="secret-value">
            <Form.Label className="small mb-1">Value</Form.Label>
            <Form.Control
              ref={valueRef}
              size="sm"
              type="password"
              autoComplete="new-password"
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
          </Form.Group>
        </Col>
        <Col xs={12} md={3}>
          <Button type="submit" size="sm" className="w-100" disabled={put.isPending}>
            Save secret
          </Button>
        </Col>
      </Row>
      {problem && (
        <Alert variant="danger" className="py-2 mt-2 mb-0 small" data-testid="secret-error">
          {problem}
        </Alert>
      )}
    </Form>
  );
}

/** The workspace's secrets: names and dates for members, setting and deleting for admins. */
export function SecretsPanel() {
  const secrets = useSecrets();
  const allows = useWorkspaceAllows();
  const admin = allows(FLOWS.putSecret);
  const [name, setName] = useState('');
  const [said, setSaid] = useState('');
  const valueRef = useRef<HTMLInputElement>(null);
  const replace = (secret: string) => {
    setName(secret);
    valueRef.current?.focus();
  };
  return (
    <Card as="section" className="shadow-sm" aria-labelledby="secrets-title" data-testid="secrets">
      <Card.Body>
        <h2 id="secrets-title" className="h5">
          Secrets
        </h2>
        <p className="small text-muted">{SAYS.secretsIntro}</p>
        {secrets.isPending ? (
          <div className="d-flex align-items-center gap-2 small" role="status">
            <Spinner size="sm" aria-hidden /> Loading the secrets…
          </div>
        ) : secrets.isError ? (
          <Alert variant="danger" className="py-2">
            {secrets.error.message}
          </Alert>
        ) : secrets.data.secrets.length === 0 ? (
          <p className="small mb-0" data-testid="secrets-empty">
            {SAYS.secretsEmpty}
          </p>
        ) : (
          <ListGroup data-testid="secret-list">
            {secrets.data.secrets.map((secret) => (
              <SecretRow
                key={secret.name}
                secret={secret}
                admin={admin}
                onReplace={replace}
                onDeleted={(deleted) => setSaid(SAYS.secretDeleted(deleted))}
              />
            ))}
          </ListGroup>
        )}
        {admin ? (
          <SecretForm
            name={name}
            onName={setName}
            valueRef={valueRef}
            onSaved={(saved) => {
              setName('');
              setSaid(SAYS.secretSaved(saved));
            }}
          />
        ) : (
          <p className="small text-muted mt-3 mb-0">{SAYS.secretsAdminOnly}</p>
        )}
        {said && (
          <p className="small text-success mt-2 mb-0" aria-hidden>
            {said}
          </p>
        )}
        <LiveStatus message={said} testId="secrets-status" />
      </Card.Body>
    </Card>
  );
}
