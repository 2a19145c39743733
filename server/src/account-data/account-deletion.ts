import { sql, type Kysely } from 'kysely';
import { ACCOUNT_DATA_MESSAGES, EMAIL_MESSAGES, PAYPAL_MESSAGES } from '@core/messages';
import type { Clock } from '../shared/clock';
import type { User } from '../db/schema';
import type { Db } from '../db/connect';
import type { Database, SubscriptionsTable } from '../db/schema';
import { BadGateway, Conflict } from '../domain/errors';
import { timeInWords } from '../emails/email-time';
import { HttpError } from '../http/fetch-json';
import type { EmailSender } from '../providers/email';
import type { PaymentsProvider } from '../providers/payments/port';
import type { PayPalSubscriptions } from '../providers/payments/paypal';
import { USER_TABLES, ownedRows } from './user-tables';

export interface AccountDeletionDeps {
  db: Db;
  clock: Clock;
  /** The configured card processor (Stripe, or the local test processor). */
  payments: PaymentsProvider;
  /** Null unless PayPal is configured. */
  paypal: PayPalSubscriptions | null;
  email: EmailSender;
  log: { error(obj: object, msg: string): void };
}

const PROCESSOR_NAMES: Record<SubscriptionsTable['provider'], string> = {
  local: 'The test payment processor',
  stripe: 'Stripe',
  paypal: 'PayPal',
};

/** A subscription the processor no longer knows has nothing left to cancel. */
const alreadyGone = (error: unknown) => error instanceof HttpError && error.status === 404;

/**
 * Deletes an account: every live subscription cancelled at its processor first (a refusal
 * deletes nothing), then every row of the user in one transaction, children before parents
 * (the sessions with them, so every session ends), then a confirmation by email.
 */
export class AccountDeletion {
  constructor(private readonly deps: AccountDeletionDeps) {}

  /**
   * Deletes `user`; false when `claim`, run first in the transaction (say, using an emailed
   * link), refused, and nothing was deleted.
   */
  async delete(user: User, claim?: (trx: Kysely<Database>) => Promise<boolean>): Promise<boolean> {
    await this.refuseWhileShared(user.id);
    const cancelled = await this.cancelSubscriptions(user.id);
    const owner = { id: user.id, email: user.email };
    const deleted = await this.deps.db.kysely.transaction().execute(async (trx) => {
      if (claim && !(await claim(trx))) return false;
      for (const { table } of [...USER_TABLES].reverse()) {
        await sql`delete from ${sql.table(table)} where ${ownedRows(table, owner)}`.execute(trx);
      }
      return true;
    });
    if (deleted) {
      // The outbox's copies of earlier emails hold the address too; the confirmation follows.
      await this.deps.email.forget?.(user.email);
      await this.confirm(user, cancelled);
    }
    return deleted;
  }

  /**
   * The workspaces an account owns go with it, with everything in them: refused while
   * others work in one, whose ownership is to be transferred first.
   */
  private async refuseWhileShared(userId: string): Promise<void> {
    const shared = await this.deps.db.kysely
      .selectFrom('workspaces as w')
      .select('w.name')
      .where('w.owner_id', '=', userId)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('workspace_members as m')
            .select('m.user_id')
            .whereRef('m.workspace_id', '=', 'w.id')
            .where('m.user_id', '!=', userId),
        ),
      )
      .orderBy('w.name')
      .execute();
    if (shared.length > 0) {
      throw new Conflict(ACCOUNT_DATA_MESSAGES.sharedWorkspaces(shared.map((w) => w.name)));
    }
  }

  /** Cancels the user's live subscriptions now; the names of the processors it told. */
  private async cancelSubscriptions(userId: string): Promise<string[]> {
    const live = await this.deps.db.kysely
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '!=', 'canceled')
      .execute();
    const told: string[] = [];
    for (const sub of live) {
      // A PayPal subscription set to end was cancelled at PayPal already.
      if (sub.provider === 'paypal' && sub.cancel_at_period_end) continue;
      const name = PROCESSOR_NAMES[sub.provider];
      const cancel = this.canceller(sub.provider);
      if (!cancel) throw new BadGateway(ACCOUNT_DATA_MESSAGES.processorUnavailable(name));
      try {
        await cancel(sub.provider_subscription_id);
      } catch (error) {
        if (!alreadyGone(error)) {
          this.deps.log.error(
            { err: error, subscription: sub.id },
            'cancelling at deletion failed',
          );
          throw new BadGateway(ACCOUNT_DATA_MESSAGES.processorFailed(name));
        }
      }
      // Recorded at once: should the deletion stop later, the row says what the processor says.
      await this.deps.db.kysely
        .updateTable('subscriptions')
        .set({ status: 'canceled', updated_at: this.deps.clock.now().toISOString() })
        .where('id', '=', sub.id)
        .execute();
      told.push(name);
    }
    return told;
  }

  private canceller(
    provider: SubscriptionsTable['provider'],
  ): ((id: string) => Promise<void>) | null {
    const { payments, paypal } = this.deps;
    if (provider === 'paypal')
      return paypal && ((id) => paypal.cancel(id, PAYPAL_MESSAGES.accountDeletedReason));
    if (provider !== payments.kind) return null;
    return (id) => payments.cancelNow(id);
  }

  /** The account is gone by now: a failed email is logged, not the deletion's failure. */
  private async confirm(user: User, cancelled: string[]): Promise<void> {
    try {
      await this.deps.email.send({
        to: user.email,
        subject: EMAIL_MESSAGES.accountDeletedSubject,
        text: EMAIL_MESSAGES.accountDeletedText({
          email: user.email,
          at: timeInWords(this.deps.clock.now(), user.time_zone),
          cancelled,
        }),
      });
    } catch (error) {
      this.deps.log.error({ err: error }, 'account deletion confirmation email failed');
    }
  }
}
