import { describe, expect, it } from 'vitest';
import {
  isSandboxHost,
  isSandboxUrl,
  parseSandboxHost,
  resolveSandboxAddress,
  sandboxOrigin,
} from './host';

describe('parseSandboxHost', () => {
  it('reads the site and port of a Host header', () => {
    expect(parseSandboxHost('scoops.sandbox.localhost:8080')).toEqual({
      site: 'scoops',
      www: false,
      port: 8080,
    });
    expect(parseSandboxHost('Scoops.Sandbox.Localhost.')).toEqual({
      site: 'scoops',
      www: false,
      port: null,
    });
    expect(parseSandboxHost('www.scoops.sandbox.localhost:80')).toEqual({
      site: 'scoops',
      www: true,
      port: 80,
    });
    expect(parseSandboxHost('sandbox.localhost:3000')).toEqual({
      site: '',
      www: false,
      port: 3000,
    });
  });

  it('refuses other hosts and malformed names', () => {
    for (const host of [
      'localhost:8080',
      'example.com',
      'a.b.sandbox.localhost',
      'evil-sandbox.localhost',
      '-x.sandbox.localhost',
      'x.sandbox.localhost:99999',
      '[::1]:8080',
      'sandbox.localhost.example.com',
    ]) {
      expect(parseSandboxHost(host), host).toBeNull();
    }
  });
});

describe('sandbox address helpers', () => {
  it('maps sandbox host names, and only those, to loopback', () => {
    expect(isSandboxHost('petshop.sandbox.localhost')).toBe(true);
    expect(isSandboxHost('petshop.sandbox.localhost:8080')).toBe(false);
    expect(resolveSandboxAddress('petshop.sandbox.localhost')).toBe('127.0.0.1');
    expect(resolveSandboxAddress('localhost')).toBeNull();
    expect(resolveSandboxAddress('169.254.169.254')).toBeNull();
  });

  it('allows a sandbox URL only over http on the app port', () => {
    expect(isSandboxUrl(new URL('http://scoops.sandbox.localhost:8080/'), 8080)).toBe(true);
    expect(isSandboxUrl(new URL('http://scoops.sandbox.localhost/'), 80)).toBe(true);
    expect(isSandboxUrl(new URL('http://scoops.sandbox.localhost:22/'), 8080)).toBe(false);
    expect(isSandboxUrl(new URL('https://scoops.sandbox.localhost:8080/'), 8080)).toBe(false);
    expect(isSandboxUrl(new URL('http://user:pw@scoops.sandbox.localhost:8080/'), 8080)).toBe(
      false,
    );
    expect(isSandboxUrl(new URL('http://localhost:8080/'), 8080)).toBe(false);
  });

  it('builds origins, leaving out port 80', () => {
    expect(sandboxOrigin('scoops', 8080)).toBe('http://scoops.sandbox.localhost:8080');
    expect(sandboxOrigin('scoops', 80)).toBe('http://scoops.sandbox.localhost');
  });
});
