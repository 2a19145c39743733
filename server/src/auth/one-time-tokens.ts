import crypto from 'node:crypto';
import type { Db } from '../db/connect';
import type { OneTimeTokenPurpose } from '../db/schema';
import { addMinutes, type Clock } from './clock';

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

  /** Marks the token used in one conditional update, so two concurrent uses cannot both win. */
  async consume(token: string, purpose: OneTimeTokenPurpose): Promise<ConsumedToken | null> {
    const now = this.clock.now().toISOString();
    const hash = sha256(token);
    const updated = await this.db.kysely
      .updateTable('one_time_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', hash)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return null;
    const row = await this.db.kysely
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
