import { PETSHOP_ID, sandboxOrigin } from '@sandbox';
import { API_BASE } from '@core/endpoints/endpoint';
import { TOKEN_SCOPES } from '@core/workspaces/scopes';
import type { User } from '../../src/db/schema';
import { NoFieldData } from '../../src/providers/field-data/none';
import type { LabSpeedProvider } from '../../src/providers/lab-speed/port';
import { buildTestApp, SCRIPTED_LAB_ENV, type TestApp } from '../build-test-app';
import { listeningEnv } from '../free-port';
import { startGoogleKeys } from '../google-keys';
import { signUp } from '../users';
import type { KnownValues } from './known-values';
import { listOperations, type OpenApiDocument, type Operation } from './openapi-operations';
import type { AuthKind } from './request-arbitrary';
import { RowWatch } from './row-changes';
import { callerTokens } from './tokens';

const JWT_SECRET = 'fuzz-secret-that-is-long-enough-for-hs256';
const MIXLAB_PASSWORD = 'fuzz mixlab password';

/** A lab that measures nothing: every run answers at once, so fuzzed runs start no browser. */
const instantLab: LabSpeedProvider = {
  source: 'local-lighthouse',
  readiness: () => ({ ready: true, message: null }),
  run: async (request) => ({
    lab: { psi: { label: 'Performance', displayValue: '90', score: 90, numericValue: 0.9 } },
    filmstrip: [],
    finalUrl: request.url,
    source: 'local-lighthouse',
  }),
  close: async () => undefined,
};

const LOOPBACK = '127.0.0.1';
/** Where every host name resolves: loopback, but while a setup step needs a public address. */
const resolvesTo = { address: LOOPBACK };

export interface FuzzApp {
  t: TestApp;
  operations: Operation[];
  known: KnownValues;
  /** Whether a request changed rows. */
  rows: RowWatch;
  /**
   * Waits (a few seconds at most) for the speed runs and tracked pages' checks earlier
   * cases started to store their outcome: a write of theirs is not the next case's.
   */
  quiesce(): Promise<void>;
  /** The credential headers of a kind of caller (Authorization, a viewer's workspace). */
  credentials(kind: AuthKind): Promise<Record<string, string>>;
  close(): Promise<void>;
}

/** The app's OpenAPI document, as it serves it. */
export function openApiDocument(t: TestApp): OpenApiDocument {
  return t.app.swagger() as unknown as OpenApiDocument;
}

/**
 * The app as a fuzz target: listening on loopback (the sandbox web is fetched from it),
 * speed runs on a lab that measures nothing, every other host name resolved to loopback
 * (which the fetch guard refuses: nothing leaves the machine), and a free and a Pro user.
 */
/** The port of the app before: one after another, the apps share the sandbox's search index. */
let lastPort: number | undefined;

