/** PayPal subscriptions: the answers of /payments/paypal and the reasons PayPal records. */
export const PAYPAL_MESSAGES = {
  notConfigured: 'PayPal is not set up on this SpeedRank.',
  unavailable:
    'PayPal did not answer. Your PayPal subscription is safe; try again in a minute to activate your plan.',
  unknown: 'PayPal has no such subscription.',
  notYours: 'This PayPal subscription was not started from your SpeedRank account.',
  unknownPlan: 'This PayPal subscription is not for a SpeedRank plan.',
  notApproved: (status: string) =>
    `PayPal has not approved this subscription yet (its status is ${status}).`,
  nothingToCancel: 'You have no PayPal subscription to cancel.',
  cancelReason: 'Cancelled from the SpeedRank account page',
  accountDeletedReason: 'The SpeedRank account was deleted',
  cancelDuplicate: 'Already subscribed to SpeedRank: this second subscription was cancelled',
  buttonsFailed: 'PayPal could not be loaded. Pay by card, or try again later.',
} as const;
