import { z } from 'zod';
import { fetchJson } from '../../http/fetch-json';
import {
  httpFailure,
  OK,
  statusFailure,
  type DataForSeoApi,
  type DataForSeoFailure,
} from './failures';

/** The API login and password from app.dataforseo.com/api-access, and where to call. */
export interface DataForSeoAccount {
  login: string;
  password: string;
  baseUrl: string;
  timeoutMs: number;
}

export interface LiveCall<T extends z.ZodType> extends DataForSeoApi {
  /** From the host, e.g. '/v3/serp/google/organic/live/advanced'. */
  path: string;
  task: Record<string, unknown>;
  /** One element of `tasks[0].result`. */
  result: T;
}

export type LiveAnswer<T> = { ok: true; result: T[] } | ({ ok: false } & DataForSeoFailure);

function basicAuth(login: string, password: string): string {
  return `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
}

function envelopeSchema<T extends z.ZodType>(result: T) {
  return z.object({
    status_code: z.number(),
    status_message: z.string(),
    tasks: z
      .array(
        z.object({
          status_code: z.number(),
          status_message: z.string(),
          result: z.array(result).nullish(),
        }),
      )
      .nullish(),
  });
}

const fail = (failure: DataForSeoFailure): LiveAnswer<never> => ({ ok: false, ...failure });

/**
 * Posts one task to a live endpoint. DataForSEO answers HTTP 200 for most failures, so any
 * code but 20000, at the top or in the task, is a failure too.
 */
export async function postLiveTask<T extends z.ZodType>(
  account: DataForSeoAccount,
  call: LiveCall<T>,
): Promise<LiveAnswer<z.output<T>>> {
  let raw: unknown;
  try {
    raw = await fetchJson(`${account.baseUrl}${call.path}`, {
      method: 'POST',
      headers: { authorization: basicAuth(account.login, account.password) },
      body: [call.task],
      timeoutMs: account.timeoutMs,
    });
  } catch (error) {
    return fail(httpFailure(error, call));
  }
  const parsed = envelopeSchema(call.result).safeParse(raw);
  if (!parsed.success) {
    return fail({
      failure: 'unavailable',
      message: 'DataForSEO sent an answer SpeedRank could not read.',
    });
  }
  const data = parsed.data;
  if (data.status_code !== OK)
    return fail(statusFailure(data.status_code, data.status_message, call));
  const task = data.tasks?.[0];
  if (!task)
    return fail({ failure: 'unavailable', message: 'DataForSEO answered without a task.' });
  if (task.status_code !== OK)
    return fail(statusFailure(task.status_code, task.status_message, call));
  return { ok: true, result: task.result ?? [] };
}
