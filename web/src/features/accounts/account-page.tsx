import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { Link, useNavigate } from 'react-router';
import { BILLING_ANNUAL, isPaidPlan, planById, type Plan } from '@core/plans';
import { ROUTES } from '@core/routes';
import { useSession } from '../../app/session/session-context';
import { saveCheckout } from '../../app/checkout-intent';
import { useRemaining } from '../../api/usage';
import { AccountDataCard } from './account-data-card';
import { TrackingStorageLine } from './tracking-storage-line';
import { groupedNumber } from '@core/number-text';

function formatDate(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
}

/** What is left this month of each allowance, with the plan's allowance beside it. */
function useAllRemaining(plan: Plan) {
  const serp = useRemaining('serp');
  const speed = useRemaining('speed');
  const keywords = useRemaining('keywords');
  return [
    { id: 'serp', label: `of ${plan.searchLimit} SERP searches`, query: serp },
    { id: 'speed', label: `of ${plan.speedTestLimit} speed tests`, query: speed },
    {
      id: 'keywords',
      label: `of ${groupedNumber(plan.keywordSearchLimit)} keywords`,
      query: keywords,
    },
  ];
}

/** The account: who is signed in, the plan and its dates, and this month's allowances. */
export function AccountPage() {
  const { session, signedIn, clearSession } = useSession();
  const navigate = useNavigate();
  const plan = planById(session.planId);
  const remaining = useAllRemaining(plan);

  const logOut = () => {
    clearSession();
    navigate(ROUTES.home);
  };

  useEffect(() => {
    // A visitor without a token is logged out from this page.
    if (!signedIn) {
      clearSession();
      navigate(ROUTES.home, { replace: true });
    }
  }, [signedIn, clearSession, navigate]);

  if (!signedIn) return null;
  const cycle = session.billingCycle === BILLING_ANNUAL ? 'annual' : 'monthly';
  const renew = formatDate(session.renewDate);
  const cancel = formatDate(session.cancelDate);
  // The flag makes the payment page update the subscription instead of creating one.
  const markChange = (flag: 'changePlan' | 'changePayment') =>
    saveCheckout({
      planId: session.planId,
      billingCycle: session.billingCycle === BILLING_ANNUAL ? 2 : 1,
      changePlan: flag === 'changePlan',
      changePayment: flag === 'changePayment',
    });

  return (
    <Container className="py-5" style={{ maxWidth: 720 }}>
      <div className="d-flex justify-content-between align-items-start mb-4">
        <div>
          <h1 className="h3 mb-1">Account</h1>
          <div data-testid="account-email">{session.email}</div>
          {session.name && (
            <div className="text-muted" data-testid="account-name">
              {session.name}
            </div>
          )}
        </div>
        <Button variant="outline-secondary" onClick={logOut}>
          Log out
        </Button>
      </div>
      <Card className="mb-4">
        <Card.Body>
          <div className="fw-semibold" data-testid="plan-line">
            {plan.title} Plan{isPaidPlan(plan.planId) ? ` (${cycle})` : ''}
          </div>
          {cancel ? (
            <div className="text-muted">Cancels on {cancel}</div>
          ) : (
            renew && <div className="text-muted">Renews on {renew}</div>
          )}
          {isPaidPlan(plan.planId) && (
            <div className="mt-2 d-flex flex-wrap gap-3">
              <Link to={ROUTES.pricing} onClick={() => markChange('changePlan')}>
                Change plan
              </Link>
              <Link to={ROUTES.payment} onClick={() => markChange('changePayment')}>
                Change payment method
              </Link>
              {!cancel && <Link to={ROUTES.cancel}>Cancel</Link>}
            </div>
          )}
        </Card.Body>
      </Card>
      <h2 className="h5">Remaining this month</h2>
      <Row xs={1} sm={3} className="g-3">
        {remaining.map((item) => (
          <Col key={item.id}>
            <Card className="h-100 text-center">
              <Card.Body>
                <div className="display-6" data-testid={`remaining-${item.id}`}>
                  {item.query.isError ? '-' : (item.query.data ?? '…')}
                </div>
                <div className="text-muted small">{item.label}</div>
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
      <TrackingStorageLine />
      <AccountDataCard />
    </Container>
  );
}
