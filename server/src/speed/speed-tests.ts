import crypto from 'node:crypto';

interface SpeedTest {
  subject: string;
  /** Runs each URL may still start under this test. */
  remaining: Map<string, number>;
  /** A search's result pages whose facts are not read yet. */
  unread: Set<string>;
  createdAt: number;
}

const TEST_LIFETIME_MS = 60 * 60_000;
/** A SERP card's URL: one sample on each device, and the one retry spec 001 §4 allows each. */
const RUNS_PER_SERP_RESULT = 4;

/** A link as the search keys it: parsed and printed again, so spellings of one URL agree. */
const linkKey = (link: string) => (URL.canParse(link) ? new URL(link).toString() : link);

/**
 * What a counted test or search paid for. A speed test counts once against the monthly
 * quota and may then run the samples it asked for on each of the two devices (spec 002 §4:
 * switching device runs the other). A SERP search pays for the speed samples of its result
 * cards the same way, and for reading each result's page facts once; the speed quota is
 * not touched for them.
 */
export class SpeedTests {
  private readonly tests = new Map<string, SpeedTest>();

  /** A speed test of `url` whose first sample is starting now. */
  open(subject: string, url: string, samples: number): string {
    return this.add(subject, new Map([[url, samples * 2 - 1]]), new Set());
  }

  /** The speed samples and page facts of a SERP search's result cards. */
  openForResults(subject: string, urls: readonly string[]): string {
    return this.add(
      subject,
      new Map(urls.map((url) => [url, RUNS_PER_SERP_RESULT])),
      new Set(urls.map(linkKey)),
    );
  }

  /**
   * True, and those pages read, when the search is open for this subject and none of the
   * links is outside its results or read already; otherwise nothing changes.
   */
  readFacts(searchId: string, subject: string, links: readonly string[]): boolean {
    const search = this.tests.get(searchId);
    if (search?.subject !== subject) return false;
    const keys = links.map(linkKey);
    if (new Set(keys).size !== keys.length || !keys.every((key) => search.unread.has(key)))
      return false;
    for (const key of keys) search.unread.delete(key);
    return true;
  }

  /** True, and one run fewer left, when the test is open for this subject and URL. */
  next(testId: string, subject: string, url: string): boolean {
    const test = this.tests.get(testId);
    const left = test?.subject === subject ? (test.remaining.get(url) ?? 0) : 0;
    if (left <= 0) return false;
    test!.remaining.set(url, left - 1);
    return true;
  }

  private add(subject: string, remaining: Map<string, number>, unread: Set<string>): string {
    this.prune();
    const testId = crypto.randomUUID();
    this.tests.set(testId, { subject, remaining, unread, createdAt: Date.now() });
    return testId;
  }

  private prune(): void {
    const now = Date.now();
    for (const [id, test] of this.tests)
      if (now - test.createdAt > TEST_LIFETIME_MS) this.tests.delete(id);
  }
}
