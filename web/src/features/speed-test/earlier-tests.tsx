import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useQueryClient } from '@tanstack/react-query';
import { SPEED_TEST_HISTORY, type SpeedTestSummary } from '@core/schemas/speed-tests';
import { dateTimeText } from '../../components/run-comparison/metric-format';
import { RunComparison } from '../../components/run-comparison/run-comparison';
import type { Device } from './speed-test-state';
import {
  speedTestKeys,
  useSpeedTestComparison,
  useSpeedTestHistory,
} from './speed-test-history-api';

function optionText(test: SpeedTestSummary, device: Device) {
  const side = test.devices.find((d) => d.device === device)!;
  const score = side.medianScore === null ? 'no score' : `median ${Math.round(side.medianScore)}`;
  const failed = side.failed ? `, ${side.failed} failed` : '';
  return `${dateTimeText(test.createdAt)}: ${score} (${side.measured} sample${side.measured === 1 ? '' : 's'}${failed})`;
}

function Comparison({
  earlier,
  current,
  device,
  token,
}: {
  earlier: string;
  current: string;
  device: Device;
  token: string;
}) {
  const comparison = useSpeedTestComparison(earlier, current, device, token);
  if (comparison.isPending) return <Spinner size="sm" aria-label="Comparing the tests" />;
  if (comparison.isError) return <Alert variant="danger">{comparison.error.message}</Alert>;
  const { a, b, metrics, fingerprintsDiffer, audits } = comparison.data;
  return (
    <>
      <p className="small text-muted mb-2">
        Earlier test: {dateTimeText(a.createdAt)} · This test: {dateTimeText(b.createdAt)}
      </p>
      <RunComparison
        what="tests"
        labels={['Earlier test', 'This test']}
        metrics={metrics}
        fingerprintsDiffer={fingerprintsDiffer}
        audits={audits}
        filmstrips={[a.filmstrip, b.filmstrip]}
      />
    </>
  );
}

/**
 * A signed-in user's finished test beside an earlier one of the same page: the earlier
 * tests that ran on this device, the latest chosen first, and the two compared as two
 * checks of a tracked page are.
 */
export function EarlierTests({
  url,
  device,
  testId,
  token,
}: {
  url: string;
  device: Device;
  testId: string;
  token: string;
}) {
  const client = useQueryClient();
  // The list is read once this test is finished, so that it counts this test's samples.
  useEffect(() => {
    void client.invalidateQueries({ queryKey: speedTestKeys.list(token, url) });
  }, [client, token, url, testId, device]);
  const history = useSpeedTestHistory(url, token);
  const earlier =
    history.data?.tests.filter(
      (test) => test.id !== testId && test.devices.some((d) => d.device === device),
    ) ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const selected = earlier.find((test) => test.id === chosen)?.id ?? earlier[0]?.id ?? null;

  return (
    <section className="mt-4" aria-labelledby="earlier-tests-heading" data-testid="earlier-tests">
      <h2 className="h5" id="earlier-tests-heading">
        Compare with an earlier test
      </h2>
      {history.isPending ? (
        <Spinner size="sm" aria-label="Loading your earlier tests" />
      ) : history.isError ? (
        <Alert variant="danger">{history.error.message}</Alert>
      ) : earlier.length === 0 ? (
        <p className="small text-muted" data-testid="no-earlier-tests">
          Your earlier tests of this page on this device show here, to compare with this one: we
          keep your last {SPEED_TEST_HISTORY} tests.
        </p>
      ) : (
        <>
          <Form.Group className="mb-3" controlId="earlier-test">
            <Form.Label className="small">Earlier test of this page</Form.Label>
            <Form.Select
              size="sm"
              value={selected ?? ''}
              onChange={(event) => setChosen(event.target.value)}
            >
              {earlier.map((test) => (
                <option key={test.id} value={test.id}>
                  {optionText(test, device)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          {selected && (
            <Comparison earlier={selected} current={testId} device={device} token={token} />
          )}
        </>
      )}
    </section>
  );
}
