import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../limits';
import { MESSAGES } from '../messages';

/** The email pattern: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailSchema = z
  .string()
  .trim()
  .min(1, MESSAGES.emailRequired)
  .max(320)
  .regex(EMAIL_PATTERN, MESSAGES.emailInvalidSignIn)
  .transform((e) => e.toLowerCase());

export const passwordSchema = z
  .string()
  .min(1, MESSAGES.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordLength)
  .max(PASSWORD_MAX_LENGTH, MESSAGES.passwordLength);

/**
 * Sign-in validates only the email. The password may be empty: a legacy user without a
 * password gets the old_user answer and then chooses one.
 */
export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string().max(200),
});

export const registerBodySchema = z.object({
  email: emailSchema,
  name: z.string().trim().max(200).optional(),
  password: passwordSchema,
});

/** Legacy users (an account without a password) choose one; the email confirms it. */
export const createPasswordBodySchema = z.object({
  email: emailSchema,
  password: passwordSchema,
});

/** Google sign-in sends the ID token; the server verifies it and reads the email from it. */
export const googleCredentialBodySchema = z.object({
  credential: z.string().min(20).max(8192),
  name: z.string().trim().max(200).optional(),
});

export const refreshBodySchema = z.object({
  token: z.string().min(1).optional(),
  email: z.string().optional(),
});

/**
 * An emailed link's request: the page to return to, the locale when it differs from the
 * defaults, and the search on that page, so the link returns to it wherever it is opened.
 */
export const emailLinkBodySchema = z.object({
  originUrl: z.string().max(2048).default('/'),
  searchKeyword: z.string().trim().max(500).optional(),
  googleDomain: z.string().max(64).optional(),
  country: z.string().max(16).optional(),
  language: z.string().max(16).optional(),
});

export const emailParamsSchema = z.object({ email: emailSchema });
/**
 * An emailed link's token. Any string is accepted here: a malformed token is just another
 * unusable link and gets the friendly 'expired or already used' answer, not a validator's.
 */
export const tokenParamsSchema = z.object({ token: z.string() });
export const EMAIL_TOKEN_LENGTH = { min: 16, max: 200 } as const;

export const resetPasswordBodySchema = z.object({ password: passwordSchema });

/** The auth object that sign-in, registration and secure links answer with. */
export const authResponseSchema = z.object({
  name: z.string(),
  email: z.string(),
  userId: z.string(),
  token: z.string(),
  planId: z.number().int(),
  renewsAt: z.string().nullable(),
  billingCycle: z.number().int(),
  cancelsAt: z.string().nullable(),
  google: z.boolean(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const statusResponseSchema = z.object({
  status: z.string(),
  message: z.string().optional(),
});

/** Token status check: `data.status` is SUCCESS when the token is valid. */
export const tokenStatusResponseSchema = z.object({
  data: z.object({ status: z.enum(['SUCCESS', 'FAILURE']) }),
});

/**
 * Sign-in failures carry a code in `message` ('Code: password_incorrect'), and `google` for
 * Google accounts.
 */
export const authErrorSchema = z.object({
  message: z.string(),
  google: z.boolean().optional(),
});

export const emailSubscribeBodySchema = z.object({
  emailAddress: emailSchema,
  firstName: z.string().trim().max(200).optional(),
  searchTerm: z.string().max(500).optional(),
});

/**
 * What is left of a month's allowance. This server always sends a count; the contract lets
 * a count be null, which clients read as none left (0), as the specification says.
 */
const left = z.number().int().nullable();
export const usageSerpResponseSchema = z.object({ numOfSerpLeft: left });
export const usageSpeedResponseSchema = z.object({ numOfwebsiteSearchesLeft: left });
export const usageKeywordResponseSchema = z.object({ kwtSearchesLeft: left });
