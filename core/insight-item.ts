import { z } from 'zod';

/**
 * One row of an insight or diagnostic: a resource (URL), an element (selector), or a
 * labelled figure; figures absent where Lighthouse reports none.
 */
export const insightItemSchema = z.object({
  /** What the row is about, as shown: the URL, the element's label, or Lighthouse's label. */
  label: z.string(),
  url: z.string().optional(),
  /** CSS selector and HTML snippet of an element. */
  selector: z.string().optional(),
  snippet: z.string().optional(),
  totalBytes: z.number().optional(),
  wastedBytes: z.number().optional(),
  wastedMs: z.number().optional(),
  /** A time the row reports (a subpart of LCP, a script's CPU time), in ms. */
  durationMs: z.number().optional(),
  /** A count or score the row reports (a DOM size statistic, a layout shift's score). */
  value: z.number().optional(),
  /** A checklist row: whether the page meets it. */
  passed: z.boolean().optional(),
});
export type InsightItem = z.infer<typeof insightItemSchema>;
