import { useMutation } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { PAYMENTS_ENDPOINTS as PAYMENTS } from '@core/endpoints/payments';
import { FREE_PLAN_ID, planById } from '@core/plans';
import { ROUTES } from '@core/routes';
import { callEndpoint } from '../../api/api-client';
import { useSession } from '../../app/session/session-context';
import { paymentKeys } from './payments-api';

function formatDate(iso: string | null): string {
  return iso
    ? new Date(iso).toLocaleDateString(undefined, {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
      })
    : '';
}

/** Cancels a paid subscription once confirmed; the paid plan stays active until the cycle ends. */
export function CancelPage() {
  const { session, setSession } = useSession();
  const cancel = useMutation({
    mutationKey: paymentKeys.cancel,
    mutationFn: async () => {
      const { token } = session;
      const lookup = await callEndpoint(PAYMENTS.getPaypal, { token });
      const body = {
        planId: FREE_PLAN_ID,
        billingCycle: session.billingCycle === 2 ? (2 as const) : (1 as const),
      };
      // A PayPal subscription is cancelled there, any other with PUT /payments.
      return lookup.userSubscription
        ? callEndpoint(PAYMENTS.cancelPaypal, { token, body })
        : callEndpoint(PAYMENTS.updateSubscription, { token, body });
    },
    onSuccess: (result) =>
      // One rule everywhere: the plan the server enforces, with its end date. The paid period
      // runs to its end, and a reload would bring the server's plan back anyway.
      setSession({
        ...session,
        token: result.token,
        cancelDate: result.cancelsAt,
        renewDate: null,
      }),
    onError: (error) => console.error('cancel failed', error),
  });
  const state = cancel.isPending ? 'processing' : cancel.isSuccess ? 'done' : 'ask';
  const cancelsAt = cancel.data?.cancelsAt ?? null;

  if (state === 'done') {
    return (
      <Container className="py-5 text-center" style={{ maxWidth: 560 }}>
        <h1 className="h3">Your subscription is cancelled</h1>
        {cancelsAt && (
          <p>
            Your paid plan stays active until {formatDate(cancelsAt)}; then your account moves to
            the Free plan.
          </p>
        )}
        <Link to={ROUTES.home} className="btn btn-primary">
          Back to tools
        </Link>
      </Container>
    );
  }
  return (
    <Container className="py-5 text-center" style={{ maxWidth: 560 }}>
      <h1 className="h3 mb-4">Are you sure?</h1>
      {session.planId === FREE_PLAN_ID ? (
        <Alert variant="info">You are on the Free plan: there is nothing to cancel.</Alert>
      ) : session.cancelDate ? (
        <Alert variant="info">
          Your {planById(session.planId).title} plan is already cancelled; it stays active until{' '}
          {formatDate(session.cancelDate)}.
        </Alert>
      ) : (
        <p data-testid="cancel-terms">
          You are on the {planById(session.planId).title} plan
          {session.renewDate ? `, paid until ${formatDate(session.renewDate)}` : ''}. If you cancel,
          it stays active until then and your account moves to the Free plan afterwards.
        </p>
      )}
      <Button
        variant="danger"
        onClick={() => cancel.mutate()}
        disabled={
          state === 'processing' || session.planId === FREE_PLAN_ID || Boolean(session.cancelDate)
        }
      >
        {state === 'processing' && <Spinner size="sm" className="me-2" aria-label="Processing" />}
        Yes, please cancel
      </Button>
      <div className="mt-3">
        <Link to={ROUTES.home}>No, take me back to tools</Link>
      </div>
    </Container>
  );
}
