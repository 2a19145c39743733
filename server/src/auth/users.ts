import crypto from 'node:crypto';
import type { AuthResponse } from '@core/schemas/auth';
import { WORKSPACE_MESSAGES } from '@core/messages/workspaces';
import { DEFAULT_TIME_ZONE } from '@core/schemas/time-zone';
import type { Db } from '../db/connect';
import type { User } from '../db/schema';
import type { Clock } from '../shared/clock';

export class Users {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  byEmail(email: string): Promise<User | undefined> {
    return this.db.kysely
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
  }

  byId(id: string): Promise<User | undefined> {
    return this.db.kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  byGoogleSub(sub: string): Promise<User | undefined> {
    return this.db.kysely
      .selectFrom('users')
      .selectAll()
      .where('google_sub', '=', sub)
      .executeTakeFirst();
  }

  /**
   * Creates a user with their personal workspace; returns null when the email is taken (the
   * unique index decides).
   */
  async create(fields: {
    email: string;
    name: string;
    passwordHash: string | null;
    googleSub: string | null;
  }): Promise<User | null> {
    const now = this.clock.now().toISOString();
    const user: User = {
      id: crypto.randomUUID(),
      email: fields.email.toLowerCase(),
      name: fields.name,
      password_hash: fields.passwordHash,
      google_sub: fields.googleSub,
      plan_id: 1,
      billing_cycle: 1,
      renews_at: null,
      cancels_at: null,
      sign_in_origin: null,
      time_zone: DEFAULT_TIME_ZONE,
      created_at: now,
      updated_at: now,
    };
    return this.db.kysely.transaction().execute(async (trx) => {
      const result = await trx
        .insertInto('users')
        .values(user)
        .onConflict((oc) => oc.column('email').doNothing())
        .executeTakeFirst();
      if (Number(result.numInsertedOrUpdatedRows ?? 0n) !== 1) return null;
      // Every account acts in its personal workspace until it names another; its id is the
      // account's, so a call that names none needs no lookup to find it.
      await trx
        .insertInto('workspaces')
        .values({
          id: user.id,
          name: WORKSPACE_MESSAGES.personalName,
          owner_id: user.id,
          personal: 1,
          created_at: now,
        })
        .execute();
      await trx
        .insertInto('workspace_members')
        .values({ workspace_id: user.id, user_id: user.id, role: 'owner', created_at: now })
        .execute();
      return user;
    });
  }

  async update(
    id: string,
    fields: Partial<Pick<User, 'password_hash' | 'google_sub' | 'name'>>,
  ): Promise<void> {
    await this.db.kysely
      .updateTable('users')
      .set({ ...fields, updated_at: this.clock.now().toISOString() })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Remembers where the user signed in from, for emails sent later without a request;
   * what a sign-in did not tell stays as it was.
   */
  async noteSignIn(
    id: string,
    at: { origin: string | null; timeZone: string | null },
  ): Promise<void> {
    const fields = {
      ...(at.origin ? { sign_in_origin: at.origin } : {}),
      ...(at.timeZone ? { time_zone: at.timeZone } : {}),
    };
    if (Object.keys(fields).length === 0) return;
    await this.db.kysely.updateTable('users').set(fields).where('id', '=', id).execute();
  }
}

/** The auth object the sign-in calls answer with: the user, the session token and the plan. */
export function toAuthResponse(user: User, token: string): AuthResponse {
  return {
    name: user.name,
    email: user.email,
    userId: user.id,
    token,
    planId: user.plan_id,
    renewsAt: user.renews_at,
    billingCycle: user.billing_cycle,
    cancelsAt: user.cancels_at,
    google: user.google_sub !== null && user.password_hash === null,
  };
}
