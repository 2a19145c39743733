/**
 * What the app says when an account journey ends well. The original product ends them
 * without a word (the modal closes, the page changes); these are SpeedRank's own.
 */
export const CONFIRMATION_MESSAGES = {
  registered: (who: string) => `Welcome to SpeedRank, ${who}: your free account is ready.`,
  signedInAs: (email: string) => `You are signed in as ${email}.`,
  passwordChanged: 'Your password is changed: you are signed in.',
} as const;

/** Server-side sign-in error codes, sent in the 409 message body. */
export const AUTH_CODES = {
  emailNotFound: 'Code: email_not_found; Result Set Count: 0',
  passwordIncorrect: 'Code: password_incorrect',
  oldUser: 'Code: old_user; User exists in the system but password is empty.',
} as const;
