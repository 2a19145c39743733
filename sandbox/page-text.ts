import type { Block, Inline, PageModel } from './model';
import { countWords } from '@core/visible-text';

function inlineText(runs: readonly Inline[]): string {
  return runs.map((run) => (typeof run === 'string' ? run : run.text)).join('');
}

/**
 * The visible lines of blocks, as the renderer lays them out: one line per block-level
 * element, nothing from hidden containers, noscript, template, alt text or video.
 */
export function visibleLines(blocks: readonly Block[]): string[] {
  const lines: string[] = [];
  for (const block of blocks) {
    switch (block.kind) {
      case 'heading':
      case 'button':
        lines.push(block.text);
        break;
      case 'paragraph':
        lines.push(inlineText(block.runs));
        break;
      case 'list':
        for (const item of block.items) lines.push(inlineText(item));
        break;
      case 'table':
        lines.push(...block.head);
        for (const row of block.rows) lines.push(...row);
        break;
      case 'figure':
        if (block.caption !== null) lines.push(block.caption);
        break;
      case 'quote':
        lines.push(block.text, block.cite);
        break;
      case 'links':
        lines.push(block.links.map((link) => link.text).join(' '));
        break;
      case 'breadcrumb':
        for (const item of block.items) lines.push(item.text);
        break;
      case 'container':
        if (block.hidden === undefined) lines.push(...visibleLines(block.blocks));
        break;
      case 'form':
        for (const field of block.fields) lines.push(field.label);
        lines.push(block.submit);
        break;
      case 'script':
      case 'video':
      case 'noscript':
      case 'template':
        break;
    }
  }
  return lines;
}

function collectHeadings(blocks: readonly Block[], out: { level: number; text: string }[]): void {
  for (const block of blocks) {
    if (block.kind === 'heading') out.push({ level: block.level, text: block.text });
    else if (block.kind === 'container') collectHeadings(block.blocks, out);
  }
}

function mainBlocks(blocks: readonly Block[]): Block[] {
  const found: Block[] = [];
  for (const block of blocks) {
    if (block.kind !== 'container') continue;
    if (block.tag === 'main') found.push(...block.blocks);
    else found.push(...mainBlocks(block.blocks));
  }
  return found;
}

export interface ModelFacts {
  wordCount: number;
  h1: string | null;
  h2: string[];
  /** Visible text of the `<main>` element. */
  mainText: string;
}

/** Facts read from the model, in document order: what an analyzer should find in the HTML. */
export function modelFacts(page: PageModel): ModelFacts {
  const headings: { level: number; text: string }[] = [];
  collectHeadings(page.body, headings);
  return {
    wordCount: countWords(visibleLines(page.body).join('\n')),
    h1: headings.find((h) => h.level === 1)?.text ?? null,
    h2: headings.filter((h) => h.level === 2).map((h) => h.text),
    mainText: visibleLines(mainBlocks(page.body)).join('\n'),
  };
}
