import { expect } from 'vitest';
import { buildManifest, sandboxDay } from '@sandbox';
import { SandboxIndexProvider } from '../src/providers/serp/sandbox-index';
import type { ServiceOverrides } from '../src/services';
import { buildTestApp, type TestApp } from './build-test-app';
import { TestClock } from './clock';
import { signUp } from './users';

const manifest = buildManifest({ port: 8080 });
export const sandboxHost = (site: string) => `${site}.sandbox.localhost`;

/** The sandbox index as it answers on sandbox day `day`. */
export const sandboxIndexOn = (day: number) =>
  new SandboxIndexProvider(
    () => manifest,
    () => day,
  );

/** The pickleball cluster's keywords, whose rankings move with its publishing schedule. */
export const PICKLEBALL = {
  keywords: ['pickleball paddles', 'pickleball rules', 'pickleball courts'],
  domain: sandboxHost('dink-daily'),
  competitor: sandboxHost('paddle-lab'),
  /** A week of the season in which dink-daily's update lifts it to first on all three. */
  first: '2025-12-01',
  days: 7,
} as const;

/**
 * An app over the sandbox index with its day on a test clock, a Guru user tracking the
 * pickleball keywords (the second tagged 'rules') and a check of each every day of the
 * week at 06:00 UTC; the clock is left at the last check.
 */
export async function checkedPickleballWeek(
  postgres: boolean,
  overrides: Omit<ServiceOverrides, 'serpChain'> = {},
) {
  const clock = new TestClock(new Date(`${PICKLEBALL.first}T06:00:00Z`));
  const index = new SandboxIndexProvider(
    () => manifest,
    () => sandboxDay(clock.now()),
  );
  const t: TestApp = await buildTestApp({
    postgres,
    env: { RANK_CONCURRENCY: '0', RANK_PROVIDER_GAP_MS: '0' },
    overrides: { ...overrides, serpChain: [index] },
    clock,
  });
  const user = await signUp(t.app, 3);
  const added = await t.app.inject({
    method: 'POST',
    url: '/backend-service/v1/rank-tracking/keywords/bulk',
    headers: user.headers,
    payload: {
      keywords: PICKLEBALL.keywords.map((keyword) => ({
        keyword,
        domain: PICKLEBALL.domain,
        device: 'desktop',
        country: 'us',
        competitors: [PICKLEBALL.competitor],
        tags: keyword === 'pickleball rules' ? ['rules'] : [],
      })),
    },
  });
  expect(added.statusCode).toBe(201);
  const ids = (added.json().keywords as { id: string }[]).map((k) => k.id);
  for (let day = 0; day < PICKLEBALL.days; day++) {
    if (day > 0) clock.advanceMinutes(24 * 60);
    for (const id of ids) await t.app.services.rank.checkNow(user.workspace.id, id);
  }
  return { t, user, index, clock, ids };
}
