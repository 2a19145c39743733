import type { SendMailOptions } from 'nodemailer';
import type { EmailMessage } from './port';

/** What both adapters hand nodemailer: the text, and the HTML with its pictures when there is one. */
export const mailOptions = (from: string, message: EmailMessage): SendMailOptions => ({
  from,
  to: message.to,
  subject: message.subject,
  text: message.text,
  ...(message.html !== undefined && { html: message.html }),
  ...(message.images?.length && {
    attachments: message.images.map((image) => ({
      filename: image.filename,
      content: image.png,
      contentType: 'image/png',
      cid: image.cid,
    })),
  }),
});
