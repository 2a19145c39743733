import { describe, expect, it } from 'vitest';
import { signatureHeader, verifySignature } from './webhook-signature';

const secret = 'whsec_test';
const body = '{"event":"test"}';
const now = new Date('2026-11-23T12:00:00Z');

describe('webhook signatures', () => {
  it('verifies its own header, Stripe-style', () => {
    const header = signatureHeader(secret, body, now);
    expect(header).toMatch(/^t=1795435200,v1=[0-9a-f]{64}$/);
    expect(verifySignature(secret, header, body, now)).toBe(true);
    // Several v1 values (a rolled-over secret): any one that matches will do.
    expect(verifySignature(secret, `${header},v1=${'0'.repeat(64)}`, body, now)).toBe(true);
  });

  it('refuses another body, another secret, a forged signature and a malformed header', () => {
    const header = signatureHeader(secret, body, now);
    expect(verifySignature(secret, header, `${body} `, now)).toBe(false);
    expect(verifySignature('whsec_other', header, body, now)).toBe(false);
    expect(verifySignature(secret, header.replace(/v1=./, 'v1=f'), body, now)).toBe(false);
    // A time moved forward with the old signature: the signature covers the time.
    const forged = header.replace(/t=(\d+)/, (_, t: string) => `t=${Number(t) + 60}`);
    expect(verifySignature(secret, forged, body, now)).toBe(false);
    for (const bad of ['', 't=abc,v1=00', `v1=${header.split('v1=')[1]}`, 't=1795435200']) {
      expect(verifySignature(secret, bad, body, now), bad).toBe(false);
    }
  });

  it('refuses a replay: a signature older or newer than the tolerance', () => {
    const header = signatureHeader(secret, body, now);
    const later = (s: number) => new Date(now.getTime() + s * 1000);
    expect(verifySignature(secret, header, body, later(300))).toBe(true);
    expect(verifySignature(secret, header, body, later(301))).toBe(false);
    expect(verifySignature(secret, header, body, later(-301))).toBe(false);
    expect(verifySignature(secret, header, body, later(3600), 7200)).toBe(true);
  });
});
