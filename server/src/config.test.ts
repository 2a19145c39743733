import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, ENV_NAMES, loadConfig, sandboxPort } from './config';

describe('loadConfig', () => {
  it('uses the embedded defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.sqlitePath).toMatch(/data\/speedrank\.sqlite$/);
  });

  it('stops with a clear message on a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL must be a postgres/,
    );
    // The Stripe SDK takes a host and port, not a path prefix.
    expect(() => loadConfig({ STRIPE_BASE_URL: 'https://proxy.example/stripe' })).toThrow(
      /STRIPE_BASE_URL must be http\(s\):\/\/host\[:port\] with no path/,
    );
    expect(loadConfig({ STRIPE_BASE_URL: 'http://127.0.0.1:12111' }).STRIPE_BASE_URL).toBe(
      'http://127.0.0.1:12111',
    );
    expect(() => loadConfig({ FETCH_ALLOW_HOSTS: 'staging.internal, 10.0.0.0/40' })).toThrow(
      /FETCH_ALLOW_HOSTS: "10.0.0.0\/40" is not a host, host:port or CIDR range/,
    );
    expect(
      loadConfig({ FETCH_ALLOW_HOSTS: 'staging.internal:8080' }).FETCH_ALLOW_HOSTS.isEmpty,
    ).toBe(false);
    expect(() => loadConfig({ SANDBOX_DAY: '1 March 2026' })).toThrow(/SANDBOX_DAY must be a date/);
    expect(() => loadConfig({ SANDBOX_DAY: '2026-02-30' })).toThrow(
      /SANDBOX_DAY must be a date of the calendar/,
    );
    expect(loadConfig({ SANDBOX_DAY: '2026-03-01' }).SANDBOX_DAY).toBe('2026-03-01');
  });

  it('speeds tracking up on this machine only, never where PUBLIC_URL is public', () => {
    expect(loadConfig({}).TRACKING_SPEEDUP).toBe(1);
    expect(loadConfig({ TRACKING_SPEEDUP: '30' }).TRACKING_SPEEDUP).toBe(30);
    expect(
      loadConfig({ TRACKING_SPEEDUP: '30', PUBLIC_URL: 'http://localhost:8080' }).TRACKING_SPEEDUP,
    ).toBe(30);
    expect(() =>
      loadConfig({ TRACKING_SPEEDUP: '30', PUBLIC_URL: 'https://speedrank.example' }),
    ).toThrow(/TRACKING_SPEEDUP is for tests on this machine/);
    expect(loadConfig({ PUBLIC_URL: 'https://speedrank.example' }).TRACKING_SPEEDUP).toBe(1);
    expect(() => loadConfig({ TRACKING_SPEEDUP: '0' })).toThrow(/TRACKING_SPEEDUP/);
  });
});

describe('sandboxPort', () => {
  it('is the one port of SANDBOX_ORIGIN for every process, else a local PUBLIC_URL’s, else PORT', () => {
    const origin = 'http://sandbox.localhost:9000';
    expect(sandboxPort(loadConfig({ PORT: '8081', SANDBOX_ORIGIN: origin }))).toBe(9000);
    expect(sandboxPort(loadConfig({ PORT: '8081', PUBLIC_URL: 'http://localhost:8080' }))).toBe(
      8080,
    );
    // A public name is a proxy's, which does not answer the sandbox hosts.
    expect(sandboxPort(loadConfig({ PORT: '8081', PUBLIC_URL: 'https://rank.example' }))).toBe(
      8081,
    );
    expect(sandboxPort(loadConfig({ PORT: '8081' }))).toBe(8081);
    expect(() => loadConfig({ SANDBOX_ORIGIN: 'ftp://sandbox.localhost' })).toThrow(
      'SANDBOX_ORIGIN must be an http:// URL such as http://sandbox.localhost:8080',
    );
  });
});

describe('the configuration documents', () => {
  const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
  /** `A_{B,C}_{D,E}` as A_B_D, A_B_E, A_C_D, A_C_E: how README's table names families. */
  const expand = (name: string): string[] => {
    const group = /\{([^}]+)\}/.exec(name);
    if (!group) return [name];
    return group[1]!.split(',').flatMap((part) => expand(name.replace(group[0], part)));
  };

  it('.env.example lists every variable the server reads', () => {
    const listed = new Set(
      [...read('.env.example').matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]),
    );
    expect(ENV_NAMES.filter((name) => !listed.has(name))).toEqual([]);
  });

  it("README's tables describe every variable the server reads", () => {
    // A row's first cell names one variable or several, each in backticks.
    const firstCells = [...read('README.md').matchAll(/^\|([^|]+)\|/gm)].map((m) => m[1]!);
    const described = new Set(
      firstCells.flatMap((cell) =>
        [...cell.matchAll(/`([A-Z][A-Z0-9_{},]+)`/g)].flatMap((m) => expand(m[1]!)),
      ),
    );
    expect(ENV_NAMES.filter((name) => !described.has(name))).toEqual([]);
  });
});
