import fs from 'node:fs';
import { sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { FlowRun } from '@core/flows/flow-api';
import {
  flowStepResultsOf,
  plannedStepsOf,
  type FlowRunResult,
  type FlowStepReport,
} from '@core/flows/flow-result';
import { FLOW_ERROR_CODES, FLOW_MESSAGES } from '@core/messages';
import { QUOTA_MESSAGES } from '@core/schemas/quota';
import { describeOnDatabases } from '../../../test/backends';
import { buildTestApp, SCRIPTED_LAB_ENV, type TestApp } from '../../../test/build-test-app';
import { SandboxLab } from '../../../test/sandbox-lab';
import { signUp } from '../../../test/users';
import { LabRunError, type FlowLab, type FlowRunRequest } from '../../providers/lab-speed/port';

const API = '/backend-service/v1';
const PASSWORD = 'correct horse battery staple';

const SIGN_IN = {
  name: 'Sign in and buy',
  steps: [
    { kind: 'navigate', url: 'https://shop.example/sign-in', name: 'Sign-in page' },
    { kind: 'type', selector: '#email', text: 'robin@example.com' },
    { kind: 'type', selector: '#password', secret: 'SHOP_PASSWORD' },
    { kind: 'click', selector: 'aria/Sign in', navigates: true, name: 'Account' },
    { kind: 'startTimespan', name: 'Add to cart' },
    { kind: 'click', selector: 'button.add-to-cart' },
    { kind: 'endTimespan' },
    { kind: 'snapshot', name: 'Cart' },
  ],
};

/**
 * A flow lab that answers from the flow it is given: each planned step measured with a
 * report of its kind, or the failure (or refusal) a test scripts. It keeps each request.
 */
class ScriptedFlowLab implements FlowLab {
  readonly requests: FlowRunRequest[] = [];
  ready = true;
  /** What the next run does: measure, fail at a step, or be refused as a whole. */
  next: { failAt?: number; refuse?: LabRunError } = {};

  readiness() {
    return this.ready ? { ready: true, message: null } : { ready: false, message: 'No browser.' };
  }

  async runFlow(request: FlowRunRequest): Promise<FlowRunResult> {
    this.requests.push(request);
    const { failAt, refuse } = this.next;
    if (refuse) throw refuse;
    const planned = plannedStepsOf(request.flow.steps);
    const report = (kind: string): FlowStepReport => ({
      gatherMode: kind,
      finalDisplayedUrl: 'https://shop.example/account',
      categories: { performance: { score: 0.9, auditRefs: [] } },
      audits: { 'total-blocking-time': { numericValue: 420, score: 0.4, displayValue: '420 ms' } },
    });
    const failure =
      failAt === undefined
        ? null
        : {
            step: failAt,
            kind: request.flow.steps[failAt]!.kind,
            selector: null,
            // As a real page might echo it: the lab redacts, the server must not rely on it.
            message: 'Timed out waiting for button.add-to-cart',
            screenshot: null,
          };
    const measured = planned.filter((step) => failAt === undefined || step.last < failAt);
    return {
      steps: flowStepResultsOf(
        planned,
        measured.map((step) => report(step.kind)),
        failure,
      ),
      failure,
      measuredAt: new Date().toISOString(),
    };
  }

  async close() {}
}

describeOnDatabases('user flows', ({ postgres }) => {
  let t: TestApp;
  let lab: ScriptedFlowLab;
  let user: Awaited<ReturnType<typeof signUp>>;
  const logs: string[] = [];
  beforeEach(async () => {
    lab = new ScriptedFlowLab();
    logs.length = 0;
    t = await buildTestApp({
      postgres,
      env: { ...SCRIPTED_LAB_ENV, LOG_LEVEL: 'info' },
      overrides: { lab: new SandboxLab(0), flowLab: lab },
      logStream: { write: (line) => void logs.push(line) },
    });
    user = await signUp(t.app, 2);
  });
  afterEach(async () => t?.close());

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
    url: string,
    payload?: object,
    headers = user.headers,
  ) => t.app.inject({ method, url: `${API}${url}`, headers, ...(payload && { payload }) });
  const create = async (body: object = SIGN_IN) => {
    const res = await call('POST', '/flows', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  };
  const used = () => t.app.services.quotas.used(user.workspace.id, 'speed');

  /** Reads the run until it ended, as the run view polls. */
  async function ended(runId: string): Promise<FlowRun> {
    for (;;) {
      const res = await call('GET', `/flows/runs/${runId}`);
      expect(res.statusCode).toBe(200);
      const run = res.json<FlowRun>();
      if (run.finishedAt) return run;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it('keeps a flow, lists it with its measured steps, changes and deletes it', async () => {
    const id = await create();
    const list = await call('GET', '/flows');
    expect(list.json()).toEqual({
      flows: [
        expect.objectContaining({
          id,
          name: SIGN_IN.name,
          device: 'mobile',
          stepCount: 8,
          measuredSteps: 4,
          lastRun: null,
        }),
      ],
      limit: 5,
    });
    const changed = await call('PATCH', `/flows/${id}`, { device: 'desktop', name: 'Buy' });
    expect(changed.json()).toMatchObject({
      id,
      device: 'desktop',
      name: 'Buy',
      steps: SIGN_IN.steps,
    });
    expect((await call('PATCH', `/flows/${id}`, {})).json().message).toContain(
      FLOW_MESSAGES.nothingToChange,
    );
    expect((await call('DELETE', `/flows/${id}`)).json()).toEqual({ deleted: true });
    expect((await call('GET', `/flows/${id}`)).statusCode).toBe(404);
  });

  it('refuses steps out of order with the step named, and more flows than the plan keeps', async () => {
    const bad = await call('POST', '/flows', {
      name: 'x',
      steps: [{ kind: 'navigate', url: 'https://a.example/' }, { kind: 'endTimespan' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(FLOW_MESSAGES.timespanNotOpen);
    const free = await signUp(t.app, 1);
    expect((await call('POST', '/flows', SIGN_IN, free.headers)).statusCode).toBe(201);
    const over = await call('POST', '/flows', SIGN_IN, free.headers);
    expect(over.statusCode).toBe(403);
    expect(over.json()).toEqual({
      message: FLOW_MESSAGES.overLimit(1),
      code: FLOW_ERROR_CODES.overLimit,
    });
    expect(await t.db.kysely.selectFrom('flows').select('id').execute()).toHaveLength(1);
  });

  it('keeps another workspace’s flows and runs out of sight', async () => {
    const id = await create();
    const other = await signUp(t.app, 2);
    expect((await call('GET', `/flows/${id}`, undefined, other.headers)).statusCode).toBe(404);
    expect((await call('POST', `/flows/${id}/runs`, undefined, other.headers)).statusCode).toBe(
      404,
    );
    expect((await call('GET', '/flows', undefined, other.headers)).json().flows).toEqual([]);
  });

  it('runs a flow with its secret typed by name: the value reaches the lab alone, never an answer, the database or a log line', async () => {
    const id = await create();
    const missing = await call('POST', `/flows/${id}/runs`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      message: FLOW_MESSAGES.missingSecrets(['SHOP_PASSWORD']),
      code: FLOW_ERROR_CODES.missingSecrets,
    });
    expect(await used()).toBe(0);

    const put = await call('PUT', '/secrets/SHOP_PASSWORD', { value: PASSWORD });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({
      name: 'SHOP_PASSWORD',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const started = await call('POST', `/flows/${id}/runs`);
    expect(started.statusCode).toBe(202);
    expect(started.json()).toEqual({ runId: expect.any(String), charged: 4 });
    expect(await used()).toBe(4);
    const run = await ended(started.json().runId);
    expect(run.status).toBe('done');
    expect(run.result?.steps.map((s) => [s.name, s.kind, s.status])).toEqual([
      ['Sign-in page', 'navigation', 'done'],
      ['Account', 'navigation', 'done'],
      ['Add to cart', 'timespan', 'done'],
      ['Cart', 'snapshot', 'done'],
    ]);
    expect(run.result?.steps[2]?.metrics.tbt?.numericValue).toBe(420);
    expect(lab.requests[0]?.secrets).toEqual({ SHOP_PASSWORD: PASSWORD });
    const history = await call('GET', `/flows/${id}/runs`);
    expect(history.json().runs).toEqual([expect.objectContaining({ id: run.id, status: 'done' })]);
    expect(history.json().runs[0].steps[2]).toEqual({
      name: 'Add to cart',
      kind: 'timespan',
      status: 'done',
      values: { tbt: 420 },
      // One run: too few to judge.
      regression: null,
    });

    // Every answer, every stored row, every log line: the value appears in none.
    const answers = [
      put.body,
      started.body,
      JSON.stringify(run),
      (await call('GET', '/secrets')).body,
      history.body,
    ];
    const tables = ['flows', 'flow_runs', 'workspace_secrets', 'workspace_audit'];
    const rows = await Promise.all(
      tables.map((table) => sql`select * from ${sql.table(table)}`.execute(t.db.kysely)),
    );
    const stored = JSON.stringify(rows.map((r) => r.rows));
    expect(stored).toContain('SHOP_PASSWORD');
    expect(logs.length).toBeGreaterThan(0);
    for (const text of [...answers, stored, logs.join('\n')]) expect(text).not.toContain(PASSWORD);
  });

  it('fails at the step that failed, and gives back the speed tests of the steps that never ran', async () => {
    await call('PUT', '/secrets/SHOP_PASSWORD', { value: PASSWORD });
    const id = await create();
    lab.next = { failAt: 5 };
    const started = await call('POST', `/flows/${id}/runs`);
    const run = await ended(started.json().runId);
    expect(run.status).toBe('failed');
    expect(run.result?.failure).toMatchObject({ step: 5, kind: 'click' });
    expect(run.result?.steps.map((s) => s.status)).toEqual(['done', 'done', 'failed', 'not_run']);
    // Four charged, the snapshot never ran.
    expect(await used()).toBe(3);
  });

  it('records a run the lab refused (a private address) as an error, refunded whole', async () => {
    await call('PUT', '/secrets/SHOP_PASSWORD', { value: PASSWORD });
    const id = await create();
    lab.next = {
      refuse: new LabRunError('blocked_address', 'Step 1 was refused: private address.'),
    };
    const run = await ended((await call('POST', `/flows/${id}/runs`)).json().runId);
    expect(run).toMatchObject({
      status: 'error',
      result: null,
      error: 'Step 1 was refused: private address.',
      errorKind: 'blocked_address',
    });
    expect(await used()).toBe(0);
  });

  it('refuses a run without a browser, and one the month’s speed tests cannot pay, charging nothing', async () => {
    await call('PUT', '/secrets/SHOP_PASSWORD', { value: PASSWORD });
    const id = await create();
    lab.ready = false;
    const unavailable = await call('POST', `/flows/${id}/runs`);
    expect(unavailable.statusCode).toBe(503);
    expect(unavailable.json().message).toBe(FLOW_MESSAGES.noLab);
    lab.ready = true;
    await t.app.services.quotas.consume(user.workspace.id, 'speed', 50, 48);
    const broke = await call('POST', `/flows/${id}/runs`);
    expect(broke.statusCode).toBe(429);
    expect(broke.json().message).toBe(QUOTA_MESSAGES.monthlyTestLimit);
    expect(await used()).toBe(48);
    expect(await t.db.kysely.selectFrom('flow_runs').select('id').execute()).toEqual([]);
  });

  it('imports a Chrome DevTools Recorder file as steps, and refuses what is not one', async () => {
    const recording = JSON.parse(
      fs.readFileSync(
        new URL('../../flows/fixtures/recorder-petshop.json', import.meta.url),
        'utf8',
      ),
    ) as unknown;
    const imported = await call('POST', '/flows/import-recorder', { recording });
    expect(imported.statusCode).toBe(200);
    expect(imported.json()).toMatchObject({
      name: 'Pet shop: search and add to cart',
      notes: expect.any(Array),
    });
    expect(imported.json().steps[0].kind).toBe('navigate');
    const refused = await call('POST', '/flows/import-recorder', { recording: [1, 2] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^Not a Chrome DevTools Recorder file/);
  });

  it('stores a secret sealed, shows names alone, and deletes it', async () => {
    await call('PUT', '/secrets/SHOP_PASSWORD', { value: PASSWORD });
    await call('PUT', '/secrets/SHOP_PASSWORD', { value: `${PASSWORD}!` });
    const [row] = await t.db.kysely.selectFrom('workspace_secrets').selectAll().execute();
    expect(row!.value).toMatch(/^sr1\./);
    await expect(
      t.app.services.workspaceSecrets.open(user.workspace.id, ['SHOP_PASSWORD']),
    ).resolves.toEqual({
      SHOP_PASSWORD: `${PASSWORD}!`,
    });
    expect((await call('GET', '/secrets')).json()).toEqual({
      secrets: [
        { name: 'SHOP_PASSWORD', createdAt: expect.any(String), updatedAt: expect.any(String) },
      ],
    });
    expect((await call('PUT', '/secrets/bad name', { value: 'x' })).statusCode).toBe(400);
    expect((await call('PUT', '/secrets/EMPTY', { value: '' })).statusCode).toBe(400);
    expect((await call('DELETE', '/secrets/SHOP_PASSWORD')).json()).toEqual({ deleted: true });
    expect((await call('DELETE', '/secrets/SHOP_PASSWORD')).statusCode).toBe(404);
  });
});
