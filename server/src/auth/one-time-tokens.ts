import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Db } from '../db/connect';
import type { Database, OneTimeTokenPurpose } from '../db/schema';
import { addMinutes, type Clock } from '../shared/clock';

export interface IssueTokenOptions {
  userId: string;
  purpose: OneTimeTokenPurpose;
  ttlMinutes: number;
  originUrl: string;
  pendingPasswordHash?: string | null;
}

export interface ConsumedToken {
  userId: string;
  originUrl: string;
  pendingPasswordHash: string | null;
}

function sha256(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** Emailed tokens: random, stored only as a hash, single use and short-lived. */
export class OneTimeTokens {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async issue(options: IssueTokenOptions): Promise<string> {
    const token = crypto.randomBytes(32).toString('base64url');
    const now = this.clock.now();
    await this.db.kysely
      .insertInto('one_time_tokens')
      .values({
        id: crypto.randomUUID(),
        user_id: options.userId,
        purpose: options.purpose,
        token_hash: sha256(token),
        pending_password_hash: options.pendingPasswordHash ?? null,
        origin_url: options.originUrl,
        expires_at: addMinutes(now, options.ttlMinutes).toISOString(),
        used_at: null,
        created_at: now.toISOString(),
      })
      .execute();
    return token;
  }

  /** The user of a usable (unused, unexpired) token, without using it. */
  async holder(token: string, purpose: OneTimeTokenPurpose): Promise<string | null> {
    const row = await this.db.kysely
      .selectFrom('one_time_tokens')
      .select('user_id')
      .where('token_hash', '=', sha256(token))
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', this.clock.now().toISOString())
      .executeTakeFirst();
    return row?.user_id ?? null;
  }

  /**
   * Marks the token used in one conditional update, so two concurrent uses cannot both
   * win; in `kysely`'s transaction when given one.
   */
  async consume(
    token: string,
    purpose: OneTimeTokenPurpose,
    kysely: Kysely<Database> = this.db.kysely,
  ): Promise<ConsumedToken | null> {
    const now = this.clock.now().toISOString();
    const hash = sha256(token);
    const updated = await kysely
      .updateTable('one_time_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', hash)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return null;
    const row = await kysely
      .selectFrom('one_time_tokens')
      .select(['user_id', 'origin_url', 'pending_password_hash'])
      .where('token_hash', '=', hash)
      .executeTakeFirstOrThrow();
    return {
      userId: row.user_id,
      originUrl: row.origin_url,
      pendingPasswordHash: row.pending_password_hash,
    };
  }
}
