import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import type { Workspace } from '@core/schemas/workspaces';
import { ROLE_LABELS, ROLES, roleAllows, type Role } from '@core/workspaces/roles';
import { useInvites, useMemberMutations, useMembers } from '../../api/workspaces';
import { useSession } from '../../app/session/session-context';
import { useChooseWorkspace } from '../../app/workspace/use-choose-workspace';
import { currentWorkspaceId } from '../../app/workspace/workspace-param';

const INVITE_ROLES = ['viewer', 'member', 'admin'] as const;

/**
 * A shared workspace's people: its members (an admin changes their roles and removes them,
 * an owner hands the plan over), invitations by email for admins, and leaving.
 */
export function WorkspacePeople({ workspace }: { workspace: Workspace }) {
  const { session } = useSession();
  const admin = roleAllows(workspace.role, 'admin');
  const members = useMembers(workspace.id);
  const invites = useInvites(workspace.id, admin);
  const act = useMemberMutations(workspace.id);
  const choose = useChooseWorkspace();
  const me = members.data?.find((m) => m.email === session.email);
  const failed = [act.changeRole, act.remove, act.leave, act.transfer, act.revokeInvite].find(
    (m) => m.isError,
  );
  return (
    <div data-testid="workspace-people">
      <h3 className="h6 mt-3">People</h3>
      {failed?.error && (
        <Alert variant="danger" role="alert">
          {failed.error.message}
        </Alert>
      )}
      {members.isError && <Alert variant="danger">{members.error.message}</Alert>}
      <ListGroup className="mb-3">
        {members.data?.map((m) => (
          <ListGroup.Item
            key={m.userId}
            className="d-flex flex-wrap align-items-center gap-2"
            data-testid="workspace-member"
          >
            <span className="me-auto">
              {m.name || m.email}
              {m.name && <span className="text-muted small"> {m.email}</span>}
              {m.billingOwner && <span className="text-muted small"> · its plan is theirs</span>}
            </span>
            {admin && m.userId !== me?.userId ? (
              <>
                <Form.Select
                  size="sm"
                  className="w-auto"
                  aria-label={`Role of ${m.email}`}
                  value={m.role}
                  onChange={(event) =>
                    act.changeRole.mutate({ userId: m.userId, role: event.target.value as Role })
                  }
                >
                  {ROLES.filter((r) => workspace.role === 'owner' || r !== 'owner').map((r) => (
                    <option key={r} value={r}>
                      {ROLE_LABELS[r]}
                    </option>
                  ))}
                </Form.Select>
                {workspace.role === 'owner' && m.role === 'owner' && !m.billingOwner && (
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    onClick={() => act.transfer.mutate(m.userId)}
                  >
                    Give the plan to them
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="outline-danger"
                  onClick={() => act.remove.mutate(m.userId)}
                >
                  Remove
                </Button>
              </>
            ) : (
              <span>{ROLE_LABELS[m.role]}</span>
            )}
          </ListGroup.Item>
        ))}
      </ListGroup>
      {admin && (
        <>
          <InviteForm workspace={workspace} />
          {invites.data && invites.data.length > 0 && (
            <>
              <h3 className="h6">Open invitations</h3>
              <ListGroup className="mb-3">
                {invites.data.map((invite) => (
                  <ListGroup.Item
                    key={invite.id}
                    className="d-flex flex-wrap align-items-center gap-2"
                    data-testid="workspace-invite"
                  >
                    <span className="me-auto">
                      {invite.email} · {ROLE_LABELS[invite.role]} · until{' '}
                      {new Date(invite.expiresAt).toLocaleDateString()}
                    </span>
                    <Button
                      size="sm"
                      variant="outline-danger"
                      onClick={() => act.revokeInvite.mutate(invite.id)}
                    >
                      Revoke
                    </Button>
                  </ListGroup.Item>
                ))}
              </ListGroup>
            </>
          )}
        </>
      )}
      {me && !me.billingOwner && (
        <Button
          variant="outline-secondary"
          size="sm"
          onClick={() =>
            act.leave.mutate(undefined, {
              onSuccess: () => {
                if (currentWorkspaceId() === workspace.id) void choose(null);
              },
            })
          }
        >
          Leave this workspace
        </Button>
      )}
    </div>
  );
}

function InviteForm({ workspace }: { workspace: Workspace }) {
  const { invite } = useMemberMutations(workspace.id);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<(typeof INVITE_ROLES)[number]>('member');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate({ email, role }, { onSuccess: () => setEmail('') });
  };
  return (
    <Form onSubmit={submit} noValidate className="mb-3" data-testid="invite-form">
      <div className="d-flex flex-wrap gap-2 align-items-start">
        <Form.Group controlId={`sr-invite-${workspace.id}`} className="flex-grow-1">
          <Form.Label className="visually-hidden">Email of the person to invite</Form.Label>
          <Form.Control
            type="email"
            value={email}
            placeholder="colleague@example.com"
            onChange={(event) => setEmail(event.target.value)}
            isInvalid={invite.isError}
          />
          {invite.isError && (
            <Form.Control.Feedback type="invalid">{invite.error.message}</Form.Control.Feedback>
          )}
        </Form.Group>
        <Form.Select
          className="w-auto"
          aria-label="Their role"
          value={role}
          onChange={(event) => setRole(event.target.value as (typeof INVITE_ROLES)[number])}
        >
          {INVITE_ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </Form.Select>
        <Button type="submit" disabled={invite.isPending}>
          Invite
        </Button>
      </div>
      <Form.Text>
        Seats: {workspace.members} of {workspace.plan.seats} on the {workspace.plan.name} plan (open
        invitations count too).
      </Form.Text>
      {invite.isSuccess && (
        <p className="text-success mb-0" role="status">
          An invitation is on its way to {invite.data.email}.
        </p>
      )}
    </Form>
  );
}
