import type { z } from 'zod';
import { CiHostError, type CiHostName } from './port';

export interface HostCall {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT';
  url: string;
  headers: Record<string, string>;
  body?: unknown;
}

/** How a host words a refusal in its JSON body; null when it did not. */
export type MessageOf = (body: unknown) => string | null;

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/**
 * One call to a host, its answer checked against the documented shape. An answer outside
 * 2xx, a host that cannot be reached and an answer of another shape all reject with a
 * CiHostError holding the status and what the host said.
 */
export async function callHost<Answer extends z.ZodType>(
  host: CiHostName,
  call: HostCall,
  messageOf: MessageOf,
  answer: Answer,
): Promise<{ headers: Headers; body: z.output<Answer> }> {
  // The path names the call; the query and the host are noise in an error.
  const request = `${call.method} ${new URL(call.url).pathname}`;
  let response: Response;
  try {
    response = await fetch(call.url, {
      method: call.method,
      headers: {
        ...call.headers,
        ...(call.body !== undefined && { 'Content-Type': 'application/json' }),
      },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
    });
  } catch (error) {
    const cause = (error as Error & { cause?: Error }).cause;
    throw new CiHostError(host, null, cause?.message ?? (error as Error).message, request);
  }
  const text = await response.text();
  const body = text ? parsed(text) : null;
  if (!response.ok) {
    const said = messageOf(body) ?? (typeof body === 'string' ? body.trim().slice(0, 500) : '');
    throw new CiHostError(host, response.status, said || response.statusText, request);
  }
  const checked = answer.safeParse(body);
  if (!checked.success) {
    const shown = JSON.stringify(body)?.slice(0, 200) ?? '';
    throw new CiHostError(host, response.status, `not the documented answer: ${shown}`, request);
  }
  return { headers: response.headers, body: checked.data };
}
