import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { mailOptions } from './mail-options';
import type { EmailMessage, EmailSender } from './port';

interface Logger {
  info(obj: object, msg: string): void;
}

/** Default email adapter: writes each message as an .eml file and logs its link. */
export class OutboxEmailSender implements EmailSender {
  readonly kind = 'outbox' as const;
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true });

  constructor(
    private readonly dir: string,
    private readonly from: string,
    private readonly log: Logger,
  ) {}

  async send(message: EmailMessage): Promise<void> {
    const info = await this.transport.sendMail(mailOptions(this.from, message));
    await fs.mkdir(this.dir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(this.dir, `${stamp}-${crypto.randomBytes(4).toString('hex')}.eml`);
    await fs.writeFile(file, info.message as Buffer);
    // Outbox mode exists for development: the link is what the developer needs to click.
    this.log.info({ to: message.to, file, link: message.link }, 'email written to outbox');
  }

  async prune(before: Date): Promise<number> {
    return this.deleteWhere(async (file) => {
      const stat = await fs.stat(file).catch(() => null);
      return stat !== null && stat.mtime < before;
    });
  }

  async forget(address: string): Promise<number> {
    const to = `to: ${address.toLowerCase()}`;
    return this.deleteWhere(async (file) => {
      const text = await fs.readFile(file, 'utf8').catch(() => '');
      const headers = text.split(/\r?\n\r?\n/, 1)[0] ?? '';
      return headers.split(/\r?\n/).some((line) => line.toLowerCase() === to);
    });
  }

  /** Deletes the messages `doomed` picks; returns how many. */
  private async deleteWhere(doomed: (file: string) => Promise<boolean>): Promise<number> {
    const names = await fs.readdir(this.dir).catch(() => []);
    let deleted = 0;
    for (const name of names.filter((n) => n.endsWith('.eml'))) {
      const file = path.join(this.dir, name);
      // A file already gone (another server on the same DATA_DIR) is not an error.
      if (await doomed(file)) {
        await fs.rm(file, { force: true });
        deleted++;
      }
    }
    return deleted;
  }
}
