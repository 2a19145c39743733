/**
 * Rank tracking's queries at size: one user with 1,000 tracked keywords, each with 400 days
 * of daily checks (400,000 rows) in SQLite. Prints the scheduler's due-keyword query, one
 * keyword's history over 30 and 365 days (over HTTP on loopback), and the list of all
 * 1,000 keywords with their figures (latest, changes, best, 30-day sparkline), visibility
 * over 30 and 365 days (each check's top ten weighed by the click-through curve) and the
 * competitors found, each as p50 and p99. The rows are written straight to SQLite: no search
 * runs. Asserts nothing.
 *   npx tsx bench/rank-tracking-bench.ts [--requests 200]
 */
import crypto from 'node:crypto';
import type { Insertable } from 'kysely';
import type { RankChecksTable } from '../server/src/db/schema';
import { nextSlot } from '../server/src/shared/schedule';
import { signUp } from '../server/test/users';
import { startBenchApp } from './support/bench-app';

const requests = Number(process.argv[process.argv.indexOf('--requests') + 1]) || 200;
const KEYWORDS = 1000;
const DAYS = 400;
const DAY_MS = 86_400_000;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(2)} ms, p99 ${percentile(sorted, 99).toFixed(2)} ms`;
};
async function timed(n: number, work: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = process.hrtime.bigint();
    await work();
    times.push(ms(start));
  }
  return times;
}

const bench = await startBenchApp({
  TRACKING_CONCURRENCY: '0',
  RANK_CONCURRENCY: '0',
  SANDBOX: 'off',
});
const { app, db } = bench;
try {
  const owner = await signUp(app, 4);
  const now = new Date();
  const ids: string[] = [];
  const fill = process.hrtime.bigint();
  for (let k = 0; k < KEYWORDS; k++) {
    const id = crypto.randomUUID();
    ids.push(id);
    await db.kysely
      .insertInto('rank_keywords')
      .values({
        id,
        workspace_id: owner.userId,
        keyword: `ice cream flavor ${k}`,
        domain: 'scoops.example',
        device: k % 2 ? 'mobile' : 'desktop',
        country: 'us',
        language: '',
        location: '',
        depth: 100,
        competitors: JSON.stringify(['rival.example', 'other.example']),
        tags: '[]',
        alerts: JSON.stringify({ move: 3, top3: false, top10: true }),
        best_position: 1,
        best_at: now.toISOString(),
        // Each keyword's own slot of the day, as the scheduler leaves them.
        next_check_at: nextSlot(now, id, 'daily').toISOString(),
        lease_owner: null,
        lease_until: null,
        created_at: new Date(now.getTime() - DAYS * DAY_MS).toISOString(),
      })
      .execute();
    let position = 1 + (k % 60);
    const rows: Insertable<RankChecksTable>[] = [];
    for (let d = DAYS - 1; d >= 0; d--) {
      position = Math.max(1, Math.min(100, position + Math.round(Math.random() * 6 - 3)));
      const state = d % 97 === 0 ? 'failed' : position > 90 ? 'not_in_top' : 'ranked';
      rows.push({
        id: crypto.randomUUID(),
        keyword_id: id,
        checked_at: new Date(now.getTime() - d * DAY_MS - (k % 1440) * 60_000).toISOString(),
        state,
        position: state === 'ranked' ? position : null,
        url: state === 'ranked' ? `https://scoops.example/flavors/${k}` : null,
        provider: 'serpapi',
        depth_reached: state === 'failed' ? 0 : 100,
        error: state === 'failed' ? 'serpapi: timed out' : null,
        competitors: JSON.stringify({ 'rival.example': 4, 'other.example': null }),
        // What a check keeps of its first page: ten results and a few features.
        features:
          state === 'failed'
            ? null
            : JSON.stringify([
                { kind: 'people_also_ask', owners: ['rival.example', 'scoops.example'] },
                { kind: 'videos', owners: ['video.example'] },
              ]),
        top_results:
          state === 'failed'
            ? null
            : JSON.stringify(
                Array.from({ length: 10 }, (_, i) => ({
                  position: i + 1,
                  domain:
                    i + 1 === position
                      ? 'scoops.example'
                      : i === 3
                        ? 'rival.example'
                        : `site${(k + i * 7) % 40}.example`,
                  url: `https://site${i}.example/${k}`,
                })),
              ),
      });
    }
    await db.kysely.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += 200) {
        await trx
          .insertInto('rank_checks')
          .values(rows.slice(i, i + 200))
          .execute();
      }
    });
  }
  console.log(
    `stored ${KEYWORDS} keywords × ${DAYS} daily checks (${KEYWORDS * DAYS} rows) in ${(ms(fill) / 1000).toFixed(1)} s`,
  );

  const { rank } = app.services;
  const due = await timed(requests, () => rank.findDue(8));
  console.log(`due keywords (scheduler's query, 8 of the due):   ${summary(due)}`);

  const base = `http://127.0.0.1:${bench.port}/backend-service/v1/rank-tracking/keywords`;
  const get = async (url: string) => {
    const res = await fetch(url, { headers: owner.headers });
    if (!res.ok) throw new Error(`${url}: HTTP ${res.status} ${await res.text()}`);
    return res.json();
  };
  for (const days of [30, 365]) {
    let rowsRead = 0;
    const times = await timed(requests, async () => {
      const id = ids[Math.floor(Math.random() * ids.length)]!;
      rowsRead = ((await get(`${base}/${id}/history?days=${days}`)) as unknown[]).length;
    });
    console.log(`history of one keyword, ${days} days (${rowsRead} checks): ${summary(times)}`);
  }
  const listTimes = await timed(Math.max(10, Math.round(requests / 10)), () => get(base));
  const list = (await get(base)) as { keywords: unknown[] };
  console.log(
    `list of ${list.keywords.length} keywords with their figures:     ${summary(listTimes)}`,
  );
  const rankApi = `http://127.0.0.1:${bench.port}/backend-service/v1/rank-tracking`;
  for (const days of [30, 365]) {
    const times = await timed(Math.max(5, Math.round(requests / 20)), () =>
      get(`${rankApi}/visibility?days=${days}`),
    );
    // The bound: reading the window's top tens from SQLite and parsing them, nothing else.
    const since = new Date(now.getTime() - days * DAY_MS).toISOString();
    const bound = await timed(5, async () => {
      for (let i = 0; i < ids.length; i += 500) {
        const rows = await db.kysely
          .selectFrom('rank_checks')
          .select(['keyword_id', 'checked_at', 'top_results'])
          .where('keyword_id', 'in', ids.slice(i, i + 500))
          .where('checked_at', '>=', since)
          .where('top_results', 'is not', null)
          .execute();
        for (const row of rows) JSON.parse(row.top_results!);
      }
    });
    const p50 = (list: number[]) =>
      percentile(
        [...list].sort((a, b) => a - b),
        50,
      );
    console.log(
      `visibility of ${KEYWORDS} keywords, ${days} days (${KEYWORDS * days} checks' top tens): ${summary(times)}; ` +
        `bound (read and parse them) p50 ${p50(bound).toFixed(0)} ms, ratio ${(p50(times) / p50(bound)).toFixed(2)}×`,
    );
  }
  const found = await timed(Math.max(5, Math.round(requests / 20)), () =>
    get(`${rankApi}/competitors-found`),
  );
  console.log(`competitors found in ${KEYWORDS} keywords' latest top tens: ${summary(found)}`);
  const report = await timed(Math.max(5, Math.round(requests / 20)), () =>
    get(`http://127.0.0.1:${bench.port}/backend-service/v1/reports/weekly`),
  );
  console.log(`weekly report of ${KEYWORDS} keywords:          ${summary(report)}`);
} finally {
  await bench.close();
}
