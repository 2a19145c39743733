import nodemailer from 'nodemailer';
import { mailOptions } from './mail-options';
import type { EmailMessage, EmailSender } from './port';

/** Sends through the SMTP server of SMTP_URL (smtp:// or smtps://user:pass@host:port). */
export class SmtpEmailSender implements EmailSender {
  readonly kind = 'smtp' as const;
  private readonly transport;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: EmailMessage): Promise<void> {
    await this.transport.sendMail(mailOptions(this.from, message));
  }
}
