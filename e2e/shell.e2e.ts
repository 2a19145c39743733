import { entitlementsOf } from '@core/entitlements';
import { FREE_PLAN_ID } from '@core/plans';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, inject, it } from 'vitest';
import { PAGE_PATHS, ROUTES, SETTINGS_LINK_PATHS } from '@core/routes';
import { useBrowser } from './support/browser';

const h = useBrowser();

describe('routes', () => {
  it('every page route answers 200 with its page, header and footer', async () => {
    const { page } = await h.newPage();
    for (const path of PAGE_PATHS) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await page.getByTestId('footer').getByText('SpeedRank').waitFor();
      // The screen's own chunk arrives after the shell's header and footer.
      await page.locator('h1').first().waitFor();
      expect(await page.getByTestId('not-found').count(), path).toBe(0);
    }
  });

  it('an unknown path shows the not-found page linking to /', async () => {
    const { page } = await h.newPage();
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await page.getByTestId('not-found').waitFor();
    await page.getByRole('link', { name: 'Go to the tools' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => page.getByTestId('tool-card').count()).toBeGreaterThanOrEqual(5);
  });

  it("says the keyword tool is free within the Free plan's allowance, not invite only", async () => {
    const { page } = await h.newPage();
    await page.goto('/GPT3-invite');
    const allowance = page.getByTestId('free-keyword-allowance');
    expect(await allowance.textContent()).toContain(
      `A free account gets ${entitlementsOf(FREE_PLAN_ID).monthlyLimit('keywords')} keywords a month`,
    );
    expect(await page.locator('body').textContent()).not.toMatch(/invite only/i);
  });

  it.each([
    ['/gpt3-invite', '/GPT3-invite'],
    ['/serp-analysis-tool/?searchTerm=x', '/serp-analysis-tool?searchTerm=x'],
  ])('redirects the near miss %s to its route', async (from, to) => {
    const { page } = await h.newPage();
    const response = await page.goto(from);
    expect(response?.status()).toBe(200);
    const url = new URL(page.url());
    expect(`${url.pathname}${url.search}`).toBe(to);
    expect(await page.getByTestId('not-found').count()).toBe(0);
  });

  it('the comparison tool route renders the SERP analysis screen', async () => {
    const { page } = await h.newPage();
    await page.goto('/site-speed-comparison-tool');
    await page.getByRole('heading', { name: 'SERP Analysis Tool' }).waitFor();
  });

  it('scrolls to the top on a route change', async () => {
    const { page } = await h.newPage({ width: 1280, height: 500 });
    await page.goto('/');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Open Website Speed Test' }).click();
    await page.waitForURL('**/website-speed-test');
    // The scroll happens in an effect right after the new route renders.
    await page.waitForFunction(() => window.scrollY === 0, null, { timeout: 2000 });
  });
});

describe("each page's prerendered first screen", () => {
  it.each([
    ['a phone', 412, 823],
    ['a desktop', 1280, 800],
  ])(
    'paints before any script runs and the app takes it over in place, on %s',
    async (_, width, height) => {
      const { page: still } = await h.newPage({ width, height, javaScript: false });
      const { page } = await h.newPage({ width, height });
      await page.addInitScript(() => {
        const w = window as unknown as { shifts: string[]; firstHeading: Element | null };
        w.shifts = [];
        // From the app's first commit into #root: a renderer starved by the tests beside
        // this one can shift the static page as it paints it, which is not the takeover.
        let takenOver = Infinity;
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as unknown as {
            startTime: number;
            value: number;
            sources: { node: Node | null }[];
          }[];
          for (const entry of entries) {
            if (entry.startTime < takenOver) continue;
            const moved = entry.sources.map((s) =>
              (s.node as Element | null)?.outerHTML.slice(0, 80),
            );
            w.shifts.push(`${entry.value.toFixed(4)} ${moved.join(', ')}`);
          }
        }).observe({ type: 'layout-shift', buffered: true });
        document.addEventListener('DOMContentLoaded', () => {
          w.firstHeading = document.querySelector('main h1');
          const root = document.getElementById('root');
          if (!root) return;
          new MutationObserver((_, observer) => {
            takenOver = performance.now();
            observer.disconnect();
          }).observe(root, { childList: true });
        });
      });
      // The account page sends a visitor away: it has no screen of theirs to prerender.
      for (const path of PAGE_PATHS.filter((p) => p !== ROUTES.account)) {
        await still.goto(path);
        const prerendered = still.locator('main h1').first();
        const text = await prerendered.textContent({ timeout: 1000 });
        const box = await prerendered.boundingBox();
        expect(text, path).toBeTruthy();

        await page.goto(path);
        // The app's first render puts its own elements in place of the prerendered ones.
        await page.waitForFunction(() => {
          const w = window as unknown as { firstHeading: Element | null };
          return w.firstHeading && document.querySelector('main h1') !== w.firstHeading;
        });
        const heading = page.locator('main h1').first();
        expect(await heading.textContent(), path).toBe(text);
        expect(await heading.boundingBox(), path).toEqual(box);
        // A shift is reported after the frame that paints it.
        await page.evaluate(
          () =>
            new Promise((painted) =>
              requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(painted))),
            ),
        );
        expect(
          await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts),
          path,
        ).toEqual([]);
      }
    },
    120_000,
  );
});

