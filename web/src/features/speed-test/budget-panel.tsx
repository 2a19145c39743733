import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { budgetLimitsFor } from '@core/budgets/budget';
import { judgeBudget } from '@core/budgets/judge';
import { ROUTES } from '@core/routes';
import type { RunResult } from '@core/speed';
import { retryUnlessRefused } from '../../api/api-client';
import { useSignedInToken } from '../../api/signed-in-token';
import { trackedPageListQuery } from '../../api/tracked-pages';
import { BudgetTable } from '../../components/budget-table';
import { budgetMeasurementOf } from '@core/budgets/measurement';
import { sameUrl } from './budget-measurement';
import type { Device } from './speed-test-state';

/**
 * A finished test of a page the current workspace tracks on this device with a budget: each
 * of the tracked page's limits judged on the test's medians (judgeBudget, as checks are
 * judged). Nothing when the page is not tracked, has no budget, or the list cannot be read.
 * Its own chunk, loaded with the result, so the speed test's first load carries none of it.
 */
export default function BudgetPanel({
  url,
  device,
  results,
}: {
  url: string;
  device: Device;
  /** The test's finished samples on `device`. */
  results: readonly RunResult[];
}) {
  const { token, enabled } = useSignedInToken();
  const tracked = useQuery({
    ...trackedPageListQuery(token),
    enabled,
    retry: retryUnlessRefused,
  });
  const page = tracked.data?.pages.find((p) => sameUrl(p.url, url) && p.devices.includes(device));
  const rows = useMemo(() => {
    const limits = page ? budgetLimitsFor(page.budgets, url) : [];
    return limits.length ? judgeBudget(limits, budgetMeasurementOf(results)) : [];
  }, [page, url, results]);
  if (!page || rows.length === 0) return null;
  return (
    <section className="mt-4" aria-labelledby="budget-heading" data-testid="budget-panel">
      <h2 className="h5" id="budget-heading">
        Budget
      </h2>
      <p className="small text-muted mb-2 text-break">
        The budget of the tracked page{' '}
        <Link to={`${ROUTES.siteSpeedTracking}?page=${encodeURIComponent(page.id)}`}>
          {page.url}
        </Link>
        , judged on this test’s medians ({results.length}{' '}
        {results.length === 1 ? 'sample' : 'samples'}).
      </p>
      <BudgetTable rows={rows} />
    </section>
  );
}
