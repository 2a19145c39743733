import crypto from 'node:crypto';
import type { Clock } from '../shared/clock';
import type { Db } from '../db/connect';
import { fitKey } from '../db/fit-key';

/** How long a test's allowances last: its runs and page facts must start within it. */
export const TEST_LIFETIME_MS = 60 * 60_000;
/** The width of `speed_tests.subject`: a made-up forwarded address is longer. */
const SUBJECT_MAX = 128;
/** The width of `speed_test_urls.url`, as of every stored URL. */
const URL_MAX = 2048;

/** A SERP card's URL: one sample on each device, and one retry of each after a failure. */
const RUNS_PER_SERP_RESULT = 4;

/** A link as the search keys it: parsed and printed again, so spellings of one URL agree. */
export const linkKey = (link: string) =>
  fitKey(URL.canParse(link) ? new URL(link).toString() : link, URL_MAX);

/** Thrown inside a transaction to undo it: not every link could be read. */
class NotAllUnread extends Error {}

/**
 * What a counted test or search paid for, in the database so that any API instance (or
 * the same one after a restart) honours it. A speed test counts once against the monthly
 * quota and may then run the samples it asked for on each of the two devices (switching
 * device runs the other). A SERP search pays for the speed samples of its
 * result cards the same way, and for reading each result's page facts once; the speed
 * quota is not touched for them. Each allowance is spent by a conditional UPDATE, so two
 * instances racing for the last run give it to one.
 */
export class SpeedTests {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** A speed test of `url` whose first sample is starting now, charged to `chargePeriod`. */
  open(
    subject: string,
    workspaceId: string | null,
    url: string,
    samples: number,
    chargePeriod: string | null,
  ): Promise<string> {
    return this.add({ subject, workspaceId, url: linkKey(url), samples, chargePeriod }, [
      { url: linkKey(url), runs_left: samples * 2 - 1, facts_unread: 0 },
    ]);
  }

  /** Removes tests that never started, with their runs: a check that could not be queued. */
  async discard(testIds: readonly string[]): Promise<void> {
    if (testIds.length === 0) return;
    await this.db.kysely.deleteFrom('speed_tests').where('id', 'in', testIds).execute();
  }

  /** The speed samples and page facts of a SERP search's result cards. */
  openForResults(subject: string, urls: readonly string[]): Promise<string> {
    const keys = [...new Set(urls.map(linkKey))];
    return this.add(
      { subject, workspaceId: null, url: null, samples: 1, chargePeriod: null },
      keys.map((url) => ({ url, runs_left: RUNS_PER_SERP_RESULT, facts_unread: 1 })),
    );
  }

  /** Tests created after this moment still have their allowances. */
  private openSince(): string {
    return new Date(this.clock.now().getTime() - TEST_LIFETIME_MS).toISOString();
  }

  /** The test's id when it is open for this subject; a subquery of each spend. */
  private ownTest(testId: string, subject: string) {
    return this.db.kysely
      .selectFrom('speed_tests')
      .select('id')
      .where('id', '=', testId)
      .where('subject', '=', fitKey(subject, SUBJECT_MAX))
      .where('created_at', '>', this.openSince());
  }

  /**
   * True, and those pages read, when the search is open for this subject and none of the
   * links is outside its results or read already; otherwise nothing changes.
   */
  async readFacts(searchId: string, subject: string, links: readonly string[]): Promise<boolean> {
    const keys = links.map(linkKey);
    if (keys.length === 0 || new Set(keys).size !== keys.length) return false;
    try {
      await this.db.kysely.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('speed_test_urls')
          .set({ facts_unread: 0 })
          .where('test_id', 'in', this.ownTest(searchId, subject))
          .where('url', 'in', keys)
          .where('facts_unread', '=', 1)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== keys.length) throw new NotAllUnread();
      });
      return true;
    } catch (error) {
      if (error instanceof NotAllUnread) return false;
      throw error;
    }
  }

  /** True, and one run fewer left, when the test is open for this subject and URL. */
  async next(testId: string, subject: string, url: string): Promise<boolean> {
    const updated = await this.db.kysely
      .updateTable('speed_test_urls')
      .set((eb) => ({ runs_left: eb('runs_left', '-', 1) }))
      .where('test_id', 'in', this.ownTest(testId, subject))
      .where('url', '=', linkKey(url))
      .where('runs_left', '>', 0)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }

  /**
   * Whether the test is a SERP search's cards: they may show a result measured shortly
   * before (the cache), where a speed test always measures afresh.
   */
  async isSearch(testId: string): Promise<boolean> {
    const row = await this.db.kysely
      .selectFrom('speed_tests')
      .select('url')
      .where('id', '=', testId)
      .executeTakeFirst();
    return row !== undefined && row.url === null;
  }

  /**
   * Takes back the charge of the test that `runId` belongs to, once: who paid and the
   * month it went to, or null when it was a search's card or was given back already.
   */
  async releaseCharge(runId: string): Promise<{ subject: string; period: string } | null> {
    const test = await this.db.kysely
      .selectFrom('speed_tests')
      .select(['id', 'subject', 'charge_period'])
      .where('id', 'in', (eb) =>
        eb.selectFrom('speed_runs').select('test_id').where('id', '=', runId),
      )
      .executeTakeFirst();
    if (!test?.charge_period) return null;
    // Conditional, so that of two samples ending at once only one gives the test back.
    const released = await this.db.kysely
      .updateTable('speed_tests')
      .set({ charge_period: null })
      .where('id', '=', test.id)
      .where('charge_period', '=', test.charge_period)
      .executeTakeFirst();
    return Number(released.numUpdatedRows) === 1
      ? { subject: test.subject, period: test.charge_period }
      : null;
  }

  private async add(
    test: {
      subject: string;
      workspaceId: string | null;
      url: string | null;
      samples: number;
      chargePeriod: string | null;
    },
    urls: { url: string; runs_left: number; facts_unread: number }[],
  ): Promise<string> {
    const id = crypto.randomUUID();
    await this.db.kysely.transaction().execute(async (trx) => {
      await trx
        .insertInto('speed_tests')
        .values({
          id,
          subject: fitKey(test.subject, SUBJECT_MAX),
          workspace_id: test.workspaceId,
          url: test.url,
          samples: test.samples,
          created_at: this.clock.now().toISOString(),
          charge_period: test.chargePeriod,
        })
        .execute();
      if (urls.length > 0)
        await trx
          .insertInto('speed_test_urls')
          .values(urls.map((row) => ({ ...row, test_id: id })))
          .execute();
    });
    return id;
  }
}
