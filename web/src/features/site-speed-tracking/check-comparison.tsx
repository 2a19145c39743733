import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { RunComparison } from '../../components/run-comparison/run-comparison';
import { useComparison } from './tracking-api';
import { dateTimeText } from './tracking-format';

/**
 * Two checks of a page side by side: medians, their difference and its significance, the
 * audits that changed, filmstrips. Its own chunk: loaded when a person compares.
 */
export default function CheckComparison({
  pageId,
  a,
  b,
}: {
  pageId: string;
  a: string;
  b: string;
}) {
  const comparison = useComparison(pageId, a, b);
  if (comparison.isPending) return <Spinner size="sm" aria-label="Comparing the checks" />;
  if (comparison.isError) return <Alert variant="danger">{comparison.error.message}</Alert>;
  const { a: first, b: second, metrics, fingerprintsDiffer, audits } = comparison.data;
  return (
    <RunComparison
      what="checks"
      labels={[dateTimeText(first.startedAt), dateTimeText(second.startedAt)]}
      metrics={metrics}
      fingerprintsDiffer={fingerprintsDiffer}
      audits={audits}
      filmstrips={[first.filmstrip, second.filmstrip]}
    />
  );
}
