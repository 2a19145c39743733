/**
 * What SpeedRank says of measuring pages signed in (a tracked page's sign-in flow and
 * cookies) and of secrets' names: a module of its own, small enough for the tracking
 * screen's chunk, which does not load the flows' wording.
 */
export const SIGN_IN_MESSAGES = {
  secretName: 'A secret name is 1 to 64 letters, digits, _ or -.',
  cookieName: "A cookie name is 1 to 128 letters, digits or !#$%&'*+-.^_`|~.",
  tooManyCookies: (max: number) => `A page carries ${max} cookies at most.`,
  signInEmpty: 'Name a sign-in flow, a cookie, or both.',
  signInFlowNotFound: 'The sign-in flow is not in this workspace.',
  signInNeedsLocalLab:
    'Measuring signed in needs Lighthouse in a local Chromium: PageSpeed Insights loads pages from Google’s servers, without your session.',
  signInFailed: (step: number, why: string) => `Signing in failed at step ${step}: ${why}`,
  signInLegend: 'Measure signed in (optional)',
  signInIntro:
    'For a page behind a sign-in: a user flow that signs in runs first (its page loads and actions; it measures nothing here), and cookies are set for this page’s host only, each value one of the workspace’s secrets. Each check signs in in a browser of its own, closed after. Needs Lighthouse in a local Chromium.',
  signInFlow: 'Sign-in flow',
  signInNoFlow: 'None',
  signInCookieName: 'Cookie name',
  signInCookieSecret: 'Value from secret',
  signInAddCookie: 'Add a cookie',
  signInRemoveCookie: 'Remove',
  signInNoSecrets: 'No secret in this workspace yet: add one on the User flows page.',
  signedInBadge: 'Signed in',
  measuredSignedIn: 'Measured signed in.',
} as const;
