import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_FACTS_MAX_URLS, PAGE_FETCH_MAX_BYTES, SERP_SHARE_DAYS } from '@core/limits';
import { SERP_MESSAGES } from '@core/messages';
import { QUOTA_MESSAGES } from '@core/schemas/quota';
import { SERP_ERROR_CODES } from '@core/schemas/serp';
import {
  buildManifest,
  isoDateOfDay,
  sandboxDay,
  statusOnDay,
  type SandboxManifest,
} from '@sandbox';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { TestClock } from '../../../test/clock';
import { freePort } from '../../../test/free-port';
import { signUp } from '../../../test/users';
import { safeFetch } from '../../http/safe-fetch';
import { collectPageFacts } from '../../page-facts/collect-page-facts';

const API = '/backend-service/v1';

/** The app listening for real, so the sandbox hosts answer on the port the manifest names. */
let t: TestApp;
let manifest: SandboxManifest;
/** The sandbox's day, held for the run: the clock's date when it starts. */
const today = sandboxDay(new Date());
beforeAll(async () => {
  const port = await freePort();
  // Plenty of searches: these tests are about results, not quotas.
  t = await buildTestApp({ env: { PORT: String(port), SANDBOX_DAY: isoDateOfDay(today) } });
  await t.app.listen({ port, host: '127.0.0.1' });
  manifest = buildManifest({ port });
}, 60_000);
afterAll(async () => t?.close());

const post = (url: string, payload: object, ip = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: `${API}${url}`, payload, remoteAddress: ip });

describe('page facts against the sandbox manifest (ground truth)', () => {
  it('agrees with the manifest on every sandbox URL', async () => {
    const urls = manifest.pages.map((p) => p.url);
    const mismatches: string[] = [];
    for (let i = 0; i < urls.length; i += 100) {
      const batch = urls.slice(i, i + 100);
      // The collector itself: the route reads a search's results only, a page at a time.
      const body = await collectPageFacts(batch, t.app.services.pageFetch);
      batch.forEach((url, j) => {
        const truth = manifest.pages.find((p) => p.url === url)!;
        const result = body.resultArray[j]!;
        const hops = body.redirectArray[j]!.redirects;
        const say = (what: string, got: unknown, want: unknown) =>
          mismatches.push(
            `${url} ${what}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`,
          );
        const status = statusOnDay(truth, today);
        if (result.status !== status) say('status', result.status, status);
        const redirects = hops.slice(0, -1);
        if (JSON.stringify(redirects) !== JSON.stringify(truth.redirects))
          say('redirects', redirects, truth.redirects);
        if (status !== 200) return;
        if (Math.abs(result.total! - truth.wordCount) > truth.wordCount * 0.02)
          say('words', result.total, truth.wordCount);
        const meta = result.meta!;
        if (meta.title !== (truth.title ?? '')) say('title', meta.title, truth.title);
        if (meta.description !== (truth.description ?? ''))
          say('description', meta.description, truth.description);
        if (meta.lang !== (truth.lang ?? '')) say('lang', meta.lang, truth.lang);
        if (meta.h1 !== (truth.h1 ?? '')) say('h1', meta.h1, truth.h1);
        if (JSON.stringify(meta.h2.list) !== JSON.stringify(truth.h2))
          say('h2', meta.h2.list, truth.h2);
        if (meta.url !== (truth.canonical ?? '')) say('canonical', meta.url, truth.canonical);
        if (JSON.stringify(result.schemaObject) !== JSON.stringify(truth.schemaTypes))
          say('schema', result.schemaObject, truth.schemaTypes);
      });
    }
    expect(mismatches.slice(0, 10)).toEqual([]);
    expect(urls.length).toBeGreaterThanOrEqual(400);
  }, 120_000);

  it('refuses private and metadata addresses with a clear error', async () => {
    const refused = [
      'http://127.0.0.1:22/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'http://localhost/',
    ];
    const res = await post('/send-urls', { results: refused.map((link) => ({ link })) });
    for (const result of res.json().resultArray) {
      expect(result.total).toBeNull();
      expect(result.error).toMatch(/private or local address/);
    }
  });
});

