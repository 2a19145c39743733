/**
 * A scheduled page as it reads on one day. The model is the same on every day; its dates
 * are tokens that this fills in, so the manifest's facts (word counts, summaries) hold on
 * any day and only the dates a reader sees change.
 */
import type { PageModel } from './model';
import { isoDateOfDay, lastChangedDay, publicationDay } from './schedule';

export const PUBLISHED_TOKEN = '{published}';
export const MODIFIED_TOKEN = '{modified}';

/** The page with its publication and last change dates of `day`; unscheduled pages as they are. */
export function pageOnDay(page: PageModel, day: number): PageModel {
  if (!page.schedule) return page;
  const modified = lastChangedDay(page.schedule, day) ?? publicationDay(page.schedule, day);
  const dated = (value: unknown): unknown =>
    JSON.parse(
      JSON.stringify(value)
        .replaceAll(PUBLISHED_TOKEN, isoDateOfDay(publicationDay(page.schedule!, day)))
        .replaceAll(MODIFIED_TOKEN, isoDateOfDay(modified)),
    );
  return {
    ...page,
    body: dated(page.body) as PageModel['body'],
    schema: dated(page.schema) as PageModel['schema'],
  };
}
