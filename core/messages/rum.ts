import { groupedNumber } from '../number-text';

/** Real-user monitoring (field data from a site's own visitors). */
export const RUM_MESSAGES = {
  /** The install's own site, in an operator's list. */
  installSite:
    'This install’s own pages, wherever they are served: they carry its beacon (RUM_SELF), and its operators (OPERATOR_EMAILS) see it here.',
  upgradeForSites: (max: number) =>
    `Upgrade to collect field data for more than ${max} ${max === 1 ? 'site' : 'sites'}.`,
  notFound: 'No such site.',
  badOrigin: 'Enter each origin as a scheme and a host, such as https://example.com.',
  badSampleRate: 'Enter a sample rate above 0% and at most 100%.',
  signedOut: 'Real-user monitoring keeps your sites in your account. Sign in to add a site.',
  /** Where every figure of the dashboard comes from. */
  source: 'your visitors (RUM)',
  noPageViews: 'No page views yet',
  noMatchingPageViews: 'No page views match these filters in this window.',
  dropped: (count: number) =>
    `${groupedNumber(count)} ${count === 1 ? 'value' : 'values'} dropped as implausible`,
} as const;
