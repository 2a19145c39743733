import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRACKING_MESSAGES } from '@core/messages';
import { ROUTES } from '@core/routes';
import { startAppProcess } from '../server/test/app-process';
import { startRecordedServer } from '../server/test/recorded-server';
import { expectAccessible } from './support/axe';
import { useBrowser } from './support/browser';
import {
  runNowAndWait,
  showView,
  signUpOn,
  STAGING_HTML,
  trackThroughForm,
} from './support/tracking';

const h = useBrowser();

/** The staging page's answer delay while it is 'slow': its LCP then breaks a 2.5 s budget. */
const SLOW_MS = 2500;

/** The subjects of the outbox's messages, oldest first. */
function outboxSubjects(dataDir: string): string[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((file) => fs.readFileSync(path.join(dir, file), 'utf8').replace(/\r?\n[ \t]+/g, ' '))
    .flatMap((text) => text.match(/^Subject: (.*)$/m)?.[1] ?? []);
}

describe('site speed tracking', () => {
  let staging: Awaited<ReturnType<typeof startRecordedServer>>;
  let app: Awaited<ReturnType<typeof startAppProcess>>;
  let mode: 'fast' | 'slow' | 'failing' = 'fast';

  beforeAll(async () => {
    // Two staging pages: each test tracks its own.
    staging = await startRecordedServer(() =>
      mode === 'failing'
        ? { status: 500, text: 'Internal Server Error' }
        : {
            text: STAGING_HTML,
            headers: { 'content-type': 'text/html; charset=utf-8' },
            delayMs: mode === 'slow' ? SLOW_MS : 0,
          },
    );
    app = await startAppProcess(
      {
        // A staging site on the operator's network, which a self-hoster may allow this way.
        FETCH_ALLOW_HOSTS: new URL(staging.baseUrl).host,
        // Only 'run now' checks pages here: the schedule's first check is a day away.
        TRACKING_TICK_SECONDS: '3600',
      },
      { lab: 'stand-in' },
    );
  });
  afterAll(async () => {
    await app?.stop();
    await staging?.close();
  });

  it('is found from the home grid and the header, unmeasured and due at first, then one readable point', async () => {
    const { page } = await h.newPage({ baseUrl: app.baseUrl });
    await signUpOn(page, app.baseUrl, 'first-time');
    await page.getByRole('link', { name: 'Open Site Speed Tracking' }).click();
    await page.waitForURL((at) => at.pathname === ROUTES.siteSpeedTracking);
    await page.getByRole('heading', { name: 'Site Speed Tracking', level: 1 }).waitFor();
    await page.goto('/');
    await page.getByTestId('header').getByRole('link', { name: 'Speed Tracking' }).click();
    await page.waitForURL((at) => at.pathname === ROUTES.siteSpeedTracking);

    // Nothing measured yet: neither OK nor a regression; due at once, not at a past time.
    const url = `${staging.baseUrl}/first`;
    mode = 'fast';
    await trackThroughForm(page, url);
    expect(await page.getByTestId('alert-state').textContent()).toBe(
      TRACKING_MESSAGES.notMeasuredYet,
    );
    expect(await page.getByTestId('page-status').textContent()).toBe(
      TRACKING_MESSAGES.nextCheckDue,
    );

    await runNowAndWait(page, 1);
    await expect.poll(() => page.getByTestId('alert-state').textContent()).toBe('OK');
    // The schedule moved a day on from the run, not a minute.
    const next = page.getByTestId('page-status').locator('time');
    const nextAt = Date.parse((await next.getAttribute('datetime'))!);
    expect(nextAt).toBeGreaterThan(Date.now() + 23 * 3600_000);

    // One check: one time label under each chart.
    await showView(page, 'chart');
    const chart = page.getByTestId('history-chart').first();
    await chart.waitFor();
    expect(await chart.getAttribute('aria-label')).toMatch(/^Performance score: 1 check from /);
    const labels = await page
      .getByTestId('history-chart')
      .evaluateAll((charts) => charts.map((c) => c.getAttribute('data-time-labels')));
    expect(labels.length).toBeGreaterThan(0);
    for (const label of labels) expect(label).toMatch(/^[^|]+$/);

    // Figures as the app writes them: TBT in whole ms, CLS to three decimals.
    const db = new Database(path.join(app.dataDir, 'speedrank.sqlite'));
    try {
      db.prepare(
        `update tracking_checks set median_tbt = 3252.5, median_cls = 0.12345
         where page_id = (select id from tracked_pages where url = ?)`,
      ).run(url);
    } finally {
      db.close();
    }
    await page.reload();
    await showView(page, 'table');
    const cells = page.getByTestId('history-row').first().locator('td');
    await cells.first().waitFor();
    const texts = await cells.allTextContents();
    expect(texts).toContain('3,253 ms');
    expect(texts).toContain('0.123');
  }, 300_000);

  it('shows the header link in the collapsed menu on a phone', async () => {
    const { page } = await h.newPage({ baseUrl: app.baseUrl, width: 390, height: 844 });
    await page.goto('/');
    const link = page.getByTestId('header').getByRole('link', { name: 'Speed Tracking' });
    expect(await link.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await link.click();
    await page.waitForURL((at) => at.pathname === ROUTES.siteSpeedTracking);
    // The menu closes with the route change.
    await expect.poll(() => link.isVisible()).toBe(false);
  });

  it('tracks a page, alerts once when it gets slower and once when it recovers', async () => {
    const { page, context } = await h.newPage({ baseUrl: app.baseUrl });
    await signUpOn(page, app.baseUrl, 'tracking');
    // 'Track this page' from another tool opens the form filled with the page.
    const url = `${staging.baseUrl}/shop`;
    await trackThroughForm(page, url, async (form) => {
      await form.getByLabel('LCP at most (ms)').fill('2500');
      await form.getByLabel('Alert after').selectOption('1');
      // The free plan checks daily; hourly is a paid plan's.
      expect(await form.getByLabel('Hourly').isDisabled()).toBe(true);
    });
    expect(await page.getByTestId('alert-state').textContent()).toBe(
      TRACKING_MESSAGES.notMeasuredYet,
    );

    mode = 'fast';
    await runNowAndWait(page, 1);
    await expect.poll(() => page.getByTestId('alert-state').textContent()).toBe('OK');
    mode = 'slow';
    await runNowAndWait(page, 2);
    await showView(page, 'chart');
    const chart = page.getByTestId('history-chart').first();
    await chart.waitFor();
    expect(await chart.getAttribute('aria-label')).toMatch(/^Performance score: 2 checks from /);
    await expect.poll(() => page.getByTestId('alert-state').textContent()).toBe('Regression');
    const regression = page.getByTestId('alert-item').first();
    await regression.waitFor();
    expect(await regression.textContent()).toMatch(
      /Regression.*LCP .* breaks its budget of 2\.5 s/,
    );
    expect(outboxSubjects(app.dataDir)).toContain(
      TRACKING_MESSAGES.regressionSubject(url, 'mobile'),
    );
    await expectAccessible(page, 'a tracked page with its charts and alerts');

    // The regressed check's samples and filmstrip, from the alert.
    await regression.getByRole('button', { name: 'View check' }).click();
    const detail = page.getByTestId('check-detail');
    await detail.getByTestId('check-reasons').waitFor();
    expect(await detail.getByTestId('check-sample').count()).toBe(1);
    // Its figures graded as Lighthouse scored them: the slow LCP is not green.
    const graded = detail.getByTestId('check-sample').getByTestId('metric-value');
    expect(await graded.count()).toBeGreaterThanOrEqual(5);
    expect(await graded.evaluateAll((els) => els.map((el) => el.dataset.band))).toContain('fail');
    expect(await detail.getByTestId('timed-filmstrip').locator('img').count()).toBeGreaterThan(0);
    await expectAccessible(page, "a check's samples and filmstrip");
    await page.keyboard.press('Escape');

    mode = 'fast';
    await runNowAndWait(page, 3);
    await expect.poll(() => page.getByTestId('alert-state').textContent()).toBe('OK');
    expect(await page.getByTestId('alert-item').first().textContent()).toContain('Recovered');
    const subjects = outboxSubjects(app.dataDir).filter((s) => s.startsWith('Speed'));
    expect(subjects).toEqual([
      TRACKING_MESSAGES.regressionSubject(url, 'mobile'),
      TRACKING_MESSAGES.recoverySubject(url, 'mobile'),
    ]);

    // The overview lists the page with its latest score, sparkline and alert state.
    await page.getByRole('link', { name: '← All tracked pages' }).click();
    const row = page.getByTestId('tracked-page');
    await row.waitFor();
    expect(await row.getByTestId('alert-state').textContent()).toBe('OK');
    await row.getByRole('img', { name: /Performance scores of the last 3 checks/ }).waitFor();
    await context.close();
  }, 480_000);

  it('shows failed checks as gaps, alerts when a page is unreachable and when it is back, marks a change of measurement and compares two checks', async () => {
    const { page, context } = await h.newPage({ baseUrl: app.baseUrl });
    await signUpOn(page, app.baseUrl, 'unreachable');
    const url = `${staging.baseUrl}/bakery`;
    await trackThroughForm(page, url);

    mode = 'fast';
    await runNowAndWait(page, 1);
    mode = 'failing';
    for (const checks of [2, 3, 4]) await runNowAndWait(page, checks);
    expect(await page.getByTestId('history-row').getByText('Failed').count()).toBe(3);
    await expect.poll(() => page.getByTestId('unreachable-state').count()).toBe(1);
    // A speed regression is another matter: the failures did not make one.
    expect(await page.getByTestId('alert-state').textContent()).toBe('OK');
    const unreachable = page.getByTestId('alert-item').first();
    expect(await unreachable.textContent()).toContain('Unreachable');
    await showView(page, 'chart');
    const chart = page.getByTestId('history-chart').first();
    await chart.waitFor();
    // The failed checks are gaps with their own marks, not zeros.
    expect(await chart.getAttribute('aria-label')).toMatch(/4 checks .*; 3 failed/);

    // The first check as if measured by another Lighthouse: the next good check says so.
    const db = new Database(path.join(app.dataDir, 'speedrank.sqlite'));
    try {
      const first = db
        .prepare(
          `select s.rowid as rowid, s.fingerprint as fingerprint from tracking_samples s
           join tracking_checks c on c.id = s.check_id
           join tracked_pages p on p.id = c.page_id
           where p.url = ? order by c.started_at limit 1`,
        )
        .get(url) as { rowid: number; fingerprint: string };
      const fingerprint = { ...JSON.parse(first.fingerprint), lighthouseVersion: '11.0.0' };
      db.prepare('update tracking_samples set fingerprint = ? where rowid = ?').run(
        JSON.stringify(fingerprint),
        first.rowid,
      );
    } finally {
      db.close();
    }
    mode = 'fast';
    await runNowAndWait(page, 5);
    await expect.poll(() => page.getByTestId('unreachable-state').count()).toBe(0);
    expect(await page.getByTestId('alert-item').first().textContent()).toContain('Reachable again');

    await showView(page, 'table');
    const changed = page.getByTestId('history-row').first();
    await changed.getByTestId('fingerprint-changed').waitFor();
    await showView(page, 'chart');
    expect(await page.getByTestId('history-chart').first().getAttribute('aria-label')).toMatch(
      /measurement changed once/,
    );

    // The latest check beside the first: metrics, significance, filmstrips in time.
    await showView(page, 'table');
    await changed.getByRole('button').first().click();
    const detail = page.getByTestId('check-detail');
    const options = detail.getByLabel('Compare with').locator('option');
    await detail.getByLabel('Compare with').selectOption({
      label: (await options.last().textContent())!,
    });
    await detail.getByRole('button', { name: 'Compare' }).click();
    const comparison = detail.getByTestId('check-comparison');
    await comparison.waitFor();
    expect(await comparison.getByTestId('comparison-row').count()).toBe(6);
    await comparison.getByTestId('comparison-fingerprints').waitFor();
    expect(await comparison.getByTestId('aligned-filmstrips').locator('tbody tr').count()).toBe(2);
    await expectAccessible(page, 'two checks compared');
    await context.close();
  }, 480_000);
});