async function startFuzzAppOnce(options: { postgres: boolean }): Promise<FuzzApp> {
  const { port, env } = await listeningEnv(lastPort);
  lastPort = port;
  const google = await startGoogleKeys();
  let built: TestApp | undefined;
  const close = async () => {
    await built?.close();
    await google.close();
  };
  try {
    const t = await buildTestApp({
      postgres: options.postgres,
      overrides: {
        lab: instantLab,
        field: new NoFieldData(),
        resolve: async () => [resolvesTo.address],
      },
      env: {
        ...SCRIPTED_LAB_ENV,
        ...env,
        ...google.env,
        JWT_SECRET,
        MIXLAB_PASSWORD,
        SCRAPE_DELAY_MS: '0',
        SCRAPE_RETRIES: '0',
        // No scheduled tracking or rank checks writing rows behind the cases' backs (the
        // known keyword's first check, late on a busy machine, changed rank_keywords mid-case).
        TRACKING_CONCURRENCY: '0',
        RANK_CONCURRENCY: '0',
      },
    });
    built = t;
    const services = t.app.services;
    // Listening makes the app ready: its start-up sweep has run before any case.
    await t.app.listen({ port, host: '127.0.0.1' });
    const free = await signUp(t.app, 1);
    const pro = await signUp(t.app, 4);
    const known = await knownValues(t, pro.headers, port);
    return {
      t,
      operations: listOperations(openApiDocument(t)),
      known: {
        ...known,
        email: free.user.email,
        userId: free.userId,
        googleCredential: await google.idToken(),
      },
      rows: await RowWatch.start(t.db),
      quiesce: async () => {
        const deadline = Date.now() + QUIESCE_MS;
        // A tracked page's 'run now' job ends its check after the runs, then frees the
        // page's lease: both writes are that job's too.
        const busy = () =>
          Promise.all([
            t.db.kysely
              .selectFrom('speed_runs')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('finished_at', 'is', null)
              .executeTakeFirstOrThrow(),
            t.db.kysely
              .selectFrom('tracked_pages')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('lease_owner', 'is not', null)
              .executeTakeFirstOrThrow(),
          ]);
        while (Date.now() < deadline) {
          if ((await busy()).every((open) => Number(open.n) === 0)) return;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      },
      credentials: callerTokens(services, new TextEncoder().encode(JWT_SECRET), {
        free: free.userId,
        pro: pro.userId,
        ...(await teamCallers(t, pro.user)),
      }),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** A team of the Pro's with a viewer, and an API token of the Pro's for it (and a revoked one). */
async function teamCallers(t: TestApp, pro: User) {
  const { workspaces, apiTokens } = t.app.services;
  const team = await workspaces.create(pro, 'Fuzz team');
  const viewer = await signUp(t.app, 4);
  await t.db.kysely
    .insertInto('workspace_members')
    .values({ workspace_id: team.id, user_id: viewer.userId, role: 'viewer', created_at: 'x' })
    .execute();
  const token = (name: string) =>
    apiTokens.create(pro.id, { name, workspaceId: team.id, scopes: [...TOKEN_SCOPES] });
  const revoked = await token('revoked');
  await apiTokens.revoke(pro.id, revoked.id);
  return {
    viewer: viewer.userId,
    team: team.id,
    apiToken: (await token('fuzz')).token,
    revokedApiToken: revoked.token,
  };
}

/** How long a case waits for earlier cases' speed runs to end. */
const QUIESCE_MS = 5000;

/** Tries to take a port another test took meanwhile before giving up. */
const PORT_ATTEMPTS = 5;

/**
 * startFuzzAppOnce, again on another port when the one picked was taken while the app was
 * being built: its config must name the port before it listens, so the pick can go stale.
 */
export async function startFuzzApp(options: { postgres: boolean }): Promise<FuzzApp> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startFuzzAppOnce(options);
    } catch (error) {
      const taken = (error as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE';
      if (!taken || attempt === PORT_ATTEMPTS) throw error;
    }
  }
}

/** Creates the resources whose ids generated requests may name, through the API itself. */
async function knownValues(
  t: TestApp,
  headers: Record<string, string>,
  port: number,
): Promise<Omit<KnownValues, 'email' | 'userId' | 'googleCredential'>> {
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url: `${API_BASE}${url}`, headers, payload });
    if (res.statusCode >= 300)
      throw new Error(`fuzz setup: ${url} answered ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const post = (url: string, payload: object) => call('POST', url, payload);
  const sandboxUrl = `${sandboxOrigin(PETSHOP_ID, port)}/`;
  const run = await post('/pagespeed/runs', { url: sandboxUrl, strategy: 'mobile' });
  const search = await post('/serp-search', { searchTerm: 'dog food' });
  const keywords = await post('/keyword', {
    term: 'dog food',
    temp: 0.5,
    size: 15,
    algorithm: 'category',
  });
  const card = await post('/payments/local/payment-methods', {
    number: '4242424242424242',
    expMonth: 12,
    expYear: 2099,
    cvc: '123',
  });
  const page = await post('/tracking/pages', { url: sandboxUrl });
  const check = (await post(`/tracking/pages/${page.id}/run`, {})).checks[0];
  // The check goes on after its 202: the cases start once it has written what it writes.
  const checkUrl = `/tracking/pages/${page.id}/checks/${check.id}`;
  for (let wait = 0; (await call('GET', checkUrl)).status === 'running'; wait++) {
    if (wait === 100) throw new Error('fuzz setup: the tracking check did not finish');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  // A webhook to a public address, which the fuzzed app's resolver then points at loopback:
  // its test events reach the code that sends them, and the guard refuses them there.
  resolvesTo.address = '93.184.215.14';
  const webhook = await post('/tracking/webhooks', { url: 'https://hooks.fuzz.example/' }).finally(
    () => (resolvesTo.address = LOOPBACK),
  );
  const rankKeyword = await post('/rank-tracking/keywords', {
    keyword: 'ice cream',
    domain: new URL(sandboxUrl).host,
    device: 'mobile',
    country: 'us',
    depth: 20,
  });
  return {
    webhookId: webhook.id,
    rankKeywordId: rankKeyword.id,
    runId: run.runId,
    testId: run.testId,
    speedTestId: search.speedTestId,
    keywordSearchId: keywords[0].searchId,
    paymentMethodId: card.paymentMethodId,
    mixlabPassword: MIXLAB_PASSWORD,
    sandboxUrl,
    trackedPageId: page.id,
    checkId: check.id,
  };
}
