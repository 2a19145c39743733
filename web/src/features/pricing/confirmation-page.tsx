import Container from 'react-bootstrap/Container';
import { Link, useLocation } from 'react-router';
import { planById } from '@core/plans';
import { ROUTES } from '@core/routes';
import { useSession } from '../../app/session/session-context';

/** Spec 000 §2 'Confirmation'. */
export function ConfirmationPage() {
  const { session } = useSession();
  const state = useLocation().state as { planId?: number } | null;
  const plan = planById(state?.planId ?? session.planId);
  return (
    <Container className="py-5 text-center">
      <div className="display-4 text-success" aria-hidden="true">
        ✓
      </div>
      <h1 className="h3">Success! You have subscribed to the {plan.title} Plan</h1>
      <Link to={ROUTES.home} className="btn btn-primary mt-3">
        get started
      </Link>
    </Container>
  );
}
