import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router';
import { FLOW_SCREEN_MESSAGES as SAYS } from '@core/messages/flows';
import { ROUTES } from '@core/routes';
import { ApiError } from '../../api/api-client';

/** A flow or run that did not load: not in this workspace (404), or the API's own message. */
export function FlowNotFound({ error, what = 'flow' }: { error: Error; what?: 'flow' | 'run' }) {
  if (error instanceof ApiError && error.status === 404) {
    return (
      <Alert variant="warning" data-testid="flow-not-found">
        {what === 'flow' ? SAYS.notFound : SAYS.runNotFound} {SAYS.otherWorkspace}{' '}
        <Link to={ROUTES.flows}>All flows</Link>
      </Alert>
    );
  }
  return <Alert variant="danger">{error.message}</Alert>;
}
