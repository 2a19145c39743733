import { Fragment } from 'react';
import { markdownParts } from './lighthouse-markdown';

/** Lighthouse's Markdown as text, code and links that open in a new tab; never as HTML. */
export function LighthouseText({ markdown }: { markdown: string }) {
  return markdownParts(markdown).map((part, i) => {
    if (part.kind === 'text') return <Fragment key={i}>{part.text}</Fragment>;
    if (part.kind === 'code') return <code key={i}>{part.text}</code>;
    return (
      <a key={i} href={part.href} target="_blank" rel="noopener noreferrer">
        {part.text}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    );
  });
}
