import fc from 'fast-check';
import {
  anyJsonValue,
  anyString,
  CONTENT_TYPES,
  lengthBoundaries,
  MALFORMED_JSON,
  numberBoundaries,
  pollutingValue,
} from './hostile-values';
import { headerSafe } from './request-arbitrary';

/** What a fuzzed beacon is sent to and for: the site it may name and its one origin. */
export interface BeaconTarget {
  key: string;
  origin: string;
}

/** A request to the collect endpoint; `body` is the text sent, as `rum.js` would send it. */
export interface BeaconRequest {
  method: 'POST' | 'GET' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
  body: string | undefined;
  headers: Record<string, string>;
}

const BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/**
 * A part's right value most of the time, else a wrong one: often enough right that a good
 * share of requests pass every check and reach the storage.
 */
const mostly = <T, W>(right: fc.Arbitrary<T>, wrong: fc.Arbitrary<W>) =>
  fc.oneof({ arbitrary: right, weight: 12 }, { arbitrary: wrong, weight: 1 });
/** Nothing most of the time, now and then a value. */
const rarely = <T>(value: fc.Arbitrary<T>) => mostly(fc.constant(undefined), value);

/** A metric's value: plausible, absurd, on the edges JSON barely holds, or not a number. */
const metricValue = mostly(
  fc.double({ min: 0, max: 10_000, noNaN: true }),
  fc.oneof(
    numberBoundaries(0, 120_000),
    fc.constantFrom('NaN', 'Infinity', '1e999', '1500', null, true, [], {}),
  ),
);

const metric = fc.record(
  {
    name: mostly(fc.constantFrom('LCP', 'INP', 'CLS', 'FCP', 'TTFB'), anyString),
    value: metricValue,
    target: mostly(
      fc.oneof(fc.constantFrom('main > img.hero', 'button#buy'), fc.string({ maxLength: 80 })),
      fc.oneof(lengthBoundaries(0, 200), anyString, anyJsonValue),
    ),
  },
  { requiredKeys: ['name', 'value'] },
);

const BEACON_KEYS = ['site', 'path', 'device', 'connection', 'navigationType', 'metrics'];

/** A beacon with each field right or wrong, at times one missing, or a key too many. */
const nearBeacon = (target: BeaconTarget) =>
  fc
    .tuple(
      fc.record(
        {
          site: mostly(fc.constant(target.key), anyString),
          path: mostly(
            fc.oneof(fc.constantFrom('/', '/flavors/42', '/a/b/c?q=1#x'), fc.webPath()),
            fc.oneof(lengthBoundaries(0, 2000), anyString, anyJsonValue),
          ),
          device: mostly(fc.constantFrom('mobile', 'desktop'), anyString),
          connection: mostly(fc.constantFrom('slow-2g', '2g', '3g', '4g', 'unknown'), anyString),
          navigationType: mostly(fc.constantFrom('navigate', 'reload', 'back-forward'), anyString),
          metrics: mostly(
            fc.array(metric, { minLength: 1, maxLength: 5 }),
            fc.array(metric, { maxLength: 8 }),
          ),
        },
        { requiredKeys: ['site', 'path', 'device', 'metrics'] },
      ),
      rarely(fc.constantFrom(...BEACON_KEYS)),
      rarely(pollutingValue),
    )
    .map(([beacon, missing, extra]) => {
      const sent: Record<string, unknown> = { ...extra, ...beacon };
      if (missing) delete sent[missing];
      return JSON.stringify(sent);
    });

/**
 * Body texts: near-valid beacons most of all, then random JSON, malformed JSON, text that
 * is no JSON at all, long and empty bodies, and numbers JSON.parse makes infinite.
 */
const bodyText = (target: BeaconTarget) =>
  fc.oneof(
    { arbitrary: nearBeacon(target), weight: 12 },
    { arbitrary: anyJsonValue.map((value) => JSON.stringify(value) ?? ''), weight: 2 },
    { arbitrary: fc.constantFrom(...MALFORMED_JSON), weight: 1 },
    { arbitrary: anyString, weight: 1 },
    {
      arbitrary: fc.constantFrom(
        '',
        'x'.repeat(5_000),
        `{"site":"${target.key}","path":"/","device":"mobile","metrics":[{"name":"LCP","value":1e999}]}`,
        `{"site":"${target.key}","path":"/","device":"mobile","metrics":[{"name":"CLS","value":-0}]}`,
      ),
      weight: 1,
    },
  );

/** A header's right value, a wrong one a client can send at all, or none. */
const header = (right: fc.Arbitrary<string>, wrong = anyString.filter(headerSafe)) =>
  fc.option(mostly(right, wrong), { nil: undefined, freq: 10 });

/** Requests to `POST /rum/v1/collect`, right and wrong in every part. */
export function beaconRequest(target: BeaconTarget): fc.Arbitrary<BeaconRequest> {
  return fc
    .record({
      method: fc.oneof(
        { arbitrary: fc.constant('POST' as const), weight: 8 },
        {
          arbitrary: fc.constantFrom('GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS' as const),
          weight: 1,
        },
      ),
      body: fc.option(bodyText(target), { nil: undefined, freq: 10 }),
      contentType: header(
        fc.constantFrom('text/plain;charset=UTF-8', 'text/plain', 'application/json'),
        fc.oneof(fc.constantFrom(...CONTENT_TYPES), anyString.filter(headerSafe)),
      ),
      origin: header(
        fc.constant(target.origin),
        fc.oneof(
          fc.constantFrom(`${target.origin}/`, 'https://evil.example', 'null', ''),
          anyString.filter(headerSafe),
        ),
      ),
      gpc: fc.oneof(
        { arbitrary: fc.constant(undefined), weight: 3 },
        { arbitrary: fc.constant('1'), weight: 1 },
        { arbitrary: fc.oneof(fc.constant('0'), anyString.filter(headerSafe)), weight: 1 },
      ),
      userAgent: header(
        fc.constant(BROWSER),
        fc.oneof(
          fc.constantFrom('Googlebot/2.1 (+http://www.google.com/bot.html)', ''),
          anyString.filter(headerSafe),
        ),
      ),
      client: header(fc.ipV4()),
    })
    .map(({ method, body, contentType, origin, gpc, userAgent, client }) => {
      const headers: Record<string, string> = {};
      for (const [name, value] of [
        ['content-type', contentType],
        ['origin', origin],
        ['sec-gpc', gpc],
        ['user-agent', userAgent],
        ['x-forwarded-for', client],
      ] as const) {
        if (value !== undefined) headers[name] = value;
      }
      return { method, body, headers };
    });
}
