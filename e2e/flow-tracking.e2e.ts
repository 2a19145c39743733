import crypto from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, inject, it } from 'vitest';
import { FLOW_SCREEN_MESSAGES as SAYS } from '@core/messages/flows';
import { SIGN_IN_MESSAGES } from '@core/messages/sign-in';
import { sharedManifest } from '@sandbox';
import { registerByApi, storeSession } from './support/accounts';
import { expectAccessible } from './support/axe';
import { useBrowser } from './support/browser';
import { trackThroughForm } from './support/tracking';

const h = useBrowser();

describe('tracking a user flow in the browser', () => {
  it('tracks a flow daily from its page, then shows a regressed step, its alert and the scheduled run', async () => {
    const shop = sharedManifest(Number(new URL(h.baseUrl).port)).shopAccount;
    const { page } = await h.newPage();
    const auth = await registerByApi(page, 'flow-tracking');
    await storeSession(page, auth);
    const created = await page.request.post('/backend-service/v1/flows', {
      headers: { authorization: `Bearer ${auth.token}` },
      data: {
        name: 'Add to cart',
        steps: [
          { kind: 'navigate', url: shop.productUrl, name: 'Product page' },
          { kind: 'startTimespan', name: 'Add to cart' },
          { kind: 'click', selector: shop.addToCartSelector },
          { kind: 'endTimespan' },
        ],
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };

    await page.goto(`/flows?id=${id}`);
    const tracking = page.getByTestId('flow-tracking');
    const schedule = tracking.getByLabel(SAYS.trackingLabel);
    expect(await schedule.inputValue()).toBe('');
    // The free plan runs flows daily, not hourly, and says so.
    expect(await schedule.locator('option[value="hourly"]').isDisabled()).toBe(true);
    expect(await tracking.textContent()).toContain(SAYS.hourlyNeedsUpgrade);
    await schedule.selectOption('daily');
    await tracking.getByTestId('flow-next-run').waitFor();
    expect(await page.getByText(SAYS.alertsEmpty).count()).toBe(1);

    // What the schedule leaves once the step slowed: its state, its alert, the run.
    const runId = crypto.randomUUID();
    const at = new Date().toISOString();
    const db = new Database(path.join(inject('dataDir'), 'speedrank.sqlite'));
    try {
      db.prepare(
        `insert into flow_runs (id, flow_id, workspace_id, user_id, flow, status, result, error,
           error_kind, charged, charge_subject, charge_period, trigger, judgement, created_at, finished_at)
         values (?, ?, ?, ?, ?, 'error', null, 'No browser.', 'browser_missing', 0, ?, ?, 'schedule', null, ?, ?)`,
      ).run(
        runId,
        id,
        auth.userId,
        auth.userId,
        JSON.stringify({ name: 'Add to cart', device: 'mobile', steps: [] }),
        auth.userId,
        at.slice(0, 7),
        at,
        at,
      );
      db.prepare(`update flows set step_states = ? where id = ?`).run(
        JSON.stringify({ 'Product page': 'ok', 'Add to cart': 'regression' }),
        id,
      );
      db.prepare(
        `insert into flow_alerts (id, flow_id, workspace_id, run_id, kind, step, at, reasons, errors)
         values (?, ?, ?, ?, 'regression', 'Add to cart', ?, ?, '[]')`,
      ).run(
        crypto.randomUUID(),
        id,
        auth.userId,
        runId,
        at,
        JSON.stringify([
          {
            kind: 'significant',
            metric: 'tbt',
            value: 860,
            reference: 355,
            pValue: 0.018,
            text: 'TBT went from 355 ms to 860 ms, a significant change (Mann-Whitney U, p = 0.018).',
          },
        ]),
      );
    } finally {
      db.close();
    }
    await page.reload();
    const alert = page.getByTestId('flow-alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain(SAYS.alertHeadline('regression', 'Add to cart'));
    expect(await alert.textContent()).toContain('TBT went from 355 ms to 860 ms');
    expect(await alert.getByRole('link').getAttribute('href')).toBe(`/flows?run=${runId}`);
    const steps = page.getByTestId('flow-step-list').getByRole('listitem');
    expect(await steps.nth(1).getByTestId('flow-step-regression').count()).toBe(1);
    expect(await steps.nth(0).getByTestId('flow-step-regression').count()).toBe(0);
    expect(await page.getByTestId('flow-run-row').first().textContent()).toContain(
      SAYS.triggerSchedule,
    );
    await expectAccessible(page, 'a tracked flow with an alert');

    // The editor warns of an ARIA name without a role: it matches headings too.
    await page.goto(`/flows?id=${id}&edit=1`);
    const click = page.getByTestId('flow-step').nth(2);
    const selector = click.getByLabel('Element (selector)');
    expect(await click.textContent()).toContain(SAYS.selectorHelp);
    await selector.fill('aria/Add to cart');
    await click.getByText(SAYS.ariaNeedsRole).waitFor();
    await selector.fill('aria/Add to cart[role="button"]');
    await click.getByText(SAYS.selectorHelp).waitFor();

    // The list says which flows are tracked and which regressed.
    await page.goto('/flows');
    const row = page.getByTestId('flow-row');
    expect(await row.getByTestId('flow-tracked').textContent()).toBe(SAYS.trackingDaily);
    expect(await row.textContent()).toContain('Regression');
  });

  it('tracks a page signed in by a cookie whose value is a workspace secret', async () => {
    const shop = sharedManifest(Number(new URL(h.baseUrl).port)).shopAccount;
    const { page } = await h.newPage();
    const auth = await registerByApi(page, 'signed-in-page');
    await storeSession(page, auth);
    const put = await page.request.put('/backend-service/v1/secrets/SHOP_SESSION', {
      headers: { authorization: `Bearer ${auth.token}` },
      data: { value: 'a-session-token' },
    });
    expect(put.status()).toBe(200);
    await trackThroughForm(page, shop.accountUrl, async (form) => {
      const fields = form.getByTestId('sign-in-fields');
      await fields.getByRole('button', { name: SIGN_IN_MESSAGES.signInAddCookie }).click();
      await fields.getByLabel(SIGN_IN_MESSAGES.signInCookieName).fill(shop.sessionCookie);
      // The workspace's one secret is chosen; its value is never shown.
      const secret = fields.getByLabel(SIGN_IN_MESSAGES.signInCookieSecret);
      expect(await secret.inputValue()).toBe('SHOP_SESSION');
      expect(await form.textContent()).not.toContain('a-session-token');
      await expectAccessible(page, 'the tracking form with a sign-in cookie');
    });
    await page.goto('/site-speed-tracking');
    expect(await page.getByTestId('signed-in').textContent()).toBe('signed in');
  });
});
