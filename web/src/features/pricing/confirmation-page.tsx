import { CircleCheck } from 'lucide-react';
import Container from 'react-bootstrap/Container';
import { Link, useLocation } from 'react-router';
import { planById } from '@core/plans';
import { ROUTES } from '@core/routes';

/** The confirmation page, shown after a payment, which hands over the plan paid for. */
export function ConfirmationPage() {
  const state = useLocation().state as { planId?: number } | null;
  if (!state?.planId) {
    // Opened directly: there is no payment to confirm, so no 'Success!'.
    return (
      <Container className="py-5 text-center" data-testid="no-payment">
        <h1 className="h3">There is no payment to confirm</h1>
        <Link to={ROUTES.pricing} className="btn btn-primary mt-3">
          See pricing
        </Link>
      </Container>
    );
  }
  const plan = planById(state.planId);
  return (
    <Container className="py-5 text-center">
      <CircleCheck size={64} className="text-success mb-3" />
      <h1 className="h3">Success! You have subscribed to the {plan.title} Plan</h1>
      <Link to={ROUTES.home} className="btn btn-primary mt-3">
        get started
      </Link>
    </Container>
  );
}
