import { BILLING_ANNUAL } from '@core/plans';

/** One billing period later: a calendar month, or a year for the annual cycle. */
export function addBillingPeriod(start: Date, billingCycle: number): Date {
  const end = new Date(start);
  if (billingCycle === BILLING_ANNUAL) end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}
