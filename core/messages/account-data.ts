/** Export and deletion of an account: the API's answers and the account page's words. */
export const ACCOUNT_DATA_MESSAGES = {
  sharedWorkspaces: (names: readonly string[]) =>
    `Others work in ${names.map((name) => `“${name}”`).join(', ')}, whose plan is yours: transfer the ownership (Workspaces page) before you delete your account. Nothing was deleted.`,
  proofRequired: 'Enter your password, or ask for an emailed link, to delete your account.',
  passwordIncorrect: 'That password is not right. Your account was not deleted.',
  noPassword:
    'Your account has no password (you sign in with Google or by email link): ask for an emailed link to delete it.',
  linkSent: (minutes: number) =>
    `We emailed you a link to delete your account. It works once, for ${minutes} minutes.`,
  linkUnusable:
    'This deletion link has expired or was already used. Ask for a new one on your account page.',
  processorFailed: (processor: string) =>
    `${processor} did not confirm the cancellation of your subscription, so nothing was deleted. Please try again in a few minutes.`,
  processorUnavailable: (processor: string) =>
    `Your subscription is paid with ${processor}, which is not set up on this SpeedRank any more, so nothing was deleted. Please contact the operator.`,
  deleted:
    'Your account and everything it held are deleted, and you are signed out. A confirmation is on its way to your email.',
  /** What the confirm step lists as lost for good. */
  whatIsLost: [
    'your profile, settings and keyword settings',
    'your speed tests and their history',
    'your tracked pages with every check, alert and webhook',
    'your rank-tracked keywords and their history',
    'your real-user monitoring sites and their data',
    'your subscription and payment records',
  ],
  subscriptionCancelled:
    'A paid subscription is cancelled at once with its processor: it stops renewing and the rest of the period is not refunded automatically.',
} as const;
