import path from 'node:path';
import type { Config } from '../../config';
import { OutboxEmailSender } from './outbox';
import type { EmailSender } from './port';
import { SmtpEmailSender } from './smtp';

export type { EmailMessage, EmailSender } from './port';

export function createEmailSender(
  config: Config,
  log: { info(obj: object, msg: string): void },
): EmailSender {
  if (config.SMTP_URL) return new SmtpEmailSender(config.SMTP_URL, config.MAIL_FROM);
  return new OutboxEmailSender(path.join(config.dataDir, 'outbox'), config.MAIL_FROM, log);
}
