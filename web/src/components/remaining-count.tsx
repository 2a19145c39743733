import { Link } from 'react-router';
import { ROUTES } from '@core/routes';
import { useRemaining } from '../api/usage';
import { MOBILE_QUERY, useMediaQuery } from '../app/use-media-query';

const LABELS = { serp: 'Searches', speed: 'Tests' } as const;

/**
 * What a signed-in user has left of a tool's monthly allowance: 'Remaining Searches: N'
 * on the SERP tools ('Searches: N' on mobile), 'Remaining Tests: N' on the speed test,
 * with an 'upgrade' link to the pricing page. Refreshed with the usage queries.
 */
export function RemainingCount({ tool }: { tool: keyof typeof LABELS }) {
  const remaining = useRemaining(tool);
  const mobile = useMediaQuery(MOBILE_QUERY);
  return (
    <p className="mb-2" data-testid={tool === 'serp' ? 'remaining-searches' : 'remaining-tests'}>
      {mobile ? '' : 'Remaining '}
      {LABELS[tool]}: <strong>{remaining.data ?? (remaining.isError ? '-' : '…')}</strong>{' '}
      <Link to={ROUTES.pricing}>upgrade</Link>
    </p>
  );
}
