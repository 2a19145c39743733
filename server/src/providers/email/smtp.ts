import nodemailer from 'nodemailer';
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
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
    });
  }
}
