import { z } from 'zod';
import { PRO_MESSAGES } from '../messages';
import { EMAIL_PATTERN } from './auth';

/** Pro demo request; the form and the route validate with this schema. */
export const proDemoBodySchema = z.object({
  emailAddress: z
    .string()
    .trim()
    .min(1, PRO_MESSAGES.emailRequired)
    .max(320, PRO_MESSAGES.emailInvalid)
    .regex(EMAIL_PATTERN, PRO_MESSAGES.emailInvalid)
    // One row per address however it is typed.
    .transform((e) => e.toLowerCase()),
});
export type ProDemoBody = z.input<typeof proDemoBodySchema>;