describe('search and rank check on the sandbox index', () => {
  it('answers ten results a page with distinct domains and says where they come from', async () => {
    const res = await post(
      '/serp-search',
      {
        searchTerm: 'dog food',
        device: 2,
        pageNum: 1,
        google_domain: 'google.com',
        gl: 'us',
        hl: 'en',
      },
      '10.0.0.1',
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.source).toBe('sandbox');
    expect(body.organic_results.length).toBeGreaterThanOrEqual(10);
    expect(
      new Set(body.organic_results.map((r: { domain: string }) => r.domain)).size,
    ).toBeGreaterThan(1);
    expect(body.organic_results.map((r: { position: number }) => r.position)).toEqual(
      body.organic_results.map((_: unknown, i: number) => i + 1),
    );
  });

  it('puts a featured answer first and shifts the rest', async () => {
    const res = await post(
      '/serp-search',
      { searchTerm: 'cities in florida', device: 2 },
      '10.0.0.2',
    );
    const body = res.json();
    expect(body.answer_box.answers[0].source.link).toBe(body.organic_results[0].link);
    expect(body.organic_results[1].position).toBe(2);
  });

  it('finds a sandbox site at the position the index gives, and says N/A for an absent one', async () => {
    const search = async (pageNum: number) =>
      (
        await post('/serp-search', { searchTerm: 'stock tickers', device: 2, pageNum }, '10.0.0.3')
      ).json();
    const first = await search(1);
    const target = first.organic_results.find((r: { position: number }) => r.position > 3);
    const firstIndex = first.organic_results.findIndex(
      (r: { domain: string }) => r.domain === target.domain,
    );
    const res = await post(
      '/rank-check',
      { searchTerm: 'stock tickers', device: 2, url: `https://www.${target.domain}/some/page` },
      '10.0.0.4',
    );
    expect(res.json()).toMatchObject({
      position: first.organic_results[firstIndex].position,
      domain: target.domain,
      pagesSearched: 1,
    });

    const absent = await post(
      '/rank-check',
      { searchTerm: 'stock tickers', device: 2, url: 'https://nowhere.example.org' },
      '10.0.0.5',
    );
    expect(absent.json()).toMatchObject({ position: 'N/A', domain: '', result: null });
  });

  it('goes on after the pages the screen already holds, ranks following theirs', async () => {
    const body = { searchTerm: 'stock tickers', device: 2 as const };
    const page1 = (await post('/serp-search', body, '10.0.0.6')).json();
    const top100 = (
      await post('/rank-check', { ...body, url: 'https://nowhere.example.org' }, '10.0.0.6')
    ).json().organic_results;
    const onPage1 = new Set(page1.organic_results.map((r: { domain: string }) => r.domain));
    const index = top100.findIndex((r: { domain: string }) => !onPage1.has(r.domain));
    // As the screen numbers them after a featured answer: one rank down.
    const held = page1.organic_results.map((r: { position: number }) => ({
      ...r,
      position: r.position + 1,
    }));
    const res = await post(
      '/rank-check',
      { ...body, url: top100[index].link, known: { pages: 1, results: held } },
      '10.0.0.6',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      position: index + 2,
      domain: top100[index].domain,
      pagesSearched: Math.floor(index / 10) + 1,
    });
  });

  it('says which topics the sandbox covers when it has no page about the search', async () => {
    const search = (
      await post('/serp-search', { searchTerm: 'quantum computing', device: 2 }, '10.0.0.7')
    ).json();
    expect(search.organic_results).toEqual([]);
    // Nothing found, nothing spent: the month's count is as before, as for a failed search.
    expect(await t.app.services.quotas.used('ip:10.0.0.7', 'serp')).toBe(0);
    expect(search.coverage_notice.topics).toContainEqual({
      label: 'Ice cream',
      searchTerm: 'ice cream',
    });
    const rank = (
      await post(
        '/rank-check',
        { searchTerm: 'quantum computing', device: 2, url: 'https://nowhere.example.org' },
        '10.0.0.7',
      )
    ).json();
    expect(rank).toMatchObject({ position: 'N/A', pagesSearched: 1 });
    expect(rank.coverage_notice).toEqual(search.coverage_notice);
    const covered = (await post('/serp-search', { searchTerm: 'ice cream' }, '10.0.0.7')).json();
    expect(covered.coverage_notice).toBeUndefined();
  });

  it('marks a host’s second result on a page, right under its first', async () => {
    const { organic_results: results } = (
      await post('/serp-search', { searchTerm: 'stock tickers', device: 2 }, '10.0.0.8')
    ).json() as { organic_results: { domain: string; grouped_with_previous?: boolean }[] };
    const grouped = results.filter((r) => r.grouped_with_previous);
    expect(grouped.length).toBeGreaterThan(0);
    for (const r of grouped) expect(results[results.indexOf(r) - 1]!.domain).toBe(r.domain);
  });

  it('meters searches per visitor and keeps more pages for paid plans', async () => {
    for (let i = 0; i < 10; i++) {
      expect(
        (await post('/serp-search', { searchTerm: 'ice cream flavors' }, '10.0.0.9')).statusCode,
      ).toBe(200);
    }
    const limited = await post('/serp-search', { searchTerm: 'ice cream flavors' }, '10.0.0.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      message: 'You have hit your monthly search limit. Upgrade here.',
      code: 'monthly_limit',
    });
    const more = await post(
      '/serp-search',
      { searchTerm: 'ice cream flavors', pageNum: 2 },
      '10.0.0.10',
    );
    expect(more.statusCode).toBe(403);
    expect(more.json()).toEqual({
      message: 'Please upgrade to view more results',
      code: 'upgrade_required',
    });
  });
});

