/**
 * What the offline defaults cost at startup and per answer, figures that unit tests only
 * check for correctness: generating the sandbox web (its manifest, from scratch, as each
 * process does once) and ranking one keyword answer of 90 ideas with the word-list content
 * check. Prints figures; asserts nothing.
 *   npx tsx bench/sandbox-bench.ts [--runs 5]
 */
import os from 'node:os';
import { buildManifest, generateSandbox } from '@sandbox';
import { WordListModerator } from '../server/src/providers/moderation/word-list';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 5;
const ms = (start: number) => performance.now() - start;
const figures = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return `median ${median.toFixed(0)} ms, min ${sorted[0]!.toFixed(0)}, max ${sorted.at(-1)!.toFixed(0)}`;
};
console.log(`machine: ${os.cpus().length} cores, node ${process.version}`);

const generation: number[] = [];
let pages = 0;
for (let i = 0; i < runs; i++) {
  const start = performance.now();
  pages = buildManifest({ port: 8080, sandbox: generateSandbox() }).pages.length;
  generation.push(ms(start));
}
console.log(`sandbox web, ${pages} pages, generated ${runs}×: ${figures(generation)}`);

const moderator = new WordListModerator();
const answer = Array.from({ length: 90 }, (_, i) => `running shoes model ${i} for trail`);
const checks: number[] = [];
for (let i = 0; i < runs * 20; i++) {
  const start = performance.now();
  await moderator.rank(answer);
  checks.push(ms(start));
}
console.log(
  `word-list content check of a 90-keyword answer, ${checks.length}×: ${figures(checks)}`,
);
