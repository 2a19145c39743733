import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isScanned, referenceProblems } from './doc-references';

const root = path.resolve(import.meta.dirname, '..');

/** The files a commit of this work tree would hold (tracked, or new and not ignored). */
function repositoryFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  return [...new Set(listed.split('\n'))].filter(
    (file) => file !== '' && file !== 'node_modules' && fs.existsSync(path.join(root, file)),
  );
}

/** A file with a NUL byte is binary (images, fonts). */
function textOf(file: string): string | null {
  const bytes = fs.readFileSync(path.join(root, file));
  return bytes.includes(0) ? null : bytes.toString('utf8');
}

// Examples are written in pieces (`${md}`, `${section}`) where they would trip this file's
// own check: a refused reference, or a path that resolves only from another folder.
const md = '.md';
const section = '\u00a7';
const productIndex = `docs/product/README${md}`;
const known = new Set([
  'README.md',
  'docs',
  'docs/architecture.md',
  'docs/spec-differences.md',
  productIndex,
]);
const exists = (repoPath: string) => known.has(repoPath);
const problemsIn = (file: string, text: string) =>
  referenceProblems(file, text, exists).map((found) => found.line);

describe('the reference matcher', () => {
  it('finds a relative Markdown link to a missing file, and only in Markdown', () => {
    const text = ['[ok](spec-differences.md)', `[gone](decisions/0001-x${md})`].join('\n');
    expect(problemsIn('docs/architecture.md', text)).toEqual([2]);
    expect(problemsIn('server/src/x.ts', '// [gone](decisions/none.ts)')).toEqual([]);
  });

  it('finds a source file a Markdown document names that is not in the repository', () => {
    const gone = '`server/src/speed/' + 'gone.ts`';
    const text = ['Read `docs/architecture.md`.', `Read ${gone}, or \`speed/x.ts\`.`].join('\n');
    expect(problemsIn(productIndex, text)).toEqual([2]);
    expect(problemsIn('server/src/x.ts', `// ${gone}`)).toEqual([]);
  });

  it('leaves web links, anchors and folders alone, and reads a link from the root', () => {
    const text = [
      '[web](https://example.com/x.md) [mail](mailto:a@b.c) [here](#limits)',
      `[anchor](../spec-differences${md}#journeys) [folder](..) [root](/docs/architecture.md)`,
    ].join('\n');
    expect(problemsIn(productIndex, text)).toEqual([]);
  });

  it('finds a missing .md path named in a comment, not a domain or a URL', () => {
    const text = [
      '// see docs/architecture.md and README.md',
      `// see docs/product/gone${md}`,
      "{ domain: 'google.md' } // https://github.com/o/r/blob/main/NOTES.md",
      `// CHANGELOG${md}`,
    ].join('\n');
    expect(problemsIn('server/src/x.ts', text)).toEqual([2, 4]);
  });

  it('finds documents a clone does not have, once a line', () => {
    const cited = [
      `// ${'DESIGN'}${md}`,
      `// ${'STYLE'}${md}`,
      `// see ${'contracts'}/serp.yaml`,
      `// (${'issue'} 13)`,
      `// ${'issues'} 15 and 16`,
      `// ${'issue'} #5`,
      `// ${'Spec'} 002`,
      `// spec ${section} 4`,
      `// DESIGN ${section}2`,
    ];
    expect(problemsIn('server/src/x.ts', cited.join('\n'))).toEqual(
      cited.map((_, index) => index + 1),
    );
  });

  it("allows other projects' trackers and plain words", () => {
    const text = [
      '// serpbear#181, lighthouse#9845, https://github.com/o/r/issues/9845',
      '// the spec route, an issue with the cache, contracts of the port',
    ].join('\n');
    expect(problemsIn('server/src/x.ts', text)).toEqual([]);
  });

  it('lets docs/spec-differences.md name sections, not link to missing files', () => {
    const text = [`| spec ${section} 3 |`, `[gone](gone${md})`].join('\n');
    expect(problemsIn('docs/spec-differences.md', text)).toEqual([2]);
  });

  it('skips lockfiles, fixtures and recordings', () => {
    expect(isScanned('package-lock.json')).toBe(false);
    expect(isScanned('server/src/providers/serp/fixtures/a.json')).toBe(false);
    expect(isScanned('core/test-fixtures/a.ts')).toBe(false);
    expect(isScanned('e2e/recordings/a.har')).toBe(false);
    expect(isScanned('docs/architecture.md')).toBe(true);
  });
});

describe('the repository', () => {
  it('points only at documents it holds', () => {
    const files = repositoryFiles();
    const present = new Set(files.flatMap((file) => [file, ...folders(file)]));
    const problems = files.filter(isScanned).flatMap((file) => {
      const text = textOf(file);
      if (text === null) return [];
      return referenceProblems(file, text, (repoPath) => present.has(repoPath)).map(
        ({ line, problem }) => `${file}:${line}: ${problem}`,
      );
    });
    expect(problems).toEqual([]);
  });
});

/** Every folder above a file: a link may point at a folder. */
function folders(file: string): string[] {
  const parts = file.split('/').slice(0, -1);
  return parts.map((_, index) => parts.slice(0, index + 1).join('/'));
}
