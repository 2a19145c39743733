import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Db } from '../db/connect';
import type { Clock } from './clock';

export interface SessionClaims {
  userId: string;
  sessionId: string;
}

/**
 * Session tokens are HS256 JWTs naming a session row; the row lets refresh rotate a
 * token (the old one stops working) and log-out or a password change revoke it.
 */
export class SessionTokens {
  constructor(
    private readonly db: Db,
    private readonly secret: Uint8Array,
    private readonly ttlHours: number,
    private readonly clock: Clock,
  ) {}

  async issue(userId: string): Promise<string> {
    const now = this.clock.now();
    const expires = new Date(now.getTime() + this.ttlHours * 3_600_000);
    const sessionId = crypto.randomUUID();
    await this.db.kysely
      .insertInto('sessions')
      .values({
        id: sessionId,
        user_id: userId,
        created_at: now.toISOString(),
        expires_at: expires.toISOString(),
        revoked_at: null,
      })
      .execute();
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(expires.getTime() / 1000))
      .sign(this.secret);
  }

  /** The claims of a valid token whose session is active, or null. */
  async verify(token: string): Promise<SessionClaims | null> {
    let payload;
    try {
      ({ payload } = await jwtVerify(token, this.secret, {
        algorithms: ['HS256'],
        currentDate: this.clock.now(),
      }));
    } catch {
      return null;
    }
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    const session = await this.db.kysely
      .selectFrom('sessions')
      .select(['id'])
      .where('id', '=', payload.sid)
      .where('user_id', '=', payload.sub)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', this.clock.now().toISOString())
      .executeTakeFirst();
    return session ? { userId: payload.sub, sessionId: payload.sid } : null;
  }

  /** Revokes the presented session and issues a new one; null if it was already revoked. */
  async rotate(claims: SessionClaims): Promise<string | null> {
    const revoked = await this.db.kysely
      .updateTable('sessions')
      .set({ revoked_at: this.clock.now().toISOString() })
      .where('id', '=', claims.sessionId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(revoked.numUpdatedRows) !== 1) return null;
    return this.issue(claims.userId);
  }

  async revokeAllExcept(userId: string, keepSessionId: string | null): Promise<void> {
    let query = this.db.kysely
      .updateTable('sessions')
      .set({ revoked_at: this.clock.now().toISOString() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (keepSessionId) query = query.where('id', '!=', keepSessionId);
    await query.execute();
  }
}
