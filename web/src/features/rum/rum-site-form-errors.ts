import type { z } from 'zod';

export type SiteFormErrors = Partial<Record<'name' | 'origins' | 'sampleRate', string>>;

/**
 * The schema's issues as one message per field, the first of each; an origin's message
 * names its line, since the field holds several.
 */
export function siteFormErrors(issues: readonly z.core.$ZodIssue[]): SiteFormErrors {
  const errors: SiteFormErrors = {};
  for (const issue of issues) {
    const [field, index] = issue.path;
    if (field !== 'name' && field !== 'origins' && field !== 'sampleRate') continue;
    if (errors[field]) continue;
    errors[field] =
      field === 'origins' && typeof index === 'number'
        ? `Line ${index + 1}: ${issue.message}`
        : issue.message;
  }
  return errors;
}
