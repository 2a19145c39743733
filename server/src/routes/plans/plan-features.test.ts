import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_FEATURES, PLANS, type Plan, type PlanFeature } from '@core/plans';
import type { TestApp } from '../../../test/build-test-app';
import { buildProfileLabApp } from '../../../test/profile-lab';
import { signUp } from '../../../test/users';

const API = '/backend-service/v1';

/**
 * The plan matrix against what the server does for a user on each plan: what the pricing
 * page ticks, the server allows, and what it locks, the server refuses; every monthly
 * allowance it states is what a new user on that plan has left.
 */
let t: TestApp;
beforeAll(async () => {
  ({ t } = await buildProfileLabApp(false));
}, 60_000);
afterAll(async () => t?.close());

type Headers = Record<string, string>;
const get = (url: string, headers: Headers) =>
  t.app.inject({ method: 'GET', url: `${API}${url}`, headers });
const post = (url: string, headers: Headers, payload: object) =>
  t.app.inject({ method: 'POST', url: `${API}${url}`, headers, payload });

/**
 * Whether the server lets a user on the plan use the feature; 'every plan' where no gate
 * exists (every search shows them), 'browser' where the browser test checks the lock.
 */
const SERVER_ALLOWS: Record<
  PlanFeature,
  ((headers: Headers) => Promise<boolean>) | 'every plan' | 'browser'
> = {
  schemaTypes: 'every plan',
  wordCount: 'every plan',
  contentData: 'every plan',
  coreWebVitals: 'every plan',
  mobileAndDesktop: 'every plan',
  internationalSettings: 'every plan',
  moreSerpResults: async (headers) => {
    const res = await post('/serp-search', headers, { searchTerm: 'dog food', pageNum: 2 });
    expect([200, 403]).toContain(res.statusCode);
    return res.statusCode === 200;
  },
  // The export is written in the browser from the results it holds.
  serpCsvExport: 'browser',
  hourlyTracking: async (headers) => {
    const res = await post('/tracking/pages', headers, {
      url: 'http://scoops.sandbox.localhost:8080/',
      schedule: 'hourly',
    });
    expect([201, 403]).toContain(res.statusCode);
    return res.statusCode === 201;
  },
};

describe.each(PLANS.map((plan) => [plan.title, plan] as [string, Plan]))(
  'the %s plan',
  (_, plan) => {
    it('has on the server exactly the features the plan matrix gives it', async () => {
      const { headers } = await signUp(t.app, plan.planId);
      for (const { id } of PLAN_FEATURES) {
        const probe = SERVER_ALLOWS[id];
        if (probe === 'every plan') expect(plan.features[id], id).toBe(true);
        else if (probe !== 'browser') expect(await probe(headers), id).toBe(plan.features[id]);
      }
    });

    it('leaves a new user the monthly allowances the plan states', async () => {
      const { headers } = await signUp(t.app, plan.planId);
      expect((await get('/usage/serp-analysis-tool', headers)).json().numOfSerpLeft).toBe(
        plan.searchLimit,
      );
      expect(
        (await get('/usage/website-speed-tool', headers)).json().numOfwebsiteSearchesLeft,
      ).toBe(plan.speedTestLimit);
      expect((await get('/usage/keyword-tool', headers)).json().kwtSearchesLeft).toBe(
        plan.keywordSearchLimit,
      );
    });
  },
);
