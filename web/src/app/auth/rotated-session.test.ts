// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_ROTATION_WAIT_MS } from '@core/limits';
import { blankSession } from '@core/schemas/session';
import { journeyStore, STORAGE_KEYS } from '../storage';
import { rotatedSession } from './rotated-session';

const withToken = (token: string) => ({ ...blankSession(), token, name: 'Casey' });

/** Another tab storing its rotated session: the write, and the event this tab sees. */
function otherTabStores(token: string) {
  journeyStore.setSession(withToken(token));
  window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.session }));
}

describe('a refused token refresh', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => vi.useRealTimers());

  it('takes up the successor another tab has stored already', async () => {
    journeyStore.setSession(withToken('successor'));
    expect((await rotatedSession('refused'))?.token).toBe('successor');
  });

  it('takes up a successor stored while it waits', async () => {
    journeyStore.setSession(withToken('refused'));
    const result = rotatedSession('refused');
    await vi.advanceTimersByTimeAsync(SESSION_ROTATION_WAIT_MS / 2);
    otherTabStores('successor');
    expect((await result)?.token).toBe('successor');
  });

  it('signs out (null) when no other tab stores one in time, or only a blank session', async () => {
    journeyStore.setSession(withToken('refused'));
    const result = rotatedSession('refused');
    otherTabStores('');
    await vi.advanceTimersByTimeAsync(SESSION_ROTATION_WAIT_MS);
    expect(await result).toBeNull();
  });
});
