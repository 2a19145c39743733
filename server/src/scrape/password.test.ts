import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { loadMixlabPassword, mixlabPasswordFile, passwordMatches } from './password';

const dirs: string[] = [];
const configIn = (env: Record<string, string> = {}) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'speedrank-mixlab-'));
  dirs.push(dir);
  return loadConfig({ DATA_DIR: path.join(dir, 'data'), ...env });
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('loadMixlabPassword', () => {
  it('uses MIXLAB_PASSWORD when set, and writes no file', () => {
    const config = configIn({ MIXLAB_PASSWORD: 'kibble' });
    expect(loadMixlabPassword(config)).toBe('kibble');
    expect(fs.existsSync(mixlabPasswordFile(config))).toBe(false);
  });

  it('otherwise generates one once, readable only by the owner, and keeps it', () => {
    const config = configIn();
    const first = loadMixlabPassword(config);
    expect(first).toMatch(/^[\w-]{16}$/);
    expect(fs.statSync(mixlabPasswordFile(config)).mode & 0o777).toBe(0o600);
    expect(loadMixlabPassword(config)).toBe(first);
  });
});

describe('passwordMatches', () => {
  it('accepts the exact password only', () => {
    expect(passwordMatches('kibble', 'kibble')).toBe(true);
    for (const wrong of ['Kibble', 'kibble ', 'kib', '', undefined]) {
      expect(passwordMatches(wrong, 'kibble')).toBe(false);
    }
  });
});
