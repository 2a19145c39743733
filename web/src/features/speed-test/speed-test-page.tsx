import { lazy, Suspense, useEffect, useMemo, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import ToggleButton from 'react-bootstrap/ToggleButton';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { LIVE_MESSAGES, SPEED_MESSAGES } from '@core/messages';
import { entitlementsOf } from '@core/entitlements';
import { FREE_PLAN_ID } from '@core/plans';
import { ROUTES } from '@core/routes';
import { SOURCE_CATEGORIES } from '@core/lighthouse-categories';
import { speedAlertText, type SpeedAlertType } from '@core/schemas/speed-alerts';
import {
  AVERAGE_DELAY_MS,
  DEFAULT_SAMPLES,
  sampleChoices,
  withScheme,
} from '@core/speed-test-options';
import { summarizeSamples, type SampleMetrics } from '@core/speed-summary';
import { recentPages, trackPageHref } from '../../app/recent-pages';
import { useSession } from '../../app/session/session-context';
import { useSettings } from '../../app/settings/settings-context';
import { useCategoryChoice } from '../../app/settings/category-choice';
import { CategoryChoiceField } from '../../components/categories/category-choice-field';
import { saveSearchSettings } from '../../app/settings/save-search-settings';
import { usageKey } from '../../api/usage';
import { useToolGate } from '../../app/use-tool-gate';
import { visitorLimitReached } from '../../api/visitor-limit';
import { useMeteredAction } from '../../api/metered-action';
import { checkRateLimit, refusalOf } from '../../api/rate-limit';
import { LiveStatus } from '../../components/live-status';
import { RemainingCount } from '../../components/remaining-count';
import { PageHeader } from '../../components/page-header';
import { ScoreLegend } from '../../components/score-legend';
import { UpgradeMessage } from '../../components/upgrade-message';
import { EarlierTests } from './earlier-tests';
import { FieldDataView } from './field-data-view';
import { RumFieldPanel } from '../../components/rum-field-panel';
import { SampleRows } from './sample-rows';
import { SpeedFaq } from './speed-faq';
import { SpeedTestResult } from './speed-test-result';
import { speedRefusal, type SpeedRefusal } from './speed-refusal';
import { useSpeedTest, type Device } from './use-speed-test';

/** A tracked page's budget judged on the result: its own chunk, with the tracked-pages query. */
const BudgetPanel = lazy(() => import('./budget-panel'));

interface SpeedAlert {
  type: SpeedAlertType;
  max: number;
}

/** The website speed test: several samples of a page, averaged, and its real-user data. */
export function SpeedTestPage() {
  const { session, signedIn } = useSession();
  const { settings, device: preferredDevice, save } = useSettings();
  const { gateInsteadOfUse, recordUse } = useToolGate('speedTest');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const token = signedIn ? session.token : null;
  const { runs, testId, readiness, start, startOtherDevice, clearInvalid } = useSpeedTest(token);
  const [categories, setCategories] = useCategoryChoice('speedTest', token);
  // The count shown follows each test's runs (the effect below), not the check.
  const metered = useMeteredAction({ token, usage: null });
  const [url, setUrl] = useState('');
  // The device is the user's setting: saved with the settings, on the server when signed in.
  const device: Device = preferredDevice === 1 ? 'mobile' : 'desktop';
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
  const results = useMemo(() => done.map((s) => s.result!), [done]);
  const summary = useMemo(
    () =>
      complete
        ? summarizeSamples(done.map((s) => s.result!.lab as unknown as SampleMetrics))
        : null,
    [complete, done],
  );
  // Field data is per URL, not per sample: a lookup that succeeded beats one that failed.
  const fieldResult = done.find((s) => !s.result!.field.error)?.result ?? done[0]?.result ?? null;
  const unavailable =
    run?.unavailable ?? (readiness && !readiness.ready ? readiness.message : null);

  // The averages appear 750 ms after the last sample completes.
  useEffect(() => {
    if (!complete) return;
    const timer = window.setTimeout(() => setShowAverage(true), AVERAGE_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      setShowAverage(false);
    };
  }, [complete, device]);

  const analyze = async (event: FormEvent) => {
    event.preventDefault();
    if (!url.trim()) return;
    // The page already says why tests cannot run here.
    if (readiness && !readiness.ready) return;
    const target = withScheme(url);
    setAlert(null);
    if (!signedIn && gateInsteadOfUse()) return;
    await metered({
      // Advisory: when the check itself fails, the start route still enforces the quota.
      check: (): Promise<SpeedRefusal | null> =>
        signedIn
          ? refusalOf(
              () =>
                checkRateLimit(token, {
                  limitType: 'speedTest',
                  speedTestSampleSize: samples,
                  speedTestUrl: target,
                }),
              speedRefusal,
            )
          : visitorLimitReached('speedTest').then((reached) =>
              reached ? { limit: 'visitor', maxSampleSize: null } : null,
            ),
      onRefused: ({ limit, maxSampleSize }) => {
        const max = maxSampleSize ?? entitlementsOf(session.planId).sampleLimit;
        if (limit === 'sampleSize') setAlert({ type: 'sampleSizeRateLimit', max });
        else if (limit === 'visitor' || session.planId === FREE_PLAN_ID) navigate(ROUTES.freeTrial);
        else setAlert({ type: 'rateLimit', max });
      },
      action: async () => {
        recordUse();
        recentPages.rememberSpeedTest(target);
        start(
          target,
          device,
          samples,
          categories.filter((id) => !readiness || SOURCE_CATEGORIES[readiness.source].includes(id)),
        );
      },
    });
  };

  // A device chosen here or in the settings (or read from the server) tests the same page.
  useEffect(() => startOtherDevice(device), [device, startOtherDevice]);
  // The count shown follows each test: the server charges it when it starts.
  const running = Boolean(run && !complete);
  useEffect(() => {
    if (token) void queryClient.invalidateQueries({ queryKey: usageKey('speed', token) });
  }, [token, running, queryClient]);

  const switchDevice = (next: Device) => {
    const nextSettings = { ...settings, deviceType: next === 'mobile' ? 1 : 2 } as const;
    save(nextSettings);
    if (token) saveSearchSettings(token, nextSettings, pathname);
  };

  const deviceName = device === 'mobile' ? 'Mobile' : 'Desktop';
  const shown = run && !run.invalidUrl && !run.blocked && !run.unavailable;
  const liveMessage = !shown
    ? ''
    : complete && !summary
      ? LIVE_MESSAGES.speedNoData
      : complete && showAverage && summary
        ? LIVE_MESSAGES.speedDone(
            deviceName,
            summary.metrics.psi?.displayValue ?? String(summary.score.mean),
            summary.samples,
          )
        : LIVE_MESSAGES.speedRunning(run.samples.length, device);

  return (
    <Container className="py-4">
      <PageHeader
        crumb="Website Speed Test"
        heading="Run a website speed test with more accuracy"
      />
      {signedIn && <RemainingCount tool="speed" />}
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
          <Form.Control.Feedback type="invalid" data-testid="invalid-url">
            {run?.invalidUrl ?? SPEED_MESSAGES.invalidUrl}
          </Form.Control.Feedback>
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
      <CategoryChoiceField
        value={categories}
        onChange={setCategories}
        source={readiness?.source ?? null}
      />
      <p className="small text-muted">
        We run the page-speed test several times and average the samples, because a single run
        varies.
      </p>
      {alert && (
        // Clicking the alert closes it; its close button does so from the keyboard.
        <Alert
          variant="warning"
          dismissible
          onClose={() => setAlert(null)}
          onClick={() => setAlert(null)}
          data-testid="speed-alert"
          style={{ cursor: 'pointer' }}
        >
          <UpgradeMessage text={speedAlertText(alert.type, alert.max)} />
        </Alert>
      )}

      {unavailable && (
        <Alert variant="danger" data-testid="speed-unavailable">
          {unavailable}
        </Alert>
      )}
      {run?.blocked && (
        <Alert variant="warning" data-testid="speed-blocked">
          <UpgradeMessage text={run.blocked} />
        </Alert>
      )}
      <LiveStatus message={liveMessage} />
      {shown && (
        <section className="mt-4" aria-label="Results">
          <h2 className="h5">Lab Data</h2>
          <ScoreLegend className="mb-2 d-flex" />
          <SampleRows samples={run.samples} />
          {complete && showAverage && summary && (
            <SpeedTestResult
              summary={summary}
              device={device}
              samples={run.samples}
              categories={run.categories}
            />
          )}
          {complete && showAverage && summary && token && (
            <Suspense fallback={null}>
              <BudgetPanel url={run.url} device={device} results={results} />
            </Suspense>
          )}
          {complete && !summary && (
            <p className="text-muted mt-3" data-testid="no-data">
              no data
            </p>
          )}
          {complete && done.length > 0 && (
            <Link
              to={trackPageHref(run.url)}
              className="btn btn-outline-primary btn-sm mt-3"
              data-testid="track-this-page"
            >
              Track this page over time
            </Link>
          )}
          <FieldDataView result={fieldResult} complete={complete} />
          {complete && <RumFieldPanel url={run.url} device={device} />}
          {complete && token && testId && (
            <EarlierTests url={run.url} device={device} testId={testId} token={token} />
          )}
        </section>
      )}

      <section className="mt-5 p-4 bg-light rounded text-center">
        <h2 className="h5">See how fast your competitors are</h2>
        <Link to={ROUTES.serpAnalysis} className="btn btn-primary">
          try our comparison tool
        </Link>
      </section>
      <SpeedFaq />
    </Container>
  );
}
