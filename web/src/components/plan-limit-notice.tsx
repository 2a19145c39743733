import { Lock } from 'lucide-react';
import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router';
import { ROUTES } from '@core/routes';

/** A plan's limit reached: the lock, what upgrading gives, and the way to the plans. */
export function PlanLimitNotice({ message, testId }: { message: string; testId: string }) {
  return (
    <Alert variant="info" className="py-2 mb-3" data-testid={testId}>
      <Lock size="1em" className="sr-icon me-1" role="img" aria-label="plan limit" />
      {message} <Link to={ROUTES.pricing}>See plans.</Link>
    </Alert>
  );
}
