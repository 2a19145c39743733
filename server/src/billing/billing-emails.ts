import type { FastifyBaseLogger } from 'fastify';
import { EMAIL_MESSAGES } from '@core/messages';
import { BILLING_ANNUAL, PLAN_CURRENCY, planById, planPrice } from '@core/plans';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { EMAIL_PAGES, pageReference } from '../emails/app-links';
import { timeInWords } from '../emails/email-time';
import { emailRecipient, type EmailRecipient } from '../emails/recipient';
import type { EmailSender } from '../providers/email';

/** A period charged to the user's card. */
export interface Payment {
  userId: string;
  planId: number;
  billingCycle: number;
  periodStart: string;
  periodEnd: string;
  /** The card's last four digits, when the payment provider tells them. */
  cardLast4: string | null;
}

/** A subscription set to end with its paid period. */
export interface Cancellation {
  userId: string;
  planId: number;
  cancelsAt: string;
}

/** What billing tells the user after the fact. */
export interface BillingNotices {
  /** A receipt for a successful payment. */
  paid(payment: Payment): Promise<void>;
  /** A notice that the plan will not renew. */
  cancelled(cancellation: Cancellation): Promise<void>;
}

/** Receipts and cancellation notices by email. */
export class BillingEmails implements BillingNotices {
  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'PUBLIC_URL'>,
    private readonly email: EmailSender,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
  ) {}

  async paid(payment: Payment): Promise<void> {
    const plan = planById(payment.planId);
    await this.send(payment.userId, (to) => ({
      subject: EMAIL_MESSAGES.receiptSubject(plan.title),
      text: EMAIL_MESSAGES.receiptText({
        plan: plan.title,
        amount: `${planPrice(plan, payment.billingCycle).toFixed(2)} ${PLAN_CURRENCY}`,
        cycle: payment.billingCycle === BILLING_ANNUAL ? 'annual' : 'monthly',
        periodStart: timeInWords(payment.periodStart, to.timeZone),
        periodEnd: timeInWords(payment.periodEnd, to.timeZone),
        cardLast4: payment.cardLast4,
        account: pageReference(to.linkBase, EMAIL_PAGES.account),
      }),
    }));
  }

  async cancelled(cancellation: Cancellation): Promise<void> {
    const plan = planById(cancellation.planId);
    await this.send(cancellation.userId, (to) => ({
      subject: EMAIL_MESSAGES.cancellationSubject(plan.title),
      text: EMAIL_MESSAGES.cancellationText({
        plan: plan.title,
        until: timeInWords(cancellation.cancelsAt, to.timeZone),
        pricing: pageReference(to.linkBase, EMAIL_PAGES.pricing),
      }),
    }));
  }

  /**
   * The money has moved or the cancellation stands by now: an email that fails is logged,
   * not thrown, so that no one pays twice retrying an answer that failed for it.
   */
  private async send(
    userId: string,
    write: (to: EmailRecipient) => { subject: string; text: string },
  ): Promise<void> {
    try {
      const to = await emailRecipient(this.db, this.config, userId);
      if (!to) return;
      const { subject, text } = write(to);
      await this.email.send({
        to: to.email,
        subject,
        text: `${EMAIL_MESSAGES.greeting(to.name)}\n\n${text}\n`,
      });
    } catch (error) {
      this.log.error({ err: error, userId }, 'billing email failed');
    }
  }
}
