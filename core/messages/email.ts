/** Emails' own words; no spec names them. */
export const EMAIL_MESSAGES = {
  deleteLinkSubject: 'Confirm the deletion of your SpeedRank account',
  deleteLinkText: (link: string, minutes: number) =>
    `Open this link to delete your SpeedRank account and everything it holds:\n\n${link}\n\nThe page asks you to confirm once more. The link works once and expires in ${minutes} minutes. If you did not ask for it, ignore this email: your account stays as it is.`,
  accountDeletedSubject: 'Your SpeedRank account is deleted',
  accountDeletedText: (deletion: { email: string; at: string; cancelled: string[] }) =>
    [
      `The SpeedRank account ${deletion.email} was deleted on ${deletion.at}, with everything it held: settings, speed tests, tracked pages, rank tracking, real-user monitoring sites, webhooks and payment records.`,
      ...(deletion.cancelled.length
        ? ['', `Cancelled with the processor: ${deletion.cancelled.join(', ')}.`]
        : []),
      '',
      'This is the last email we send to this address about the account. If you did not ask for this, reply to this email.',
    ].join('\n'),
  greeting: (name: string) => (name ? `Hi ${name},` : 'Hi,'),
  /** Page names, said alone when an email knows no address of the app to link to. */
  accountPage: 'your SpeedRank account page',
  pricingPage: "SpeedRank's pricing page",
  trackingPage: 'the Site speed tracking page in SpeedRank',
  flowPage: 'the User flows page in SpeedRank',
  receiptSubject: (plan: string) => `Your SpeedRank receipt: ${plan} plan`,
  receiptText: (receipt: {
    plan: string;
    amount: string;
    cycle: string;
    periodStart: string;
    periodEnd: string;
    cardLast4: string | null;
    account: string;
  }) =>
    [
      'Thank you for your payment. This is your receipt.',
      '',
      `Plan: ${receipt.plan}`,
      `Amount: ${receipt.amount}`,
      `Billing cycle: ${receipt.cycle}`,
      `Period: ${receipt.periodStart} to ${receipt.periodEnd}`,
      `Renews: ${receipt.periodEnd}`,
      ...(receipt.cardLast4 ? [`Card: ending in ${receipt.cardLast4}`] : []),
      '',
      `Your plan and this month's remaining searches are on ${receipt.account}`,
    ].join('\n'),
  cancellationSubject: (plan: string) => `Your SpeedRank ${plan} plan is cancelled`,
  cancellationText: (notice: { plan: string; until: string; pricing: string }) =>
    `Your ${notice.plan} plan is cancelled: it will not renew. It is paid for, and stays yours, until ${notice.until}; after that your account is on the free plan.\n\nTo subscribe again, choose a plan on ${notice.pricing}`,
} as const;
