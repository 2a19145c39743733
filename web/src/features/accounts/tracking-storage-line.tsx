import { Link } from 'react-router';
import { ROUTES } from '@core/routes';
import { useTrackingStorage } from '../../api/tracking-storage';

/** Bytes as people read them: 1.2 MB, 340 kB. */
export function bytesText(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** What the user's site speed tracking stores, beside the month's allowances. */
export function TrackingStorageLine() {
  const storage = useTrackingStorage();
  if (storage.isPending) return null;
  if (storage.isError) {
    return <p className="small text-danger mt-3">Tracking storage: {storage.error.message}</p>;
  }
  const { pages, checks, bytes } = storage.data;
  return (
    <p className="small text-muted mt-3" data-testid="tracking-storage">
      <Link to={ROUTES.siteSpeedTracking}>Site speed tracking</Link>: {pages}{' '}
      {pages === 1 ? 'page' : 'pages'}, {checks} {checks === 1 ? 'check' : 'checks'},{' '}
      {bytesText(bytes)} stored. Old checks are pruned as your plan's retention says.
    </p>
  );
}
