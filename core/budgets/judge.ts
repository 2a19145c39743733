import { z } from 'zod';
import { CHECK_MESSAGES } from '../messages/checks';
import type { LabKey } from '../speed-summary';
import type { BudgetLimit } from './budget';
import type { CategoryScores } from '../lighthouse-categories';
import type { Resources, ResourceType } from './resources';

/** What a budget is judged on: lab medians (score 0–100), field p75s, and resources. */
export interface BudgetMeasurement {
  lab: Partial<Record<LabKey, number | null>>;
  /** Null when no field source answered for the page. */
  field: { inp: number | null; lcp: number | null } | null;
  /** Null when the lab did not report them. */
  resources: Resources | null;
  /** Each category's score (0–100) beside performance; absent or null where not measured. */
  categories?: CategoryScores | null;
}

export const budgetRowSchema = z.object({
  limit: z.string(),
  label: z.string(),
  unit: z.enum(['score', 'ms', 'unitless', 'KiB', 'requests']),
  keep: z.enum(['atLeast', 'atMost']),
  budget: z.number(),
  /** Null: not measured; the note says why. */
  value: z.number().nullable(),
  /** Null when the value is unknown: neither kept nor broken. */
  pass: z.boolean().nullable(),
  note: z.string().optional(),
});
export type BudgetRow = z.infer<typeof budgetRowSchema>;

/** Budget limits that are a Lighthouse category's score beside performance. */
const CATEGORY_LIMITS = new Set<string>([
  'accessibility',
  'bestPractices',
  'seo',
  'agenticBrowsing',
]);

const LAB_OF: Record<string, LabKey> = {
  performance: 'psi',
  fcp: 'fcp',
  lcp: 'lcp',
  si: 'si',
  tbt: 'tbt',
  tti: 'tti',
  cls: 'cls',
};

function valueOf(
  limit: BudgetLimit,
  m: BudgetMeasurement,
): { value: number | null; note?: string } {
  if (limit.unmeasured) return { value: null, note: limit.unmeasured };
  const [group, type] = limit.limit.split('.') as [string, ResourceType | undefined];
  if (type) {
    const weight = m.resources?.[type];
    if (!weight) return { value: null, note: CHECK_MESSAGES.resourcesMissing };
    return {
      value:
        group === 'resourceSizes' ? Math.round((weight.bytes / 1024) * 10) / 10 : weight.requests,
    };
  }
  if (CATEGORY_LIMITS.has(group)) {
    const value = m.categories?.[group as keyof CategoryScores] ?? null;
    return value === null ? { value, note: CHECK_MESSAGES.categoryMissing } : { value };
  }
  if (group === 'inp' || group === 'fieldLcp') {
    const value = m.field?.[group === 'inp' ? 'inp' : 'lcp'] ?? null;
    return value === null ? { value, note: CHECK_MESSAGES.fieldMissing } : { value };
  }
  const value = m.lab[LAB_OF[group]!] ?? null;
  return value === null ? { value, note: CHECK_MESSAGES.labMissing } : { value };
}

/** Each limit with its value and whether it held; an unknown value passes nothing. */
export function judgeBudget(
  limits: readonly BudgetLimit[],
  measurement: BudgetMeasurement,
): BudgetRow[] {
  return limits.map((limit) => {
    const { value, note } = valueOf(limit, measurement);
    const pass =
      value === null
        ? null
        : limit.keep === 'atLeast'
          ? value >= limit.budget
          : value <= limit.budget;
    const { limit: key, label, unit, keep, budget } = limit;
    return { limit: key, label, unit, keep, budget, value, pass, ...(note && { note }) };
  });
}

/** A number in a limit's unit as people read it. */
export function budgetText(unit: BudgetRow['unit'], value: number): string {
  switch (unit) {
    case 'ms':
      return `${Math.round(value).toLocaleString('en-US')} ms`;
    case 'KiB':
      return `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })} KiB`;
    case 'requests':
      return `${value} ${value === 1 ? 'request' : 'requests'}`;
    case 'unitless':
      return value.toFixed(3);
    case 'score':
      return String(Math.round(value));
  }
}

/** "≤ 2,500 ms", "≥ 90". */
export const budgetLimitText = (row: Pick<BudgetRow, 'keep' | 'unit' | 'budget'>) =>
  `${row.keep === 'atLeast' ? '≥' : '≤'} ${budgetText(row.unit, row.budget)}`;

/** Whether every limit that could be judged held (unknown values do not break a budget). */
export const budgetKept = (rows: readonly BudgetRow[]) => rows.every((row) => row.pass !== false);
