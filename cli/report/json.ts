import type { Check } from '@core/schemas/checks';

/** The check as the API answers it, for scripts: unknown values stay null. */
export const renderJson = (check: Check) => `${JSON.stringify(check, null, 2)}\n`;
