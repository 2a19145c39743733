import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { SCRAPE_MAX_RESTARTS } from '@core/mixlab/limits';
import { MIXLAB_MESSAGES } from '@core/messages';
import type { ScrapedProduct } from '@core/schemas/scrape';
import { mixlabApi, mixlabKeys } from './mixlab-api';

export interface ScrapeState {
  listingUrl: string;
  totalPages: number;
  pagesDone: number;
  /** Product links found on the listing pages read so far. */
  totalPdps: number;
  products: ScrapedProduct[];
  errors: { url: string; reason: string }[];
}

/**
 * A scrape: the listing page count, then each listing page's products in turn;
 * a page answered without `api_response` restarts the run. The state follows every page.
 */
export function useScrapeRun(token: string, password: string) {
  const [state, setState] = useState<ScrapeState | null>(null);
  const mutation = useMutation<ScrapeState, Error>({
    mutationKey: mixlabKeys.scrape,
    mutationFn: async () => {
      for (let attempt = 0; attempt <= SCRAPE_MAX_RESTARTS; attempt++) {
        const { totalPages, listingUrl } = await mixlabApi.listingPages(token, password);
        let run: ScrapeState = {
          listingUrl,
          totalPages,
          pagesDone: 0,
          totalPdps: 0,
          products: [],
          errors: [],
        };
        setState(run);
        let complete = true;
        for (let page = 1; page <= totalPages; page++) {
          const answer = await mixlabApi.page(token, password, page);
          if (!answer.api_response) {
            console.error('listing page unreadable, restarting the run', answer.errorPages);
            complete = false;
            break;
          }
          run = {
            ...run,
            pagesDone: page,
            totalPdps: run.totalPdps + answer.totalPdps,
            products: [...run.products, ...answer.pdps.map((p) => p.all_variants)],
            errors: [
              ...run.errors,
              ...answer.errorPages.map((url, i) => ({ url, reason: answer.errorReasons[i] ?? '' })),
            ],
          };
          setState(run);
        }
        if (complete) return run;
      }
      throw new Error(MIXLAB_MESSAGES.listingUnreadable(SCRAPE_MAX_RESTARTS));
    },
  });
  return { ...mutation, state };
}
