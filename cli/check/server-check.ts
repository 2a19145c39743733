import { API_BASE } from '@core/endpoints/endpoint';
import { checkSchema, type Check, type CheckRef } from '@core/schemas/checks';
import type { BudgetInput } from '@core/budgets/budget';
import type { CheckOptions } from './options';

type ServerOptions = CheckOptions & { server: string; token: string };

/** The server refused the check, or could not be reached: the check could not run. */
export class ServerError extends Error {}

const POLL_MS = 2000;

async function call(options: ServerOptions, method: 'GET' | 'POST', path: string, body?: object) {
  let response: Response;
  try {
    response = await fetch(`${options.server}${API_BASE}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${options.token}`,
        ...(body && { 'content-type': 'application/json' }),
      },
      ...(body && { body: JSON.stringify(body) }),
    });
  } catch (error) {
    throw new ServerError(`${options.server} could not be reached: ${(error as Error).message}`);
  }
  const text = await response.text();
  const answer = text ? (JSON.parse(text) as unknown) : null;
  if (!response.ok) {
    const message = (answer as { message?: string } | null)?.message ?? text;
    throw new ServerError(`SpeedRank answered ${response.status}: ${message}`);
  }
  return answer;
}

/**
 * Runs a check on a SpeedRank server: starts it, then reads it every two seconds until its
 * runs ended, telling `progress` how many samples are done.
 */
export async function checkOnServer(
  options: ServerOptions,
  budget: BudgetInput | undefined,
  ref: CheckRef | undefined,
  progress: (line: string) => void,
): Promise<Check> {
  const { id } = (await call(options, 'POST', '/checks', {
    urls: options.urls,
    device: options.device,
    samples: options.samples,
    ...(budget && { budget }),
    ...(ref && { ref }),
  })) as { id: string };
  progress(`Check ${id} started: ${options.urls.length} URLs × ${options.samples} samples.`);
  const deadline = Date.now() + options.timeoutMs;
  let said = '';
  for (;;) {
    const check = checkSchema.parse(await call(options, 'GET', `/checks/${id}`));
    if (check.status === 'done') return check;
    const ended = check.pages.reduce((n, page) => n + page.samples.done + page.samples.failed, 0);
    const line = `${ended} of ${check.runIds.length} samples measured…`;
    if (line !== said) progress((said = line));
    if (Date.now() > deadline)
      throw new ServerError(`The check's runs did not end within the timeout; see check ${id}.`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
