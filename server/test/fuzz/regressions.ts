import { known } from './known-values';
import type { FuzzRequest } from './request-arbitrary';

const API = '/backend-service/v1';
const json = 'application/json';

/** What most found requests share: a visitor from a public address, no extra headers. */
const visitor: FuzzRequest = {
  params: {},
  query: '',
  auth: 'none',
  headers: {},
  body: null,
  remoteAddress: '203.0.113.7',
};

/**
 * A client-made X-Forwarded-For address longer than the columns that store addresses,
 * through a proxy on the private network that passes the header on as it came.
 */
const spoofed = { remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': 'x'.repeat(1_000) } };

/**
 * Requests the fuzzer found a bug with, by operation, shrunk by fast-check; each runs first
 * on every fuzz run so that the bug stays fixed. The comment says what the bug was.
 */
export const REGRESSIONS: Record<string, FuzzRequest[]> = {
  // 413 and 415 answered by Fastify were in no operation's document.
  [`POST ${API}/auth/login`]: [
    { ...visitor, body: { oversize: 1_200_000, contentType: json } },
    // PostgreSQL: a spoofed address overflowed rate_counters.bucket, a 500.
    {
      ...visitor,
      ...spoofed,
      body: { json: { email: '!@!.A', password: '' }, contentType: json },
    },
  ],
  [`POST ${API}/auth/register`]: [
    {
      ...visitor,
      query: 'a=1',
      headers: { host: 'a b', ...spoofed.headers },
      remoteAddress: spoofed.remoteAddress,
      body: { json: { email: '!@!.!', password: '        ' }, contentType: json },
    },
    {
      ...visitor,
      body: {
        json: { email: '!@!.!', password: '        ' },
        contentType: 'application/octet-stream',
      },
    },
  ],
  [`POST ${API}/mixlab/unlock`]: [{ ...visitor, ...spoofed }],
  [`POST ${API}/serp-search`]: [
    {
      ...visitor,
      ...spoofed,
      body: { json: { searchTerm: known('email') }, contentType: json },
    },
  ],
  [`POST ${API}/send-urls`]: [
    {
      ...visitor,
      auth: { garbage: '' },
      ...spoofed,
      body: {
        json: { results: [{ link: known('speedTestId') }, { link: "M{'#'" }] },
        contentType: json,
      },
    },
  ],
  // 400 for a body that fails validation was undocumented here.
  [`POST ${API}/email-subscribers`]: [
    { ...visitor, body: { json: {}, contentType: json } },
    {
      ...visitor,
      ...spoofed,
      body: {
        json: { emailAddress: 'gp9.iYT{r@V.$P&dm~c.%Q', searchTerm: 'o' },
        contentType: json,
      },
    },
  ],
  [`POST ${API}/settings`]: [
    // PostgreSQL: text cannot hold NUL, a 500.
    {
      ...visitor,
      auth: 'free',
      body: {
        json: { deviceType: 1, country: 'n-9-sn-r', originUrl: 'a\u0000b' },
        contentType: json,
      },
    },
    // The document said lower case (the regex's `i` flag was lost); the answer had upper case.
    {
      ...visitor,
      auth: 'free',
      body: { json: { deviceType: 2, googleDomain: '.--', country: 'NaN' }, contentType: json },
    },
  ],
  // PostgreSQL: 4.4e-323 underflows the `real` column, a 500.
  [`POST ${API}/settings/keywords`]: [
    {
      ...visitor,
      auth: 'free',
      body: {
        json: {
          country_code: 'h>?JT?-r</jV',
          language: '"~}v',
          temperature: 4.4e-323,
          algorithm: 'category',
        },
        contentType: json,
      },
    },
  ],
  // WordNet refused the language (422) after the quota was charged: the refund left rows.
  [`POST ${API}/keyword`]: [
    {
      ...visitor,
      auth: 'free',
      body: {
        json: { term: '!', temp: 0, size: 1, algorithm: 'category', language: '!!' },
        contentType: json,
      },
    },
  ],
  // A second subscription answered 500 ('already subscribed', as the original app did): now 409.
  [`POST ${API}/payments`]: Array.from({ length: 2 }, () => ({
    ...visitor,
    auth: 'pro' as const,
    body: {
      json: {
        name: 'a',
        email: 'a@b.co',
        zipcode: '1',
        planId: 2,
        paymentMethodId: known('paymentMethodId'),
        billingCycle: 1,
      },
      contentType: json,
    },
  })),
  // Nullable enums did not list null, so the document refused the `null` every run answers.
  [`GET ${API}/pagespeed/runs/{runId}`]: [{ ...visitor, params: { runId: known('runId') } }],
  // The event stream's text/event-stream answer and its 400 and 404 were undocumented.
  [`GET ${API}/pagespeed/runs/{runId}/events`]: [
    { ...visitor, params: { runId: known('runId') } },
    { ...visitor, params: { runId: known('email') } },
  ],
  // A bad percent-encoding (400) and an overlong path segment (414) had Fastify's own shape.
  [`GET ${API}/reset-password/{token}`]: [{ ...visitor, params: { token: 'a'.repeat(200) } }],
  [`GET ${API}/tracking/pages/{id}/history.csv`]: [{ ...visitor, params: { id: { raw: '%ZZ' } } }],
};
