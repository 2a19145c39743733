import { MESSAGES } from './spec';

/** Messages of the Pro teaser page. */
export const PRO_MESSAGES = {
  emailRequired: MESSAGES.emailRequired,
  emailInvalid: 'Please provide a valid email address.',
  paidLaunch: 'The paid version launches January 2021.',
  success: 'Success',
} as const;
