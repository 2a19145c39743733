// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { blankSession } from '@core/schemas/session';
import { journeyStore, STORAGE_KEYS } from './storage';

describe('journey store', () => {
  beforeEach(() => window.localStorage.clear());

  it('keeps a first-use flag per tool and resets them with the subscribed flag', () => {
    expect(journeyStore.hasUsed('speedTest')).toBe(false);
    journeyStore.markUsed('speedTest');
    journeyStore.markUsed('speedTest');
    journeyStore.setEmailSubscribed(true);
    expect(journeyStore.hasUsed('speedTest')).toBe(true);
    expect(journeyStore.hasUsed('serpAnalysis')).toBe(false);
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.toolsUsed)!)).toEqual(['speedTest']);
    expect(journeyStore.emailSubscribed()).toBe(true);

    journeyStore.resetFlags();
    expect(journeyStore.hasUsed('speedTest')).toBe(false);
    expect(journeyStore.emailSubscribed()).toBe(false);
  });

  it('reads a blank session and no flags from malformed storage', () => {
    window.localStorage.setItem(STORAGE_KEYS.session, '{"token": 3');
    window.localStorage.setItem(STORAGE_KEYS.toolsUsed, '["notATool"]');
    expect(journeyStore.session()).toEqual(blankSession());
    expect(journeyStore.hasUsed('keywords')).toBe(false);
  });
});
