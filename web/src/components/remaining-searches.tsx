import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ROUTES } from '@core/routes';
import { authApi } from '../app/auth/auth-api';

/** The query key of a user's remaining SERP searches; refetch it after each search. */
export const serpUsageKey = (token: string) => ['usage', 'serp', token] as const;

/**
 * Spec 001 §2, for signed-in users: 'Remaining Searches: N' ('Searches: N' on mobile) and an
 * 'upgrade' link to the pricing page.
 */
export function RemainingSearches({ token }: { token: string }) {
  const serp = useQuery({
    queryKey: serpUsageKey(token),
    queryFn: () => authApi.usage.serp(token),
  });
  return (
    <p className="mb-2" data-testid="remaining-searches">
      <span className="d-none d-sm-inline">Remaining </span>Searches:{' '}
      <strong>{serp.data ? serp.data.numOfSerpLeft : serp.isError ? '-' : '…'}</strong>{' '}
      <Link to={ROUTES.pricing}>upgrade</Link>
    </p>
  );
}