describe('header', () => {
  it('shows the Settings link only on the three tool routes', async () => {
    const { page } = await h.newPage();
    for (const path of PAGE_PATHS) {
      await page.goto(path);
      await page.getByTestId('brand').waitFor();
      const count = await page
        .getByTestId('header')
        .getByRole('button', { name: 'Settings' })
        .count();
      expect(count, path).toBe(SETTINGS_LINK_PATHS.includes(path) ? 1 : 0);
    }
  });

  it('gets a shadow once scrolled past 60 px', async () => {
    const { page } = await h.newPage({ width: 1280, height: 400 });
    await page.goto('/');
    const header = page.getByTestId('header');
    expect(await header.getAttribute('class')).not.toContain('sr-scrolled');
    await page.evaluate(() => window.scrollTo(0, 50));
    await page.waitForTimeout(100);
    expect(await header.getAttribute('class')).not.toContain('sr-scrolled');
    await page.evaluate(() => window.scrollTo(0, 120));
    await page.waitForFunction(() =>
      document.querySelector('[data-testid=header]')?.classList.contains('sr-scrolled'),
    );
  });

  it.each([
    [991, true],
    [992, true],
    [993, false],
  ])(
    'at %i px the navigation is collapsed: %s (it collapses at 992 px or less)',
    async (width, collapsed) => {
      const { page } = await h.newPage({ width, height: 800 });
      await page.goto('/');
      const toggle = page.getByRole('button', { name: 'Toggle navigation' });
      const pricing = page.getByRole('link', { name: 'Pricing' });
      await page.getByTestId('brand').waitFor();
      expect(await toggle.isVisible()).toBe(collapsed);
      expect(await pricing.isVisible()).toBe(!collapsed);
      if (!collapsed) return;
      await toggle.click();
      await pricing.waitFor({ state: 'visible' });
    },
  );

  it('shows Sign In to visitors and the Pro brand with Account for plan 4', async () => {
    const { page } = await h.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await page.getByTestId('brand').textContent()).toBe('SpeedRank');

    const res = await fetch(`${h.baseUrl}/backend-service/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `pro-${Date.now()}@example.com`, password: 'pro-password1' }),
    });
    const auth = await res.json();
    const db = new Database(path.join(inject('dataDir'), 'speedrank.sqlite'));
    db.prepare('update users set plan_id = 4 where id = ?').run(auth.userId);
    db.close();
    await page.evaluate((a) => {
      const session = { ...a, renewDate: null, cancelDate: null };
      delete session.renewsAt;
      delete session.cancelsAt;
      localStorage.setItem('speedrank.session', JSON.stringify(session));
    }, auth);
    await page.reload();
    await page.getByRole('link', { name: 'Account' }).waitFor();
    // The refreshed session carries the plan the server has.
    await page.getByTestId('brand').getByText('Pro').waitFor();
    expect(await page.getByTestId('brand').textContent()).toBe('SpeedRankPro');
  });
});

describe('footer', () => {
  it('shows the company, and no placeholder for the details the operator has not set', async () => {
    const { page } = await h.newPage();
    await page.goto('/pricing');
    const footer = page.getByTestId('footer');
    await footer.getByText('SpeedRank').waitFor();
    const text = (await footer.textContent())!;
    expect(text).not.toMatch(/example|Support:|Springfield/);
    expect(await footer.getByRole('link').count()).toBe(0);
  });
});
