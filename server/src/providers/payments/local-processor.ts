import crypto from 'node:crypto';
import type { Clock } from '../../shared/clock';
import type { Db } from '../../db/connect';
import { addBillingPeriod } from '../../shared/billing-periods';
import {
  PaymentDeclined,
  type ChargeRequest,
  type ChargeResult,
  type PaymentsProvider,
  type ProviderSubscription,
} from './port';
import { DECLINE_MESSAGES, cardBrand, luhnValid, testCardOutcome } from './test-cards';

export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/**
 * The default payments adapter for development and demos: no money moves. It accepts the
 * card provider's public test numbers with their documented outcomes.
 */
export class LocalPaymentProcessor implements PaymentsProvider {
  readonly kind = 'local' as const;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Stands in for the card provider's browser SDK: card details in, a payment method id out. */
  async createPaymentMethod(userId: string, card: CardDetails): Promise<string> {
    const number = card.number.replace(/[\s-]/g, '');
    if (!luhnValid(number))
      throw new PaymentDeclined('incorrect_number', 'Your card number is incorrect.');
    const now = this.clock.now();
    const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
    if (card.expMonth < 1 || card.expMonth > 12) {
      throw new PaymentDeclined('invalid_expiry_month', "Your card's expiration month is invalid.");
    }
    if (
      year < now.getUTCFullYear() ||
      (year === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1)
    ) {
      throw new PaymentDeclined(
        'invalid_expiry_year',
        "Your card's expiration date is in the past.",
      );
    }
    if (!/^\d{3,4}$/.test(card.cvc))
      throw new PaymentDeclined('invalid_cvc', "Your card's security code is invalid.");
    const id = `pm_local_${crypto.randomBytes(12).toString('hex')}`;
    await this.db.kysely
      .insertInto('local_payment_methods')
      .values({
        id,
        user_id: userId,
        brand: cardBrand(number),
        last4: number.slice(-4),
        exp_month: card.expMonth,
        exp_year: year,
        outcome: testCardOutcome(number).outcome,
        created_at: now.toISOString(),
      })
      .execute();
    return id;
  }

  private async charge(
    paymentMethodId: string,
    userId: string,
    renewal: boolean,
  ): Promise<ChargeResult> {
    const method = await this.db.kysely
      .selectFrom('local_payment_methods')
      .select(['outcome', 'last4'])
      .where('id', '=', paymentMethodId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!method)
      throw new PaymentDeclined(
        'resource_missing',
        'That payment method was not found. Please enter your card again.',
      );
    if (method.outcome === 'succeed' || (method.outcome === 'fail_later' && !renewal))
      return { cardLast4: method.last4 };
    const code = method.outcome === 'fail_later' ? 'card_declined' : method.outcome;
    const message =
      (DECLINE_MESSAGES as Record<string, string>)[code] ?? DECLINE_MESSAGES.card_declined;
    throw new PaymentDeclined(code, message);
  }

  private period(billingCycle: number): { periodStart: Date; periodEnd: Date } {
    const periodStart = this.clock.now();
    return { periodStart, periodEnd: addBillingPeriod(periodStart, billingCycle) };
  }

  async subscribe(request: ChargeRequest): Promise<ProviderSubscription> {
    const charged = await this.charge(request.paymentMethodId, request.userId, false);
    return {
      ...charged,
      providerSubscriptionId: `sub_local_${crypto.randomBytes(12).toString('hex')}`,
      providerCustomerId: `cus_local_${request.userId}`,
      ...this.period(request.billingCycle),
    };
  }

  async changePlan(subscriptionId: string, request: ChargeRequest): Promise<ProviderSubscription> {
    const charged = await this.charge(request.paymentMethodId, request.userId, false);
    return {
      ...charged,
      providerSubscriptionId: subscriptionId,
      providerCustomerId: `cus_local_${request.userId}`,
      ...this.period(request.billingCycle),
    };
  }

  async changePaymentMethod(
    _subscriptionId: string,
    paymentMethodId: string,
    userId: string,
  ): Promise<void> {
    await this.charge(paymentMethodId, userId, false);
  }

  async cancelAtPeriodEnd(): Promise<void> {
    // Nothing to tell anyone: the subscription row records the cancellation.
  }

  async cancelNow(): Promise<void> {
    // Nothing to tell anyone: no money moves here, and the deletion removes the row.
  }

  renew(_subscriptionId: string, request: ChargeRequest): Promise<ChargeResult> {
    return this.charge(request.paymentMethodId, request.userId, true);
  }
}
