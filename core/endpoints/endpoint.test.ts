import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  endpoint,
  endpointAnswer,
  endpointPath,
  type EndpointInput,
  type EndpointOutput,
} from './endpoint';

const summary = endpoint({
  method: 'GET',
  path: '/sites/:id/summary',
  params: z.object({ id: z.string() }),
  query: z.object({ days: z.coerce.number(), device: z.enum(['mobile', 'desktop']).optional() }),
  status: 200,
  response: z.object({ views: z.number() }),
});

describe('endpointPath', () => {
  it('fills the parameters in, encoded, and appends the query without what is unset', () => {
    expect(
      endpointPath(summary, { params: { id: 'a b/c' }, query: { days: 7, device: undefined } }),
    ).toBe('/sites/a%20b%2Fc/summary?days=7');
  });

  it('sends a list as one value per item, and no question mark for an empty query', () => {
    expect(endpointPath({ path: '/x' }, { query: { id: ['1', '2'], none: null } })).toBe(
      '/x?id=1&id=2',
    );
    expect(endpointPath({ path: '/x' })).toBe('/x');
  });

  it('refuses a path whose parameter is missing rather than call another path', () => {
    expect(() => endpointPath(summary, { params: {} })).toThrow(
      '/sites/:id/summary needs its parameter id',
    );
  });
});

describe('EndpointInput', () => {
  it("types a call's parts by its contract", () => {
    const call: EndpointInput<typeof summary> = { params: { id: 'x' }, query: { days: 7 } };
    // @ts-expect-error: the contract has a path parameter, so a call must give it.
    const withoutParams: EndpointInput<typeof summary> = { query: { days: 7 } };
    // @ts-expect-error: the contract takes no body.
    const withBody: EndpointInput<typeof summary> = { ...call, body: {} };
    expect([call, withoutParams, withBody]).toHaveLength(3);
  });
});

describe('an answer', () => {
  it('is any of the successes a contract names, in its type and in what it accepts', () => {
    const register = endpoint({
      method: 'POST',
      path: '/register',
      status: 200,
      response: z.object({ token: z.string() }),
      also: { 202: z.object({ status: z.literal('CONFIRM_EMAIL') }) },
    });
    const signedIn: EndpointOutput<typeof register> = { token: 't' };
    const waiting: EndpointOutput<typeof register> = { status: 'CONFIRM_EMAIL' };
    // @ts-expect-error: neither of its answers.
    const other: EndpointOutput<typeof register> = { status: 'SUCCESS' };
    const answer = endpointAnswer(register);
    expect(answer.parse(signedIn)).toEqual(signedIn);
    expect(answer.parse(waiting)).toEqual(waiting);
    expect(answer.safeParse(other).success).toBe(false);
    expect(endpointAnswer(summary)).toBe(summary.response);
  });
});
