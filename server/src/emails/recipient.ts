import type { Config } from '../config';
import type { Db } from '../db/connect';
import { emailLinkBase } from './app-links';

/** Who an email goes to, and what its links and times are written for. */
export interface EmailRecipient {
  email: string;
  name: string;
  /** The base of the email's links; null when no address of the app is known. */
  linkBase: string | null;
  timeZone: string;
}

export async function emailRecipient(
  db: Db,
  config: Pick<Config, 'PUBLIC_URL'>,
  userId: string,
): Promise<EmailRecipient | undefined> {
  const user = await db.kysely
    .selectFrom('users')
    .select(['email', 'name', 'sign_in_origin', 'time_zone'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return (
    user && {
      email: user.email,
      name: user.name,
      linkBase: emailLinkBase(config, user.sign_in_origin),
      timeZone: user.time_zone,
    }
  );
}
