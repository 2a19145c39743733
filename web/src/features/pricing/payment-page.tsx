import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useNavigate } from 'react-router';
import { MESSAGES } from '@core/messages';
import type { PaymentBodyInput, PaymentResponse } from '@core/schemas/payments';
import { BILLING_ANNUAL, planById } from '@core/plans';
import { ROUTES } from '@core/routes';
import { PAYMENTS_ENDPOINTS as PAYMENTS } from '@core/endpoints/payments';
import { ApiError, callEndpoint } from '../../api/api-client';
import { validateEmail } from '../../app/auth/validation';
import { useSession } from '../../app/session/session-context';
import { clearCheckout, readCheckout } from '../../app/checkout-intent';
import {
  LocalCardFields,
  parseCard,
  type CardErrors,
  type CardInput,
  type ParsedCard,
} from './local-card-fields';
import { paymentKeys, paymentsConfigQuery } from './payments-api';
import { PayPalButtons } from './paypal-buttons';
import { StripeCardField, type CreatePaymentMethod } from './stripe-card-field';
import { EmailField } from '../../components/email-field';

interface Errors {
  name?: string | undefined;
  email?: string | undefined;
  zipcode?: string | undefined;
  card?: string | undefined;
  form?: string | undefined;
}

/** The card provider refused the card: said under the card fields. */
class CardError extends Error {}

/** What a failed payment says, by where it failed. */
function paymentErrors(error: Error): Errors {
  if (error instanceof CardError) return { card: error.message };
  // A conflict with the user's own subscription, in the server's words: the message
  // "You are already subscribed our {plan}" names the plan they have, not this one.
  if (error instanceof ApiError && error.status === 409) return { form: error.message };
  // The server's words say what to do (a declined card, a plan paid with PayPal).
  if (error instanceof ApiError && error.status !== 500)
    return { form: `${MESSAGES.paymentError} ${error.message}` };
  return { form: MESSAGES.paymentError };
}

/** A payment: a PayPal subscription approved there, or a card for a new or changed plan. */
type Payment =
  | { kind: 'paypal'; subscriptionId: string }
  | {
      kind: 'card';
      update: boolean;
      card: ParsedCard | null;
      order: Omit<PaymentBodyInput, 'paymentMethodId'>;
    };

