import type { Block, Href, Inline } from './model';
import { visibleLines } from './page-text';
import { countWords } from '@core/visible-text';

/** Blocks in order with a running count of their visible words. */
export class BlockList {
  readonly blocks: Block[] = [];
  words = 0;

  add(...blocks: Block[]): this {
    for (const block of blocks) {
      this.blocks.push(block);
      this.words += countWords(visibleLines([block]).join('\n'));
    }
    return this;
  }
}

export function heading(level: 1 | 2 | 3, text: string, className?: string): Block {
  return className === undefined
    ? { kind: 'heading', level, text }
    : { kind: 'heading', level, text, className };
}

export function paragraph(...runs: Inline[]): Block {
  return { kind: 'paragraph', runs };
}

export function bulletList(items: readonly string[], ordered = false): Block {
  return { kind: 'list', ordered, items: items.map((item) => [item]) };
}

export function linkList(links: readonly { text: string; href: Href }[]): Block {
  return {
    kind: 'list',
    ordered: false,
    items: links.map((link) => [{ text: link.text, href: link.href }]),
  };
}

export function container(
  tag: Extract<Block, { kind: 'container' }>['tag'],
  blocks: Block[],
  extra: { className?: string; mainEntity?: boolean } = {},
): Block {
  return { kind: 'container', tag, blocks, ...extra };
}
