import { z } from 'zod';
import { SIGN_IN_MESSAGES } from '../messages/sign-in';
import { secretNameSchema } from './secret-name';

/** Cookies one tracked page carries at most. */
export const SIGN_IN_COOKIES_MAX = 10;

/** A cookie's name as RFC 6265 allows it (a token: no separators, spaces or controls). */
const cookieNameSchema = z
  .string()
  .regex(/^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,128}$/, SIGN_IN_MESSAGES.cookieName);

/**
 * How a tracked page is measured signed in: a user flow of the workspace run first in the
 * same browser session (its page loads and actions; what it would measure is skipped),
 * and/or cookies set for the page's own host, each value a workspace secret. Cookies, not
 * arbitrary headers: Lighthouse sends extra headers with every request of the page, to
 * every host it loads from; a cookie stays with the page's host.
 */
export const signInSchema = z
  .object({
    flowId: z.string().uuid().nullable().default(null),
    cookies: z
      .array(z.object({ name: cookieNameSchema, secret: secretNameSchema }).strict())
      .max(SIGN_IN_COOKIES_MAX, SIGN_IN_MESSAGES.tooManyCookies(SIGN_IN_COOKIES_MAX))
      .default([]),
  })
  .strict()
  .refine((signIn) => signIn.flowId !== null || signIn.cookies.length > 0, {
    message: SIGN_IN_MESSAGES.signInEmpty,
  });
export type SignIn = z.output<typeof signInSchema>;
