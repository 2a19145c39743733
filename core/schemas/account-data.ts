import { z } from 'zod';
import { ACCOUNT_DATA_MESSAGES } from '../messages';
import { EMAIL_TOKEN_LENGTH } from './auth';

/**
 * DELETE /account: the proof it is the owner's wish, either the password (of a signed-in
 * user) or the token of the emailed link; exactly one.
 */
export const deleteAccountBodySchema = z
  .object({
    password: z.string().min(1).max(200).optional(),
    token: z.string().min(EMAIL_TOKEN_LENGTH.min).max(EMAIL_TOKEN_LENGTH.max).optional(),
  })
  .strict()
  .refine((body) => (body.password === undefined) !== (body.token === undefined), {
    message: ACCOUNT_DATA_MESSAGES.proofRequired,
  });
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

/** What a deletion answers: the confirmation the landing page shows. */
export const accountDeletedSchema = z.object({ status: z.literal('DELETED'), message: z.string() });
export type AccountDeleted = z.infer<typeof accountDeletedSchema>;
