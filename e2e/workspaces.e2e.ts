import { describe, expect, it } from 'vitest';
import { ROUTES } from '@core/routes';
import { registerByApi, setPlan, storeSession } from './support/accounts';
import { useBrowser } from './support/browser';
import { linkFromOutbox } from './support/outbox';
import { horizontalOverflow } from './support/overflow';
import { visitRoute } from './support/routes';

const h = useBrowser();

describe('workspaces', () => {
  it('makes a team workspace, switches to it, keeps it in the address, and keeps its pages apart', async () => {
    const { page } = await h.newPage();
    const auth = await registerByApi(page, 'team');
    await storeSession(page, auth);
    await visitRoute(page, ROUTES.workspaces, false);

    const rows = page.getByTestId('workspace-row');
    await expect
      .poll(() => rows.allTextContents())
      .toEqual([
        expect.stringMatching(/^Personal Personal Current\s*Owner · 1 of 1 seat · the Free plan$/),
      ]);
    await page.getByLabel('Name of the new workspace').fill('Scoops team');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('“Scoops team” is made; you are its owner.').waitFor();
    await rows.nth(1).getByRole('button', { name: 'Switch to' }).click();
    await page.waitForURL((at) => at.searchParams.has('ws'));
    const teamId = new URL(page.url()).searchParams.get('ws')!;
    const switcher = page.getByTestId('workspace-switcher');
    await expect.poll(() => switcher.inputValue()).toBe(teamId);

    // A page tracked in the team's workspace, as a script would add it.
    const url = `http://bake-street.sandbox.localhost:${new URL(h.baseUrl).port}/about`;
    const added = await page.request.post('/backend-service/v1/tracking/pages', {
      data: { url, devices: ['mobile'] },
      headers: { authorization: `Bearer ${auth.token}`, 'x-workspace-id': teamId },
    });
    expect(added.status()).toBe(201);

    // Moving through the header keeps the workspace; its page shows, the personal one has none.
    await page.getByTestId('header').getByRole('link', { name: 'Speed Tracking' }).click();
    // The header's link names no workspace; the address gets it back from the page before.
    await page.waitForURL(
      (at) => at.pathname === ROUTES.siteSpeedTracking && at.searchParams.get('ws') === teamId,
    );
    await page.getByTestId('tracked-page').filter({ hasText: url }).waitFor();
    expect(await horizontalOverflow(page, 'tracking in a team workspace')).toEqual([]);

    await switcher.selectOption({ label: 'Personal' });
    await page.waitForURL((at) => !at.searchParams.has('ws'));
    await expect.poll(() => page.getByTestId('tracked-page').count()).toBe(0);
    await page.goBack();
    await page.waitForURL((at) => at.searchParams.get('ws') === teamId);
    await page.getByTestId('tracked-page').filter({ hasText: url }).waitFor();
  }, 90_000);

  it('falls back to the personal workspace when the address names one that is not the user’s', async () => {
    const { page } = await h.newPage();
    const auth = await registerByApi(page, 'stray');
    await storeSession(page, auth);
    await page.goto(`${ROUTES.siteSpeedTracking}?ws=${crypto.randomUUID()}`);
    await page.waitForURL((at) => !at.searchParams.has('ws'));
    await page.getByTestId('workspace-link').waitFor();
  }, 60_000);

  it('invites a colleague by email; the viewer sees the pages and changes nothing; the owner removes them', async () => {
    const owner = await h.newPage();
    const ana = await registerByApi(owner.page, 'owner');
    setPlan(ana.userId, 3);
    const headers = { authorization: `Bearer ${ana.token}` };
    const team = (await (
      await owner.page.request.post('/backend-service/v1/workspaces', {
        data: { name: 'Bake Street' },
        headers,
      })
    ).json()) as { id: string };
    const url = `http://bake-street.sandbox.localhost:${new URL(h.baseUrl).port}/`;
    await owner.page.request.post('/backend-service/v1/tracking/pages', {
      data: { url, devices: ['mobile'] },
      headers: { ...headers, 'x-workspace-id': team.id },
    });
    await storeSession(owner.page, ana);
    await visitRoute(owner.page, `${ROUTES.workspaces}?ws=${team.id}`, false);

    const colleague = await h.newPage();
    const bo = await registerByApi(colleague.page, 'colleague');
    const invite = owner.page.getByTestId('invite-form');
    await invite.getByLabel('Email of the person to invite').fill(bo.email);
    await invite.getByLabel('Their role').selectOption('viewer');
    await invite.getByRole('button', { name: 'Invite' }).click();
    await owner.page.getByText(`An invitation is on its way to ${bo.email}.`).waitFor();
    await owner.page.getByTestId('workspace-invite').filter({ hasText: bo.email }).waitFor();

    // The colleague opens the emailed link signed in, and joins.
    const link = new URL(await linkFromOutbox(bo.email));
    await storeSession(colleague.page, bo);
    await visitRoute(colleague.page, `${link.pathname}${link.search}`, false);
    await colleague.page.getByRole('button', { name: 'Accept the invitation' }).click();
    await colleague.page.waitForURL((at) => at.searchParams.get('ws') === team.id);
    await colleague.page
      .getByTestId('header')
      .getByRole('link', { name: 'Speed Tracking' })
      .click();
    await colleague.page.getByTestId('tracked-page').filter({ hasText: url }).waitFor();
    await colleague.page.getByTestId('read-only').waitFor();
    expect(await colleague.page.getByRole('button', { name: 'Track a page' }).count()).toBe(0);
    await colleague.page.getByRole('link', { name: url }).click();
    await colleague.page.getByRole('button', { name: 'Export CSV' }).waitFor();
    expect(await colleague.page.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    await colleague.page.getByTestId('header').getByRole('link', { name: 'Rank Tracking' }).click();
    await colleague.page.getByTestId('read-only').waitFor();
    expect(await colleague.page.getByTestId('rank-add-open').count()).toBe(0);

    // The owner sees the viewer among the people and removes them; their next visit is refused.
    await owner.page.reload();
    const member = owner.page.getByTestId('workspace-member').filter({ hasText: bo.email });
    await expect.poll(() => member.getByLabel(`Role of ${bo.email}`).inputValue()).toBe('viewer');
    await member.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => owner.page.getByTestId('workspace-member').count()).toBe(1);
    // The audit log says who did what, newest first.
    const audit = owner.page.getByTestId('audit-entry');
    await expect.poll(() => audit.first().textContent()).toMatch(/removed member$/);
    expect((await audit.allTextContents()).join('\n')).toContain(`invited person “${bo.email}”`);
    await colleague.page.goto(`${ROUTES.siteSpeedTracking}?ws=${team.id}`);
    await colleague.page.waitForURL((at) => !at.searchParams.has('ws'));
    await expect.poll(() => colleague.page.getByTestId('tracked-page').count()).toBe(0);
  }, 120_000);

  it('makes an API token shown once, which a script then uses, and revokes it', async () => {
    const { page } = await h.newPage();
    const auth = await registerByApi(page, 'tokens');
    await storeSession(page, auth);
    await visitRoute(page, ROUTES.apiTokens, false);
    await page.getByTestId('no-tokens').waitFor();

    const form = page.getByTestId('new-token-form');
    await form.getByLabel('Name').fill('Nightly check');
    await form.getByLabel(/^Write/).check();
    await form.getByRole('button', { name: 'Make token' }).click();
    const secret = await page.getByLabel('The new API token').inputValue();
    expect(secret).toMatch(/^srk_/);
    const row = page.getByTestId('api-token');
    await expect
      .poll(() => row.textContent())
      .toMatch(/^Nightly check ReadWritePersonal · made .* · last used never · works until /);
    expect(await horizontalOverflow(page, 'API tokens')).toEqual([]);

    const asScript = () =>
      page.request.get('/backend-service/v1/tracking/pages', {
        headers: { authorization: `Bearer ${secret}` },
      });
    expect((await asScript()).status()).toBe(200);
    await page.reload();
    await expect.poll(() => row.textContent()).not.toContain('last used never');

    await row.getByRole('button', { name: 'Revoke' }).click();
    await row.getByRole('button', { name: /^Revoke: calls with it stop working/ }).click();
    await page.getByTestId('no-tokens').waitFor();
    expect((await asScript()).status()).toBe(401);
  }, 90_000);
});