/** Paying for a plan, or changing the plan or the payment method of a subscription. */
export function PaymentPage() {
  const { session, signedIn, setSession } = useSession();
  const navigate = useNavigate();
  const [intent] = useState(readCheckout);
  const config = useQuery(paymentsConfigQuery());
  const [name, setName] = useState(session.name);
  const [email, setEmail] = useState(session.email);
  const [zipcode, setZipcode] = useState('');
  const [card, setCard] = useState<CardInput>({ number: '', expiry: '', cvc: '' });
  const [invalid, setErrors] = useState<Errors>({});
  const [cardErrors, setCardErrors] = useState<CardErrors>({});
  const [stripeCreate, setStripeCreate] = useState<{ create: CreatePaymentMethod } | null>(null);
  const stripeKey = config.data?.provider === 'stripe' ? config.data.stripePublishableKey : null;

  const finish = (result: PaymentResponse) => {
    setSession({
      ...session,
      token: result.token,
      planId: result.planId,
      billingCycle: result.billingCycle,
      renewDate: result.renewsAt,
      cancelDate: result.cancelsAt,
    });
    clearCheckout();
    navigate(ROUTES.confirmation, { state: { planId: result.planId } });
  };
  const pay = useMutation({
    mutationKey: paymentKeys.pay,
    mutationFn: async (payment: Payment) => {
      const { token } = session;
      if (payment.kind === 'paypal')
        return callEndpoint(PAYMENTS.subscribePaypal, {
          token,
          body: { subscriptionId: payment.subscriptionId },
        });
      let paymentMethodId: string;
      try {
        if (payment.card) {
          ({ paymentMethodId } = await callEndpoint(PAYMENTS.createLocalPaymentMethod, {
            token,
            body: payment.card,
          }));
        } else if (stripeCreate) {
          paymentMethodId = await stripeCreate.create({ name, email, zipcode });
        } else {
          throw new Error('The card form is still loading.');
        }
      } catch (error) {
        // Card errors come from the card provider, shown under the card fields.
        throw new CardError(error instanceof Error ? error.message : String(error));
      }
      const body = { ...payment.order, paymentMethodId };
      return callEndpoint(payment.update ? PAYMENTS.updateSubscription : PAYMENTS.subscribe, {
        token,
        body,
      });
    },
    onSuccess: finish,
  });
  const processing = pay.isPending;

  // Leaving the page clears the change flags.
  useEffect(() => () => clearCheckout(), []);

  if (!signedIn || !intent) {
    return (
      <Container className="py-5 text-center">
        <h1 className="h3">Choose a plan first</h1>
        <Link to={ROUTES.pricing} className="btn btn-primary mt-3">
          See pricing
        </Link>
      </Container>
    );
  }

  const plan = planById(intent.changePayment ? session.planId : intent.planId);
  const cycle = intent.changePayment
    ? session.billingCycle === BILLING_ANNUAL
      ? 2
      : 1
    : intent.billingCycle;
  const price = cycle === BILLING_ANNUAL ? plan.yearlyPrice : plan.monthlyPrice;
  const alreadyOnPlan =
    !intent.changePayment &&
    session.planId === intent.planId &&
    session.billingCycle === intent.billingCycle;
  const title = intent.changePayment
    ? `Change Payment Method for ${plan.title} Plan`
    : `${plan.title} Plan Payment`;
  const useUpdate = intent.changePlan || intent.changePayment;
  // PayPal starts new subscriptions; a plan paid one way is changed that way.
  const paypal = config.data?.paypal;
  const paypalPlan =
    paypal && !useUpdate && !alreadyOnPlan
      ? paypal.plans.find((p) => p.planId === plan.planId && p.billingCycle === cycle)
      : undefined;

  // PayPal's buttons wait for the subscription to be recorded; its failure shows on the form.
  const onPayPalApproved = async (subscriptionId: string) => {
    setErrors({});
    await pay.mutateAsync({ kind: 'paypal', subscriptionId }).catch(() => undefined);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // With Stripe the card fields are Stripe's own and Stripe checks them.
    const checked = stripeKey ? null : parseCard(card);
    const cardErrors = checked && 'errors' in checked ? checked.errors : {};
    const next: Errors = {
      name: name.trim() ? undefined : MESSAGES.nameOnCardRequired,
      email: validateEmail(email, MESSAGES.emailInvalidSignIn),
      zipcode: zipcode.trim() ? undefined : MESSAGES.zipcodeRequired,
    };
    setErrors(next);
    setCardErrors(cardErrors);
    pay.reset();
    if (next.name || next.email || next.zipcode || Object.keys(cardErrors).length > 0) return;
    pay.mutate({
      kind: 'card',
      update: useUpdate,
      card: checked && 'card' in checked ? checked.card : null,
      order: { name, email, zipcode, planId: plan.planId, billingCycle: cycle },
    });
  };

  // The payment's own failure, else what the fields' check or PayPal's buttons said.
  const errors = pay.isError ? paymentErrors(pay.error) : invalid;

  return (
    <Container className="py-5" style={{ maxWidth: 560 }}>
      <h1 className="h3 mb-1">{title}</h1>
      <p className="text-muted">
        ${price}.00 {cycle === BILLING_ANNUAL ? 'a year' : 'a month'}
      </p>
      {config.data?.provider === 'local' && (
        <Alert variant="info" className="small" data-testid="test-processor-note">
          Payments go to SpeedRank&apos;s local test processor: no money moves. Use the test card
          4242 4242 4242 4242 with any future expiry and any CVC; 4000 0000 0000 0002 is declined.
        </Alert>
      )}
      <Form noValidate onSubmit={onSubmit}>
        <Form.Group className="mb-3" controlId="pay-name">
          <Form.Label>Name on card</Form.Label>
          <Form.Control
            value={name}
            onChange={(e) => setName(e.target.value)}
            isInvalid={Boolean(errors.name)}
            autoComplete="cc-name"
          />
          <Form.Control.Feedback type="invalid">{errors.name}</Form.Control.Feedback>
        </Form.Group>
        <Row>
          <Col sm={8}>
            <EmailField
              id="pay-email"
              label="Billing email"
              value={email}
              onChange={setEmail}
              error={errors.email}
            />
          </Col>
          <Col sm={4}>
            <Form.Group className="mb-3" controlId="pay-zip">
              <Form.Label>Postal code</Form.Label>
              <Form.Control
                value={zipcode}
                onChange={(e) => setZipcode(e.target.value)}
                isInvalid={Boolean(errors.zipcode)}
                autoComplete="postal-code"
              />
              <Form.Control.Feedback type="invalid">{errors.zipcode}</Form.Control.Feedback>
            </Form.Group>
          </Col>
        </Row>
        {stripeKey ? (
          <StripeCardField
            publishableKey={stripeKey}
            onReady={(create) => setStripeCreate({ create })}
            error={errors.card}
          />
        ) : (
          <>
            <LocalCardFields value={card} onChange={setCard} errors={cardErrors} />
            {errors.card && (
              <div className="text-danger small mb-3" data-testid="card-error">
                {errors.card}
              </div>
            )}
          </>
        )}
        {errors.form && (
          <Alert variant="danger" data-testid="payment-error">
            {errors.form}
          </Alert>
        )}
        <Button type="submit" className="w-100" disabled={processing || alreadyOnPlan}>
          {processing && <Spinner size="sm" className="me-2" aria-label="Processing" />}
          {alreadyOnPlan ? 'Subscribed' : intent.changePayment ? 'Update card' : `Pay $${price}.00`}
        </Button>
      </Form>
      {paypal && paypalPlan && (
        <section className="mt-4" aria-labelledby="pay-with-paypal">
          <p id="pay-with-paypal" className="text-center text-muted small mb-2">
            or subscribe with PayPal
          </p>
          <PayPalButtons
            clientId={paypal.clientId}
            sdkUrl={paypal.sdkUrl}
            paypalPlanId={paypalPlan.paypalPlanId}
            userId={session.userId}
            onApproved={onPayPalApproved}
            onError={(message) => {
              pay.reset();
              setErrors({ form: message });
            }}
          />
        </section>
      )}
    </Container>
  );
}
