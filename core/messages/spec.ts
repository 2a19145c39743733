/** User-facing messages, word for word from the original product. */
export const MESSAGES = {
  emailRequired: 'Please enter your email address.',
  emailInvalidCreate: 'Invalid email, please double-check your information and try again.',
  emailInvalidSignIn: 'Please enter a valid email address.',
  passwordRequired: 'Please enter a password.',
  passwordLength: 'Password must contain between 8 and 16 characters.',
  emailAlreadyRegistered: 'This email is already registered. Please sign in.',
  emailNotOnFile: "We don't seem to have that email on file.",
  passwordIncorrect: 'Incorrect password. Try again, or use secure link sign in.',
  useGoogleSignIn: 'You signed up with Google, please use Google to sign in',
  noResetToken: 'No token cant reset password',
  checkYourEmail: 'Go click the link in your email',
  createAccountGate:
    'Register now to view these results, and compare speed scores today. No credit card required.',
  createAccountGateKeywords:
    'Register now to try our GPT3 powered keyword tool. No credit card required.',
  nameOnCardRequired: 'Please enter name on card',
  zipcodeRequired: 'Please enter your billing zipcode or postal code',
  paymentError: 'There was an error processing your payment please try again.',
  alreadySubscribed: (plan: string) => `You are already subscribed our ${plan}`,
  freeTrialLimit:
    'You have reached the limits of free usage on this tool. To continue today, please see our pricing page',
  freeTrialReset: 'Your free usage limits will reset next month.',
  searchingTop100: 'Searching top 100 results...',
  foundAtPosition: 'Found at Position',
  notRanking: 'Your site is not ranking in the top 100',
  serpSearchFailed: 'Doh! Something went wrong. Go have a snack and try again in 5 minutes.',
  exportUpgrade: 'Please upgrade to export results',
  exportNotReady: 'You can export once all results are loaded (30-45 seconds)',
  exportNotReadyFree: 'Paid users can export once all results are loaded (30-45 seconds)',
} as const;