describe('freshness of search results', () => {
  it('says when the provider gave the results, and that a repeat within the cache time is kept from then', async () => {
    const clock = new TestClock();
    const timed = await buildTestApp({ clock });
    const search = (ip: string) =>
      timed.app.inject({
        method: 'POST',
        url: `${API}/serp-search`,
        payload: { searchTerm: 'dog food', device: 2 },
        remoteAddress: ip,
      });
    const rankCheck = (url: string) =>
      timed.app.inject({
        method: 'POST',
        url: `${API}/rank-check`,
        payload: { searchTerm: 'dog food', device: 2, url },
        remoteAddress: '10.5.0.3',
      });
    try {
      const searchedAt = clock.now().toISOString();
      const fresh = (await search('10.5.0.1')).json();
      expect(fresh).toMatchObject({ fetchedAt: searchedAt, cached: false });

      clock.advanceMinutes(3);
      const repeat = (await search('10.5.0.2')).json();
      expect(repeat).toMatchObject({ fetchedAt: searchedAt, cached: true });
      expect(repeat.organic_results).toEqual(fresh.organic_results);
      // A share of the kept page is dated when the page was found, not when it was shared.
      const shared = await timed.app.inject({
        method: 'GET',
        url: `${API}/serp-search/shared/${repeat.shareId}`,
      });
      expect(shared.json().searchedAt).toBe(searchedAt);

      // The rank check reads the kept first page and finds the next ones now: as old as its
      // oldest page, and kept in part.
      clock.advanceMinutes(1);
      const rank = (await rankCheck('https://nowhere.example')).json();
      expect(rank).toMatchObject({ position: 'N/A', fetchedAt: searchedAt, cached: true });

      clock.advanceMinutes(24 * 60);
      const later = (await search('10.5.0.4')).json();
      expect(later).toMatchObject({ fetchedAt: clock.now().toISOString(), cached: false });
    } finally {
      await timed.close();
    }
  });
});

