import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

interface LockEntry {
  optionalDependencies?: Record<string, string>;
}

const lock = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../package-lock.json'), 'utf8'),
) as { packages: Record<string, LockEntry> };

/** Where npm would place `name` required from the package at `from`: nested, else hoisted. */
function resolved(from: string, name: string): boolean {
  for (let dir = from; ; dir = dir.slice(0, dir.lastIndexOf('/node_modules/'))) {
    if (`${dir ? `${dir}/` : ''}node_modules/${name}` in lock.packages) return true;
    if (!dir.includes('/node_modules/')) return `node_modules/${name}` in lock.packages;
  }
}

describe('package-lock.json', () => {
  // npm ci refuses a lock without an entry for every optional dependency, even one for
  // another platform; `npm install` against a registry mirror lacking those drops them.
  it('has an entry for every optional dependency, so npm ci accepts it', () => {
    const missing = Object.entries(lock.packages).flatMap(([from, entry]) =>
      Object.keys(entry.optionalDependencies ?? {})
        .filter((name) => !resolved(from, name))
        .map((name) => `${from || '(root)'} → ${name}`),
    );
    expect(missing).toEqual([]);
  });
});
