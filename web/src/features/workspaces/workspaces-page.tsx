import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { ROUTES } from '@core/routes';
import { WORKSPACE_NAME_MAX, type Workspace } from '@core/schemas/workspaces';
import { ROLE_ABILITIES, ROLE_LABELS, roleAllows } from '@core/workspaces/roles';
import { useCurrentWorkspace, useWorkspaceMutations, useWorkspaces } from '../../api/workspaces';
import { useSession } from '../../app/session/session-context';
import { useChooseWorkspace } from '../../app/workspace/use-choose-workspace';
import { currentWorkspaceId } from '../../app/workspace/workspace-param';
import { PageHeader } from '../../components/page-header';
import { PasswordField } from '../../components/password-field';
import { SignInCard } from '../../components/sign-in-card';
import { WorkspaceAudit } from './workspace-audit';
import { WorkspacePeople } from './workspace-people';

const WHAT_IT_DOES =
  'Share tracked pages, rank keywords, field data and speed tests with your team: each workspace has its members, their roles, and the plan of its owner.';

/** The signed-in user's workspaces: which one the app acts in, making, renaming, deleting. */
export function WorkspacesPage() {
  const { signedIn } = useSession();
  return (
    <Container className="py-4">
      <PageHeader crumb="Workspaces" heading="Workspaces" />
      {signedIn ? (
        <WorkspaceList />
      ) : (
        <SignInCard
          intro={WHAT_IT_DOES}
          reason="Sign in to see the workspaces you belong to."
          testId="workspaces-signed-out"
        />
      )}
    </Container>
  );
}

function WorkspaceList() {
  const list = useWorkspaces();
  const choose = useChooseWorkspace();
  const current = useCurrentWorkspace();
  if (list.isPending) {
    return (
      <div className="d-flex align-items-center gap-2" role="status">
        <Spinner size="sm" /> Loading your workspaces…
      </div>
    );
  }
  if (list.isError) return <Alert variant="danger">{list.error.message}</Alert>;
  const isCurrent = (w: Workspace) => w.id === current?.id;
  return (
    <>
      <p className="lead">{WHAT_IT_DOES}</p>
      <p>
        Scripts and CI jobs act in a workspace with an <Link to={ROUTES.apiTokens}>API token</Link>.
      </p>
      <ListGroup className="mb-3 shadow-sm" data-testid="workspace-table">
        {list.data.map((w) => (
          <ListGroup.Item
            key={w.id}
            className="d-flex flex-wrap align-items-center gap-2"
            data-testid="workspace-row"
          >
            <div className="me-auto" style={{ minWidth: 0 }}>
              <span className="fw-semibold text-break">{w.name}</span>{' '}
              {w.personal && <Badge bg="secondary">Personal</Badge>}{' '}
              {isCurrent(w) && <Badge bg="primary">Current</Badge>}
              <div className="small text-muted">
                <span title={ROLE_ABILITIES[w.role]}>{ROLE_LABELS[w.role]}</span> · {w.members} of{' '}
                {w.plan.seats} {w.plan.seats === 1 ? 'seat' : 'seats'} · the {w.plan.name} plan
                {w.personal ? '' : ' of its owner'}
              </div>
            </div>
            {!isCurrent(w) && (
              <Button
                size="sm"
                variant="outline-primary"
                onClick={() => void choose(w.personal ? null : w.id)}
              >
                Switch to
              </Button>
            )}
          </ListGroup.Item>
        ))}
      </ListGroup>
      <NewWorkspace />
      {list.data
        .filter((w) => !w.personal)
        .map((w) => (
          <WorkspaceSettings key={w.id} workspace={w} />
        ))}
    </>
  );
}

function NewWorkspace() {
  const { create } = useWorkspaceMutations();
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(name, { onSuccess: () => setName('') });
  };
  return (
    <Card className="shadow-sm mb-3">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          New workspace
        </Card.Title>
        <Form onSubmit={submit} className="d-flex flex-wrap gap-2 align-items-start" noValidate>
          <Form.Group controlId="sr-new-workspace" className="flex-grow-1">
            <Form.Label className="visually-hidden">Name of the new workspace</Form.Label>
            <Form.Control
              value={name}
              maxLength={WORKSPACE_NAME_MAX}
              placeholder="Name, e.g. a client or a team"
              onChange={(event) => setName(event.target.value)}
              isInvalid={create.isError}
            />
            {create.isError && (
              <Form.Control.Feedback type="invalid">{create.error.message}</Form.Control.Feedback>
            )}
          </Form.Group>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create'}
          </Button>
        </Form>
        {create.isSuccess && (
          <p className="mt-2 mb-0 text-success" role="status">
            “{create.data.name}” is made; you are its owner.
          </p>
        )}
      </Card.Body>
    </Card>
  );
}

/**
 * A shared workspace's card: an admin renames it, its people (WorkspacePeople), and its
 * owner deletes it with their password.
 */
function WorkspaceSettings({ workspace }: { workspace: Workspace }) {
  const { rename, remove } = useWorkspaceMutations();
  const choose = useChooseWorkspace();
  const [name, setName] = useState(workspace.name);
  const [password, setPassword] = useState('');
  const owner = workspace.role === 'owner';
  const admin = roleAllows(workspace.role, 'admin');
  return (
    <Card className="shadow-sm mb-3" data-testid="workspace-settings">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          {workspace.name}
        </Card.Title>
        {admin && (
          <Form
            className="d-flex flex-wrap gap-2 align-items-start mb-3"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              rename.mutate({ id: workspace.id, name });
            }}
          >
            <Form.Group controlId={`sr-rename-${workspace.id}`} className="flex-grow-1">
              <Form.Label className="visually-hidden">New name of {workspace.name}</Form.Label>
              <Form.Control
                value={name}
                maxLength={WORKSPACE_NAME_MAX}
                onChange={(event) => setName(event.target.value)}
                isInvalid={rename.isError}
              />
              {rename.isError && (
                <Form.Control.Feedback type="invalid">{rename.error.message}</Form.Control.Feedback>
              )}
            </Form.Group>
            <Button type="submit" variant="outline-primary" disabled={rename.isPending}>
              Rename
            </Button>
          </Form>
        )}
        <WorkspacePeople workspace={workspace} />
        {admin && <WorkspaceAudit workspaceId={workspace.id} />}
        {owner && (
          <Form
            className="mt-3"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              remove.mutate(
                { id: workspace.id, password },
                {
                  onSuccess: () => {
                    if (currentWorkspaceId() === workspace.id) void choose(null);
                  },
                },
              );
            }}
          >
            <p className="mb-2">
              Deleting it deletes everything in it: its tracked pages and their history, rank
              keywords, field data sites, webhooks and speed tests. Nothing of your other workspaces
              is touched.
            </p>
            <div className="d-flex flex-wrap gap-2 align-items-end">
              <div className="flex-grow-1">
                <PasswordField
                  id={`sr-delete-${workspace.id}`}
                  label="Your password"
                  value={password}
                  onChange={setPassword}
                  error={remove.isError ? remove.error.message : undefined}
                  autoComplete="current-password"
                />
              </div>
              <Button
                type="submit"
                variant="outline-danger"
                className="mb-3"
                disabled={remove.isPending || password === ''}
              >
                Delete workspace
              </Button>
            </div>
          </Form>
        )}
      </Card.Body>
    </Card>
  );
}