describe('page facts of a search (/send-urls)', () => {
  const used = (ip: string) => t.app.services.quotas.used(`ip:${ip}`, 'serp');
  const search = async (ip: string) =>
    (await post('/serp-search', { searchTerm: 'dog food', device: 2 }, ip)).json() as {
      speedTestId: string;
      organic_results: { link: string }[];
    };
  // Three different pages: a featured answer repeats the link of the result under it.
  const linksOf = (page: { organic_results: { link: string }[] }) =>
    [...new Set(page.organic_results.map(({ link }) => link))]
      .slice(0, 3)
      .map((link) => ({ link }));

  it("reads a search's results once on that search, and again only as a search of its own", async () => {
    const page = await search('10.3.0.1');
    const body = { searchId: page.speedTestId, results: linksOf(page) };
    const first = await post('/send-urls', body, '10.3.0.1');
    expect(first.statusCode).toBe(200);
    expect(first.json().resultArray.map((r: { status: number }) => r.status)).toEqual([
      200, 200, 200,
    ]);
    expect(await used('10.3.0.1')).toBe(1);
    expect((await post('/send-urls', body, '10.3.0.1')).statusCode).toBe(200);
    expect(await used('10.3.0.1')).toBe(2);
  });

  it('counts a call without a matching search, and refuses it once the month is used up', async () => {
    const page = await search('10.3.0.2');
    const results = linksOf(page);
    // Another visitor's search, a link the search did not find, and no search at all.
    await post('/send-urls', { searchId: page.speedTestId, results }, '10.3.0.3');
    await post(
      '/send-urls',
      { searchId: page.speedTestId, results: [{ link: 'http://127.0.0.1:22/' }] },
      '10.3.0.2',
    );
    await post('/send-urls', { results }, '10.3.0.3');
    expect(await used('10.3.0.2')).toBe(2);
    expect(await used('10.3.0.3')).toBe(2);

    await t.app.services.quotas.consume('ip:10.3.0.3', 'serp', 10, 8);
    const refused = await post('/send-urls', { results }, '10.3.0.3');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: QUOTA_MESSAGES.monthlySearchLimit,
      code: SERP_ERROR_CODES.monthlyLimit,
    });
  });

  it(`reads at most ${PAGE_FACTS_MAX_URLS} links a call and ${PAGE_FETCH_MAX_BYTES} bytes a page`, async () => {
    const page = await search('10.3.0.4');
    const tooMany = Array.from({ length: PAGE_FACTS_MAX_URLS + 1 }, () => linksOf(page)[0]);
    const refused = await post(
      '/send-urls',
      { searchId: page.speedTestId, results: tooMany },
      '10.3.0.4',
    );
    expect(refused.statusCode).toBe(400);

    // A page larger than the cap, served where the sandbox's hosts resolve.
    const big = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<p>${'word '.repeat(PAGE_FETCH_MAX_BYTES / 2)}</p>`);
    });
    await new Promise<void>((resolve) => big.listen(0, '127.0.0.1', resolve));
    const port = (big.address() as AddressInfo).port;
    try {
      const fetched = await safeFetch(`http://scoops.sandbox.localhost:${port}/`, {
        ...t.app.services.pageFetch,
        sandbox: { enabled: true, appPort: port },
      });
      expect(fetched.truncated).toBe(true);
      expect(Buffer.byteLength(fetched.body)).toBe(PAGE_FETCH_MAX_BYTES);
    } finally {
      big.close();
    }
  });

  it('limits visitors not signed in per address, and not the signed-in', async () => {
    const limited = await buildTestApp({ env: { PAGE_FACTS_PER_IP: '2' } });
    try {
      const call = (headers: Record<string, string> = {}) =>
        limited.app.inject({
          method: 'POST',
          url: `${API}/send-urls`,
          payload: { results: [{ link: 'http://127.0.0.1:22/' }] },
          remoteAddress: '10.3.0.5',
          headers,
        });
      expect((await call()).statusCode).toBe(200);
      expect((await call()).statusCode).toBe(200);
      const refused = await call();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(refused.json().message).toMatch(/^Too many attempts/);
      const { headers } = await signUp(limited.app);
      expect((await call(headers)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('shared search results (/serp-search/shared/:shareId)', () => {
  const used = (ip: string) => t.app.services.quotas.used(`ip:${ip}`, 'serp');
  const open = (app: TestApp['app'], shareId: string, ip: string) =>
    app.inject({ method: 'GET', url: `${API}/serp-search/shared/${shareId}`, remoteAddress: ip });

  it("opens a search's first page for anyone without counting a search", async () => {
    const searched = await post('/serp-search', { searchTerm: 'dog food', device: 1 }, '10.4.0.1');
    const page = searched.json();
    expect(page.shareId).toMatch(/^[0-9a-f-]{36}$/);

    const shared = await open(t.app, page.shareId, '10.4.0.2');
    expect(shared.statusCode).toBe(200);
    const body = shared.json();
    expect(body.page.organic_results).toEqual(page.organic_results);
    expect(body.search).toMatchObject({ searchTerm: 'dog food', device: 1 });
    expect(Date.parse(body.searchedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(body.speedTestId).not.toBe(page.speedTestId);
    expect(await used('10.4.0.1')).toBe(1);
    expect(await used('10.4.0.2')).toBe(0);

    // The opener's own allowance pays for reading the result pages, as a search's would.
    const links = [...new Set(body.page.organic_results.map((r: { link: string }) => r.link))];
    const facts = await post(
      '/send-urls',
      { searchId: body.speedTestId, results: links.slice(0, 3).map((link) => ({ link })) },
      '10.4.0.2',
    );
    expect(facts.statusCode).toBe(200);
    expect(await used('10.4.0.2')).toBe(0);
  });

  it('keeps a signed-in search’s share in its workspace, which takes it along when deleted', async () => {
    const ana = await signUp(t.app, 4);
    const team = await t.app.services.workspaces.create(ana.user, 'Shares');
    const searched = await t.app.inject({
      method: 'POST',
      url: `${API}/serp-search`,
      headers: { ...ana.headers, 'x-workspace-id': team.id },
      payload: { searchTerm: 'cat food', device: 1 },
    });
    const { shareId } = searched.json();
    const visitors = (await post('/serp-search', { searchTerm: 'cat food', device: 1 })).json();
    const owners = await t.db.kysely
      .selectFrom('serp_shares')
      .select(['key', 'workspace_id'])
      .where('key', 'in', [shareId, visitors.shareId])
      .execute();
    expect(new Map(owners.map((row) => [row.key, row.workspace_id]))).toEqual(
      new Map([
        [shareId, team.id],
        [visitors.shareId, null],
      ]),
    );
    await t.db.kysely.deleteFrom('workspaces').where('id', '=', team.id).execute();
    expect((await open(t.app, shareId, '10.4.0.5')).statusCode).toBe(404);
    expect((await open(t.app, visitors.shareId, '10.4.0.5')).statusCode).toBe(200);
  });

  it('says an unknown id is not available, and refuses one that is not an id', async () => {
    const unknown = await open(t.app, crypto.randomUUID(), '10.4.0.3');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(SERP_MESSAGES.shareNotFound);
    expect((await open(t.app, 'not-an-id', '10.4.0.3')).statusCode).toBe(400);
    expect(await used('10.4.0.3')).toBe(0);
  });

  it(`keeps a share ${SERP_SHARE_DAYS} days`, async () => {
    const clock = new TestClock();
    const timed = await buildTestApp({ clock });
    try {
      const searched = await timed.app.inject({
        method: 'POST',
        url: `${API}/serp-search`,
        payload: { searchTerm: 'dog food' },
        remoteAddress: '10.4.0.4',
      });
      const { shareId } = searched.json();
      clock.advanceMinutes(SERP_SHARE_DAYS * 24 * 60 - 1);
      expect((await open(timed.app, shareId, '10.4.0.5')).statusCode).toBe(200);
      clock.advanceMinutes(2);
      expect((await open(timed.app, shareId, '10.4.0.5')).statusCode).toBe(404);
    } finally {
      await timed.close();
    }
  });

  it('limits how often one address opens shared results', async () => {
    const limited = await buildTestApp({ env: { PAGE_FACTS_PER_IP: '1' } });
    try {
      const call = () =>
        limited.app.inject({
          method: 'GET',
          url: `${API}/serp-search/shared/${crypto.randomUUID()}`,
          remoteAddress: '10.4.0.6',
        });
      expect((await call()).statusCode).toBe(404);
      expect((await call()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
