/** A picture an HTML message shows inline (`<img src="cid:{cid}">`). */
export interface InlineImage {
  cid: string;
  filename: string;
  png: Buffer;
}

export interface EmailMessage {
  to: string;
  subject: string;
  /** Every message has its plain text; `html` is the same message for clients that show it. */
  text: string;
  html?: string;
  images?: InlineImage[];
  /** The one link the message exists for; the outbox logs it for developers. */
  link?: string;
}

/** Sends the app's few emails (sign-in and reset links, tracking alerts, receipts, notices). */
export interface EmailSender {
  /** Which adapter is active, reported to operators. */
  readonly kind: 'outbox' | 'smtp';
  send(message: EmailMessage): Promise<void>;
  /** Deletes the copies it keeps (the outbox's files) made before `before`; returns how many. */
  prune?(before: Date): Promise<number>;
  /** Deletes the copies it keeps of messages to `address` (an account's deletion); how many. */
  forget?(address: string): Promise<number>;
}
