import Container from 'react-bootstrap/Container';
import { useSearchParams } from 'react-router';
import { FLOW_SCREEN_MESSAGES as SAYS } from '@core/messages/flows';
import { useSession } from '../../app/session/session-context';
import { PageHeader } from '../../components/page-header';
import { SignInCard } from '../../components/sign-in-card';
import { EditFlow, NewFlow } from './flow-editor';
import { FlowList } from './flow-list';
import { FlowRunView } from './flow-run-view';
import { FlowView } from './flow-view';

type Screen =
  | { name: 'list' }
  | { name: 'new' }
  | { name: 'edit'; id: string }
  | { name: 'flow'; id: string }
  | { name: 'run'; runId: string };

/** Which screen the address asks for: a run, a new flow, a flow's editor, a flow, the list. */
function screenOf(params: URLSearchParams): Screen {
  const runId = params.get('run');
  if (runId) return { name: 'run', runId };
  if (params.get('new') === '1') return { name: 'new' };
  const id = params.get('id');
  if (id) return params.get('edit') === '1' ? { name: 'edit', id } : { name: 'flow', id };
  return { name: 'list' };
}

const HEADINGS: Record<Screen['name'], string> = {
  list: 'User flows',
  new: 'New user flow',
  edit: 'Edit user flow',
  flow: 'User flow',
  run: 'User flow run',
};

/**
 * The current workspace's user flows: the list and its secrets, a flow (`?id=`) with its
 * history, its editor (`&edit=1`, or `?new=1`), and a run (`?run=`), asked again while it runs.
 */
export function FlowsPage() {
  const { signedIn } = useSession();
  const [params] = useSearchParams();
  const screen = screenOf(params);
  return (
    <Container className="py-4">
      <PageHeader crumb="User flows" heading={HEADINGS[screen.name]} />
      {!signedIn ? (
        <SignInCard intro={SAYS.whatItDoes} reason={SAYS.signedOut} testId="flows-signed-out" />
      ) : screen.name === 'run' ? (
        <FlowRunView key={screen.runId} runId={screen.runId} />
      ) : screen.name === 'new' ? (
        <NewFlow />
      ) : screen.name === 'edit' ? (
        <EditFlow key={screen.id} id={screen.id} />
      ) : screen.name === 'flow' ? (
        <FlowView key={screen.id} id={screen.id} />
      ) : (
        <FlowList />
      )}
    </Container>
  );
}
