import path from 'node:path';

/**
 * What a repository text file may not point at: a document that is not in the repository.
 * A clone is all a reader has, so a link, a mentioned `.md` path or a cited outside
 * document (the product's specifications, design notes, our tracker) must resolve in it.
 */

export interface ReferenceProblem {
  line: number;
  problem: string;
}

const DESIGN_NOTES = /\b(?:STYLE|DESIGN)\.md\b/;

/** Documents a clone does not have. Another project's tracker (`serpbear#181`) is fine. */
const OUTSIDE_DOCUMENTS: { pattern: RegExp; what: string }[] = [
  { pattern: DESIGN_NOTES, what: 'design or style notes' },
  { pattern: /(?<![\w./-])contracts\//, what: 'the contracts folder' },
  { pattern: /\bissues?\s+#?\d+/i, what: 'our issue tracker' },
];

/** Section numbers of the specifications; `docs/spec-differences.md` may name them. */
const SPEC_SECTIONS = /\bspec\s+0\d\d\b|\bspec\s*§|§\s*\d/i;
const MAY_NAME_SPEC_SECTIONS = 'docs/spec-differences.md';

const MARKDOWN_LINK = /\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
/** A link's target, left out of the prose a Markdown line is read as. */
const LINK_TARGET = /\]\([^)]*\)/g;
/** A `.md` path: with a folder, or a capitalised name (README.md); `google.md` is a domain. */
const MD_PATH = /(?<![\w./:@-])((?:[\w.-]+\/)+[\w.-]+\.md|[A-Z][A-Z0-9_-]*\.md)\b/g;

/** A source file a Markdown document names in code spans, from the repository's root. */
const SOURCE_PATH =
  /`((?:server|web|core|e2e|bench|scripts|sandbox|docs|build)\/[\w./-]+\.[a-z]{1,4})`/g;

/** A link target that leaves the repository or stays on the page. */
function isExternal(target: string): boolean {
  return /^(?:[a-z][a-z0-9+.-]*:|#|\/\/)/i.test(target);
}

/** `%20` and the like as the file name holds them; a malformed escape stays as written. */
function decoded(target: string): string {
  try {
    return decodeURI(target);
  } catch {
    return target;
  }
}

/**
 * The problems of one file's text. `exists` answers for a path relative to the
 * repository's root (a file or a folder).
 */
export function referenceProblems(
  file: string,
  text: string,
  exists: (repoPath: string) => boolean,
): ReferenceProblem[] {
  const dir = path.posix.dirname(file);
  const fromHere = (target: string) => exists(path.posix.join(dir, target));
  const fromHereOrRoot = (target: string) =>
    fromHere(target) || exists(path.posix.normalize(target));
  const isMarkdown = file.endsWith('.md');
  const problems: ReferenceProblem[] = [];
  text.split('\n').forEach((content, index) => {
    const add = (problem: string) => problems.push({ line: index + 1, problem });
    if (isMarkdown) {
      for (const [, raw = ''] of content.matchAll(MARKDOWN_LINK)) {
        const target = decoded(raw.split('#')[0] ?? '');
        if (isExternal(raw) || target === '') continue;
        const found = target.startsWith('/') ? exists(target.slice(1)) : fromHere(target);
        if (!found) add(`links to ${raw}, which is not in the repository`);
      }
      for (const [, source = ''] of content.matchAll(SOURCE_PATH)) {
        if (!exists(source)) add(`names ${source}, which is not in the repository`);
      }
    }
    // Link targets were checked above; design notes are named by the rules below.
    const prose = isMarkdown ? content.replace(LINK_TARGET, '](') : content;
    for (const [, mentioned = ''] of prose.matchAll(MD_PATH)) {
      if (DESIGN_NOTES.test(mentioned) || fromHereOrRoot(mentioned)) continue;
      add(`names ${mentioned}, which is not in the repository`);
    }
    for (const { pattern, what } of OUTSIDE_DOCUMENTS) {
      const found = pattern.exec(content);
      if (found) add(`cites ${what} ("${found[0]}"), which a clone does not have`);
    }
    const section = file === MAY_NAME_SPEC_SECTIONS ? null : SPEC_SECTIONS.exec(content);
    if (section) add(`cites a specification's section ("${section[0]}"); say the rule itself`);
  });
  return problems;
}

/** Tracked files that are not text worth reading: lockfiles, fixtures, recordings. */
export function isScanned(file: string): boolean {
  return !/(?:^|\/)(?:node_modules|dist|fixtures|test-fixtures|recordings)\/|(?:^|\/)(?:package-lock\.json|yarn\.lock|pnpm-lock\.yaml)$/.test(
    file,
  );
}
