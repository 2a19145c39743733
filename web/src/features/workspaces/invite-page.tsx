import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { WORKSPACE_ENDPOINTS as WORKSPACES } from '@core/endpoints/workspaces';
import { ROUTES } from '@core/routes';
import { ROLE_ABILITIES, ROLE_LABELS } from '@core/workspaces/roles';
import { callEndpoint } from '../../api/api-client';
import { useSignedInToken } from '../../api/signed-in-token';
import { workspaceKeys } from '../../api/workspaces';
import { useSession } from '../../app/session/session-context';
import { WORKSPACE_PARAM } from '../../app/workspace/workspace-param';
import { PageHeader } from '../../components/page-header';
import { SignInCard } from '../../components/sign-in-card';

/**
 * Where an emailed invitation opens: signed in with the invited address, one click joins
 * the workspace and opens it; a visitor signs in or creates the account first.
 */
export function InvitePage() {
  const { signedIn } = useSession();
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <Container className="py-4">
      <PageHeader crumb="Invitation" heading="Join a workspace" />
      {!token ? (
        <Alert variant="warning">
          This link has no invitation in it. Open the link from the email again, or ask for a new
          invitation.
        </Alert>
      ) : signedIn ? (
        <AcceptInvite token={token} />
      ) : (
        <SignInCard
          intro="You are invited to share a SpeedRank workspace: its tracked pages, rank keywords, field data and speed tests."
          reason="Sign in, or create your account, with the address the invitation was sent to; then accept it here."
          testId="invite-signed-out"
        />
      )}
    </Container>
  );
}

function AcceptInvite({ token }: { token: string }) {
  const { token: session, enabled } = useSignedInToken();
  const navigate = useNavigate();
  const client = useQueryClient();
  const accept = useMutation({
    mutationFn: () => callEndpoint(WORKSPACES.acceptInvite, { token: session, params: { token } }),
    onSuccess: async (joined) => {
      // The list names the workspace joined before the app moves into it.
      await client.invalidateQueries({ queryKey: workspaceKeys.list(session) });
      await navigate(`${ROUTES.workspaces}?${WORKSPACE_PARAM}=${encodeURIComponent(joined.id)}`);
    },
  });
  return (
    <Card className="shadow-sm" data-testid="invite-accept">
      <Card.Body>
        <p className="lead">
          You are invited to share a workspace. Accepting adds you to it in the role the invitation
          gives; you keep your own workspace too.
        </p>
        {accept.isError && (
          <Alert variant="danger" role="alert">
            {accept.error.message}
          </Alert>
        )}
        {accept.isSuccess && (
          <p role="status">
            You joined “{accept.data.name}” as {ROLE_LABELS[accept.data.role]}:{' '}
            {ROLE_ABILITIES[accept.data.role]}.
          </p>
        )}
        <div className="d-flex flex-wrap gap-2">
          <Button
            onClick={() => accept.mutate()}
            disabled={!enabled || accept.isPending || accept.isSuccess}
          >
            {accept.isPending ? 'Joining…' : 'Accept the invitation'}
          </Button>
          <Link to={ROUTES.workspaces} className="btn btn-outline-secondary">
            Your workspaces
          </Link>
        </div>
      </Card.Body>
    </Card>
  );
}
