import { Check, Lock } from 'lucide-react';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import ToggleButton from 'react-bootstrap/ToggleButton';
import { Link, useNavigate } from 'react-router';
import {
  BILLING_ANNUAL,
  BILLING_MONTHLY,
  PLAN_FEATURES,
  PLANS,
  isPaidPlan,
  type Plan,
} from '@core/plans';
import { ROUTES } from '@core/routes';
import { useModals } from '../../app/modals/modal-context';
import { useSession } from '../../app/session/session-context';
import { readCheckout, saveCheckout } from '../../app/checkout-intent';
import { groupedNumber } from '@core/number-text';

const count = (n: number, one: string, many = `${one}s`) =>
  `${groupedNumber(n)} ${n === 1 ? one : many}`;

/** A plan's monthly allowances, in the units the server counts. */
function limitsOf(plan: Plan): string[] {
  const perWindow =
    plan.keywordsPerMin && plan.keywordsPerHour
      ? ` (at most ${plan.keywordsPerMin} a minute, ${plan.keywordsPerHour} an hour)`
      : '';
  return [
    `${count(plan.searchLimit, 'SERP search', 'SERP searches')} a month`,
    `${count(plan.speedTestLimit, 'speed test')} a month, up to ${plan.speedTestSampleLimit} samples each`,
    `${count(plan.keywordSearchLimit, 'keyword')} a month${perWindow}`,
    `${count(plan.trackedPageLimit, 'tracked page')}, ${count(plan.scheduledCheckLimit, 'scheduled check')} a month`,
    `${count(plan.flowLimit, 'user flow')} (signed-in pages and journeys)`,
    plan.seatLimit === 1
      ? 'Workspaces for you alone'
      : `Workspaces shared by up to ${count(plan.seatLimit, 'person', 'people')}`,
  ];
}

/** The plan cards, their features and the way to each plan's payment. */
export function PricingPage() {
  const { session, signedIn } = useSession();
  const { open } = useModals();
  const navigate = useNavigate();
  const [cycle, setCycle] = useState<1 | 2>(BILLING_MONTHLY);
  const changePlan = Boolean(readCheckout()?.changePlan);
  const paidUser = signedIn && isPaidPlan(session.planId);
  const endsOn =
    paidUser && session.cancelDate ? new Date(session.cancelDate).toLocaleDateString() : null;

  const choose = (plan: Plan) => {
    saveCheckout({ planId: plan.planId, billingCycle: cycle, afterSignIn: !signedIn, changePlan });
    if (signedIn) navigate(ROUTES.payment);
    else open('signIn', { content: 'createAccount' });
  };

  return (
    <Container className="py-5">
      <h1 className="h2 text-center">Pricing</h1>
      <p className="text-center text-muted">
        Every plan has every tool. Paid plans raise the monthly limits and add the features marked
        with a lock on Free.
      </p>
      <div className="d-flex justify-content-center mb-4">
        <ButtonGroup aria-label="Billing cycle">
          <ToggleButton
            id="cycle-monthly"
            type="radio"
            variant="outline-primary"
            name="cycle"
            value={BILLING_MONTHLY}
            checked={cycle === BILLING_MONTHLY}
            onChange={() => setCycle(BILLING_MONTHLY)}
          >
            Monthly
          </ToggleButton>
          <ToggleButton
            id="cycle-annual"
            type="radio"
            variant="outline-primary"
            name="cycle"
            value={BILLING_ANNUAL}
            checked={cycle === BILLING_ANNUAL}
            onChange={() => setCycle(BILLING_ANNUAL)}
          >
            Annual
          </ToggleButton>
        </ButtonGroup>
      </div>
      <Row xs={1} md={2} xl={4} className="g-4">
        {PLANS.map((plan) => {
          const price = cycle === BILLING_ANNUAL ? plan.yearlyPrice : plan.monthlyPrice;
          const current = signedIn && session.planId === plan.planId;
          return (
            <Col key={plan.plan}>
              <Card
                className={`h-100 ${current ? 'border-primary border-2' : ''}`}
                data-testid={`plan-${plan.plan}`}
              >
                <Card.Body className="d-flex flex-column">
                  <Card.Title as="h2" className="h4">
                    {plan.title}
                  </Card.Title>
                  <div className="mb-3">
                    <span className="display-6">${price}</span>
                    <span className="text-muted">
                      {' '}
                      / {cycle === BILLING_ANNUAL ? 'year' : 'month'}
                    </span>
                  </div>
                  <ul className="list-unstyled small flex-grow-1">
                    {limitsOf(plan).map((line) => (
                      <li key={line} className="mb-1 fw-semibold">
                        {line}
                      </li>
                    ))}
                    {PLAN_FEATURES.map(({ id, label }) => {
                      const included = plan.features[id];
                      return (
                        <li
                          key={id}
                          className={`mb-1 ${included ? '' : 'text-body-secondary'}`}
                          data-testid={`feature-${id}`}
                          data-included={included}
                        >
                          {included ? (
                            <Check size="1em" className="sr-icon text-success me-1" />
                          ) : (
                            <Lock size="1em" className="sr-icon me-1" />
                          )}
                          {label}
                          {!included && <span className="visually-hidden"> (not included)</span>}
                        </li>
                      );
                    })}
                  </ul>
                  {current && (
                    <div className="text-primary small mb-2">
                      your current plan
                      {endsOn ? `, active until ${endsOn}` : ''}
                    </div>
                  )}
                  {current || !isPaidPlan(plan.planId) ? (
                    // Free is every account's (a paid plan holds all it has): 'Subscribed'.
                    <Button variant="outline-secondary" disabled>
                      Subscribed
                    </Button>
                  ) : (
                    <Button onClick={() => choose(plan)}>pay with stripe ${price}.00</Button>
                  )}
                  {!isPaidPlan(plan.planId) &&
                    paidUser &&
                    // A paid user returns to Free alone by cancelling; paid service runs to its end.
                    (endsOn ? (
                      <div className="small text-muted mt-2">Free alone from {endsOn}</div>
                    ) : (
                      <div className="small text-muted mt-2" data-testid="free-in-paid">
                        Your paid plan includes everything in Free.{' '}
                        <Link to={ROUTES.cancel}>cancel to return to Free</Link>
                      </div>
                    ))}
                </Card.Body>
              </Card>
            </Col>
          );
        })}
      </Row>
    </Container>
  );
}
