import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { SPEED_MESSAGES, WEBHOOK_MESSAGES } from '@core/messages';
import { TRACKING_ERROR_CODES } from '@core/schemas/tracking';
import { WEBHOOK_ERROR_CODES } from '@core/schemas/webhooks';
import { SPEED_ERROR_CODES } from '@core/speed';
import { Conflict, DomainError, Invalid, NotFound, PlanLimit } from '../domain/errors';
import { refusingUrls, vetOrRefuse, type UrlRefusal } from '../domain/url-refusals';
import { FetchRefused } from '../http/safe-fetch';
import { registerErrorHandler } from './error-handler';

const refused = () => new FetchRefused('bad_url', 'Only http and https URLs can be tested.');

describe('the error handler', () => {
  const app = Fastify({ logger: false });
  afterAll(async () => app.close());
  registerErrorHandler(app);
  const throwing = (path: string, error: () => unknown, urlRefusal?: UrlRefusal) =>
    app.get(path, { config: { urlRefusal } }, async () => {
      throw error();
    });
  throwing('/plan', () => new PlanLimit('Upgrade to check pages every hour.', 'hourly'));
  throwing('/missing', () => new NotFound('No such page.'));
  throwing('/fields', () => new Invalid('Too many samples.', undefined, { maxSampleSize: 3 }));
  throwing('/teapot', () => new DomainError(418, 'No coffee.', 'teapot'));
  throwing('/speed-url', refused, 'speed');
  throwing('/tracking-url', refused, 'tracking');
  throwing('/webhook-url', refused, 'webhook');
  throwing('/unmapped-url', refused);
  throwing('/crash', () => new Error('database gone'));
  const get = (path: string) => app.inject({ method: 'GET', url: path });

  it('answers a domain error with its status, message, code and fields, and no code it lacks', async () => {
    const plan = await get('/plan');
    expect(plan.statusCode).toBe(403);
    expect(plan.json()).toEqual({ message: 'Upgrade to check pages every hour.', code: 'hourly' });
    const missing = await get('/missing');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'No such page.' });
    const fields = await get('/fields');
    expect(fields.statusCode).toBe(400);
    expect(fields.json()).toEqual({ message: 'Too many samples.', maxSampleSize: 3 });
    expect((await get('/teapot')).statusCode).toBe(418);
  });

  it("words a URL the guard refused as the route's feature does, each with its code", async () => {
    const speed = await get('/speed-url');
    expect(speed.statusCode).toBe(400);
    expect(speed.json()).toEqual({
      message: `${SPEED_MESSAGES.invalidUrl}. Only http and https URLs can be tested.`,
      code: SPEED_ERROR_CODES.invalidUrl,
    });
    expect((await get('/tracking-url')).json()).toEqual({
      message: `${SPEED_MESSAGES.invalidUrl}. Only http and https URLs can be tested.`,
      code: TRACKING_ERROR_CODES.invalidUrl,
    });
    expect((await get('/webhook-url')).json()).toEqual({
      message: WEBHOOK_MESSAGES.invalidUrl('Only http and https URLs can be tested.'),
      code: WEBHOOK_ERROR_CODES.invalidUrl,
    });
  });

  it('keeps an unexpected failure, and a refusal no route words, a bare 500', async () => {
    for (const path of ['/unmapped-url', '/crash']) {
      const res = await get(path);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Something went wrong on our side.' });
    }
  });
});

describe('vetOrRefuse', () => {
  const options = {
    sandbox: { enabled: false, appPort: 0 },
    timeoutMs: 1000,
    maxBytes: 1000,
    maxRedirects: 0,
    userAgent: 'test',
  };

  it('turns a refused URL into the 400 of the feature', async () => {
    const error = await vetOrRefuse('ftp://example.com/', options, 'webhook').catch((e) => e);
    expect(error).toBeInstanceOf(Invalid);
    expect(error).toMatchObject({
      status: 400,
      code: WEBHOOK_ERROR_CODES.invalidUrl,
      message: WEBHOOK_MESSAGES.invalidUrl('Only http and https URLs can be tested.'),
    });
  });

  it('lets other failures through as they are', async () => {
    const conflict = new Conflict('taken');
    await expect(refusingUrls('speed', () => Promise.reject(conflict))).rejects.toBe(conflict);
  });
});
