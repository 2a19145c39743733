import crypto from 'node:crypto';

interface SpeedTest {
  subject: string;
  url: string;
  samples: number;
  started: number;
  createdAt: number;
}

const TEST_LIFETIME_MS = 60 * 60_000;

/**
 * The samples of one speed test. A sample without an open test counts a test against the
 * monthly quota and opens one; later samples name it, and cannot run more samples than
 * the test asked for (on each of the two devices).
 */
export class SpeedTests {
  private readonly tests = new Map<string, SpeedTest>();

  open(subject: string, url: string, samples: number): string {
    const testId = crypto.randomUUID();
    this.prune();
    this.tests.set(testId, { subject, url, samples, started: 1, createdAt: Date.now() });
    return testId;
  }

  /** True when this sample belongs to an open test of the same subject and URL. */
  next(testId: string, subject: string, url: string): boolean {
    const test = this.tests.get(testId);
    if (!test || test.subject !== subject || test.url !== url || test.started >= test.samples * 2)
      return false;
    // Each device of a test may run its samples (spec 002 §4: switching device runs the other).
    test.started++;
    return true;
  }

  private prune(): void {
    const now = Date.now();
    for (const [id, test] of this.tests)
      if (now - test.createdAt > TEST_LIFETIME_MS) this.tests.delete(id);
  }
}
