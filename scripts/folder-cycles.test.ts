import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const { forbidden } = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs'));
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'folder-cycles-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** Writes `files` (path → source) under server/src of a throwaway tree and cruises it. */
async function violations(files: Record<string, string>) {
  const tree = fs.mkdtempSync(path.join(folder, 'tree-'));
  for (const [file, source] of Object.entries(files)) {
    const full = path.join(tree, 'server/src', file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, source);
  }
  const cwd = process.cwd();
  process.chdir(tree);
  try {
    const result = await cruise(['server/src'], { ruleSet: { forbidden }, validate: true });
    if (typeof result.output === 'string') throw new Error(result.output);
    return result.output.summary.violations.map((v) => v.rule.name);
  } finally {
    process.chdir(cwd);
  }
}

describe('the folder-cycle rule of npm run lint', () => {
  it('refuses two feature folders that import each other through different files', async () => {
    const found = await violations({
      'speed/history.ts': "import { judge } from '../tracking/judge';\nexport const h = judge;\n",
      'tracking/judge.ts': 'export const judge = 1;\n',
      'tracking/runner.ts': "import { sample } from '../speed/sample';\nexport const r = sample;\n",
      'speed/sample.ts': 'export const sample = 2;\n',
    });
    expect(found).toContain('no-folder-cycles');
  });

  it('lets a feature build on shared machinery', async () => {
    const found = await violations({
      'tracking/runner.ts': "import { lease } from '../shared/leases';\nexport const r = lease;\n",
      'rank-tracking/runner.ts':
        "import { lease } from '../shared/leases';\nexport const r = lease;\n",
      'shared/leases.ts': 'export const lease = 1;\n',
    });
    expect(found).toEqual([]);
  });
});
