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

const recipientColumns = [
  'users.email',
  'users.name',
  'users.sign_in_origin',
  'users.time_zone',
] as const;

export async function emailRecipient(
  db: Db,
  config: Pick<Config, 'PUBLIC_URL'>,
  userId: string,
): Promise<EmailRecipient | undefined> {
  const user = await db.kysely
    .selectFrom('users')
    .select(recipientColumns)
    .where('id', '=', userId)
    .executeTakeFirst();
  return toRecipient(config, user);
}

/** The owner of a workspace: who its alerts go to. */
export async function workspaceRecipient(
  db: Db,
  config: Pick<Config, 'PUBLIC_URL'>,
  workspaceId: string,
): Promise<EmailRecipient | undefined> {
  const user = await db.kysely
    .selectFrom('workspaces')
    .innerJoin('users', 'users.id', 'workspaces.owner_id')
    .select(recipientColumns)
    .where('workspaces.id', '=', workspaceId)
    .executeTakeFirst();
  return toRecipient(config, user);
}

function toRecipient(
  config: Pick<Config, 'PUBLIC_URL'>,
  user:
    { email: string; name: string; sign_in_origin: string | null; time_zone: string } | undefined,
): EmailRecipient | undefined {
  return (
    user && {
      email: user.email,
      name: user.name,
      linkBase: emailLinkBase(config, user.sign_in_origin),
      timeZone: user.time_zone,
    }
  );
}
