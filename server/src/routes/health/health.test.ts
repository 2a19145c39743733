import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES, SPEED_MESSAGES } from '@core/messages';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { healthRoutes } from './health';
import { describeOnDatabases } from '../../../test/backends';

describeOnDatabases('GET /health', ({ postgres }) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers ok when the database answers', async () => {
    t = await buildTestApp({ postgres });
    const res = await t.app.inject({ method: 'GET', url: '/backend-service/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 once the database is gone', async () => {
    t = await buildTestApp({ postgres });
    await t.db.close();
    const res = await t.app.inject({ method: 'GET', url: '/backend-service/v1/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'The database does not answer.' });
    // Closing twice must not throw in the test's cleanup.
    t.db.close = async () => {};
  });

  it('answers 503 once the server is shutting down, so a load balancer sends no more', async () => {
    t = await buildTestApp({ postgres });
    await t.app.services.speed.drain(0);
    const res = await t.app.inject({ method: 'GET', url: '/backend-service/v1/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.shuttingDown });
  });
});

describe('GET /health without a browser for local speed tests', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** The health route over the app's own services (CHROME_PATH as configured). */
  async function health(env: Record<string, string>) {
    t = await buildTestApp({ env });
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(healthRoutes, { db: t.db, speed: t.app.services.speed });
    const res = await app.inject({ method: 'GET', url: '/health' });
    await app.close();
    return res;
  }

  it('stays up (200) but says speed tests cannot run, and why', async () => {
    const res = await health({ CHROME_PATH: '/nonexistent' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'degraded',
      speed: { source: 'local-lighthouse', ready: false, message: SPEED_MESSAGES.browserMissing },
    });
  });

  it('keeps its plain answer when the browser is there, or PSI measures instead', async () => {
    expect((await health({ CHROME_PATH: process.execPath })).json()).toEqual({ status: 'ok' });
    await t!.close();
    expect((await health({ CHROME_PATH: '/nonexistent', PSI_API_KEY: 'psi-key' })).json()).toEqual({
      status: 'ok',
    });
  });
});
