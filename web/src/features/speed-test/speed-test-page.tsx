import { useEffect, useMemo, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import ToggleButton from 'react-bootstrap/ToggleButton';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { FREE_PLAN_ID, planById } from '@core/plans';
import { ROUTES } from '@core/routes';
import { rateLimitResponseSchema } from '@core/schemas/quota';
import { speedAlertText, type SpeedAlertType } from '@core/schemas/speed-alerts';
import {
  AVERAGE_DELAY_MS,
  DEFAULT_SAMPLES,
  sampleChoices,
  withScheme,
} from '@core/speed-test-options';
import { summarizeSamples, type SampleMetrics } from '@core/speed-summary';
import { ApiError, apiRequest } from '../../app/api-client';
import { useModals } from '../../app/modals/modal-context';
import { useSession } from '../../app/session/session-context';
import { useSettings } from '../../app/settings/settings-context';
import { readStored, STORAGE_KEYS, writeStored } from '../../app/storage';
import { PageHeader } from '../../components/page-header';
import { ScoreLegend } from '../../components/score-legend';
import { UpgradeMessage } from '../../components/upgrade-message';
import { FieldDataView } from './field-data-view';
import { LabSummaryView } from './lab-summary-view';
import { SampleRows } from './sample-rows';
import { SpeedFaq } from './speed-faq';
import { useSpeedTest, type Device } from './use-speed-test';

const FIRST_TEST_KEY = 'speedrank.firstSpeedTestDone';

interface SpeedAlert {
  type: SpeedAlertType;
  max: number;
}

/** Spec 002 §2 'Website speed test' and §4 'Speed test'. */
export function SpeedTestPage() {
  const { session, signedIn } = useSession();
  const { settings, device: preferredDevice, save } = useSettings();
  const { open } = useModals();
  const navigate = useNavigate();
  const { runs, start, reset, clearInvalid } = useSpeedTest(signedIn ? session.token : null);
  const [url, setUrl] = useState('');
  const [device, setDevice] = useState<Device>(preferredDevice === 1 ? 'mobile' : 'desktop');
  const choices = sampleChoices(signedIn ? session.planId : FREE_PLAN_ID);
  const [samples, setSamples] = useState(Math.min(DEFAULT_SAMPLES, choices[0]!));
  const [alert, setAlert] = useState<SpeedAlert | null>(null);
  const [showAverage, setShowAverage] = useState(false);

  const run = runs[device];
  const complete = Boolean(
    run &&
    run.samples.length > 0 &&
    run.samples.every((s) => s.status === 'done' || s.status === 'error'),
  );
  const done = useMemo(
    () => run?.samples.filter((s) => s.status === 'done' && s.result) ?? [],
    [run],
  );
  const summary = useMemo(
    () =>
      complete
        ? summarizeSamples(done.map((s) => s.result!.lab as unknown as SampleMetrics))
        : null,
    [complete, done],
  );

  // The averages appear 750 ms after the last sample completes (spec 002 §4).
  useEffect(() => {
    if (!complete) return;
    const timer = window.setTimeout(() => setShowAverage(true), AVERAGE_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      setShowAverage(false);
    };
  }, [complete, device]);

  const checkRateLimit = async (target: string): Promise<boolean> => {
    try {
      await apiRequest('/rate-limit', rateLimitResponseSchema, {
        method: 'POST',
        token: session.token,
        body: { limitType: 'speedTest', speedTestSampleSize: samples, speedTestUrl: target },
      });
      return true;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const body = rateLimitResponseSchema.partial().safeParse(error.body);
      const max =
        body.success && body.data.maxSampleSize
          ? body.data.maxSampleSize
          : planById(session.planId).speedTestSampleLimit;
      if (error.status === 429) {
        if (session.planId === FREE_PLAN_ID) navigate(ROUTES.freeTrial);
        else setAlert({ type: 'rateLimit', max });
        return false;
      }
      if (error.status === 400) {
        setAlert({ type: 'sampleSizeRateLimit', max });
        return false;
      }
      throw error;
    }
  };

  const analyze = async (event: FormEvent) => {
    event.preventDefault();
    if (!url.trim()) return;
    const target = withScheme(url);
    setAlert(null);
    if (signedIn) {
      if (!(await checkRateLimit(target))) return;
    } else {
      const firstDone = readStored(FIRST_TEST_KEY, z.boolean(), false);
      const subscribed = readStored(STORAGE_KEYS.emailSubscribed, z.boolean(), false);
      if (firstDone && !subscribed) {
        open('gate', { content: 'createAccount' });
        return;
      }
      writeStored(FIRST_TEST_KEY, true);
    }
    reset();
    void start(target, device, samples);
  };

  const switchDevice = (next: Device) => {
    setDevice(next);
    save({ ...settings, deviceType: next === 'mobile' ? 1 : 2 });
    const tested = runs.mobile ?? runs.desktop;
    // A test already run for the other device starts this device's run (spec 002 §4).
    if (tested && !runs[next] && !tested.invalidUrl)
      void start(tested.url, next, tested.samples.length || samples);
  };

  const firstResult = done[0]?.result ?? null;

  return (
    <Container className="py-4">
      <PageHeader
        crumb="Website Speed Test"
        heading="Run a website speed test with more accuracy"
      />
      <Form noValidate onSubmit={(e) => void analyze(e)} className="mb-2">
        <InputGroup hasValidation>
          <Form.Control
            placeholder="Enter a web page URL"
            aria-label="Web page URL"
            value={url}
            onChange={(e) => {
              setUrl(e.target.value);
              if (run?.invalidUrl) clearInvalid();
            }}
            isInvalid={Boolean(run?.invalidUrl)}
          />
          <Button type="submit">analyze</Button>
          <Form.Control.Feedback type="invalid">Please enter a valid url</Form.Control.Feedback>
        </InputGroup>
      </Form>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-2">
        <ButtonGroup aria-label="Device">
          {(['mobile', 'desktop'] as const).map((d) => (
            <ToggleButton
              key={d}
              id={`device-${d}`}
              type="radio"
              name="device"
              value={d}
              variant="outline-secondary"
              size="sm"
              checked={device === d}
              onChange={() => switchDevice(d)}
            >
              {d === 'mobile' ? 'Mobile' : 'Desktop'}
            </ToggleButton>
          ))}
        </ButtonGroup>
        <Form.Group className="d-flex align-items-center gap-2" controlId="test-samples">
          <Form.Label className="mb-0 small">Test Samples</Form.Label>
          <Form.Select
            size="sm"
            style={{ width: 'auto' }}
            value={samples}
            onChange={(e) => {
              const next = Number(e.target.value);
              if (next > choices[0]!) {
                setAlert({ type: 'increaseSampleSize', max: choices[0]! });
                return;
              }
              setSamples(next);
            }}
          >
            {choices.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
            {choices[0]! < 5 && (
              <option value={choices[0]! + 2}>{choices[0]! + 2} (upgrade)</option>
            )}
          </Form.Select>
        </Form.Group>
      </div>
      <p className="small text-muted">
        We run the page-speed test several times and average the samples, because a single run
        varies.
      </p>
      {alert && (
        <Alert
          variant="warning"
          onClick={() => setAlert(null)}
          role="alert"
          data-testid="speed-alert"
          style={{ cursor: 'pointer' }}
        >
          <UpgradeMessage text={speedAlertText(alert.type, alert.max)} />
        </Alert>
      )}

      {run?.blocked && (
        <Alert variant="warning" data-testid="speed-blocked">
          <UpgradeMessage text={run.blocked} />
        </Alert>
      )}
      {run && !run.invalidUrl && !run.blocked && (
        <section className="mt-4" aria-label="Results">
          <h2 className="h5">Lab Data</h2>
          <ScoreLegend className="mb-2 d-flex" />
          <SampleRows samples={run.samples} />
          {complete && showAverage && summary && (
            <LabSummaryView
              summary={summary}
              device={device}
              scores={done.map((s) => Math.round(s.result!.lab.psi?.score ?? 0))}
            />
          )}
          {complete && !summary && (
            <p className="text-muted mt-3" data-testid="no-data">
              no data
            </p>
          )}
          {firstResult && (
            <p className="small text-muted mt-2 mb-0">
              Measured with{' '}
              {firstResult.source === 'psi'
                ? 'PageSpeed Insights'
                : 'Lighthouse in a local Chromium'}
              ; final URL {firstResult.finalUrl}
            </p>
          )}
          <FieldDataView result={firstResult} complete={complete} />
        </section>
      )}

      <section className="mt-5 p-4 bg-light rounded text-center">
        <h2 className="h5">See how fast your competitors are</h2>
        <Link to={ROUTES.serpAnalysis} className="btn btn-outline-primary">
          try our comparison tool
        </Link>
      </section>
      <SpeedFaq />
    </Container>
  );
}
