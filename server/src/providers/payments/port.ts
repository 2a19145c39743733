export interface ChargeRequest {
  userId: string;
  email: string;
  name: string;
  zipcode: string;
  planId: number;
  billingCycle: number;
  paymentMethodId: string;
  /** Price in whole currency units, from core/plans. */
  amount: number;
}

/** What a successful charge says of the card, for the receipt. */
export interface ChargeResult {
  /** The card's last four digits; null when the provider does not say. */
  cardLast4: string | null;
}

export interface ProviderSubscription extends ChargeResult {
  providerSubscriptionId: string;
  providerCustomerId: string | null;
  periodStart: Date;
  periodEnd: Date;
}

/** A card the provider refused; `message` is the provider's text for the customer. */
export class PaymentDeclined extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Card payments for subscriptions. */
export interface PaymentsProvider {
  readonly kind: 'local' | 'stripe';
  /** Charges the first period and starts the subscription; throws PaymentDeclined. */
  subscribe(request: ChargeRequest): Promise<ProviderSubscription>;
  /** Moves the subscription to another plan or cycle, charging the new price from now. */
  changePlan(subscriptionId: string, request: ChargeRequest): Promise<ProviderSubscription>;
  /** Uses another card from the next charge on; throws PaymentDeclined for a bad card. */
  changePaymentMethod(
    subscriptionId: string,
    paymentMethodId: string,
    userId: string,
  ): Promise<void>;
  /** Stops renewal; service continues to the end of the paid period. */
  cancelAtPeriodEnd(subscriptionId: string): Promise<void>;
  /** Ends the subscription now, with no further charge: the account is being deleted. */
  cancelNow(subscriptionId: string): Promise<void>;
  /**
   * Charges the next period of a due subscription (the local processor's job; Stripe
   * renews by itself and tells us by webhook); throws PaymentDeclined.
   */
  renew(subscriptionId: string, request: ChargeRequest): Promise<ChargeResult>;
}
