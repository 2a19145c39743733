import { summaryInParts, type SandboxManifest, type SandboxPage } from '@sandbox';
import { PhraseBackground, type RankingPage } from './ranking-phrases';

/** A sandbox page as a ranking page: title and headings up front; everything it says, in parts. */
function textOf(page: SandboxPage): RankingPage {
  return {
    upFront: [page.title, page.h1, ...page.h2].filter(Boolean).join('\n'),
    body: summaryInParts(page),
  };
}

/**
 * The sandbox web's pages read from its manifest, without a request: the text of each URL
 * it serves, keyed by URL (read once, when first asked); none without the sandbox.
 */
export function sandboxPageTexts(
  manifest: (() => SandboxManifest) | null,
): (url: string) => RankingPage | null {
  let byUrl: Map<string, SandboxPage> | undefined;
  return (url) => {
    if (!manifest) return null;
    byUrl ??= new Map(manifest().pages.map((page) => [page.url, page]));
    const page = byUrl.get(url);
    return page && page.status === 200 ? textOf(page) : null;
  };
}

/** Each manifest's backgrounds by language: built once, however many apps read the manifest. */
const backgroundsOf = new WeakMap<SandboxManifest, Map<string, PhraseBackground>>();

/**
 * Backgrounds of what pages say in general, per language, from the sandbox web's pages in
 * that language (read once, when first asked). Without the sandbox, or for a language it
 * has no pages in, the background is empty and every phrase counts as rare.
 */
export function sandboxBackgrounds(
  manifest: (() => SandboxManifest) | null,
): (language: string) => PhraseBackground {
  const none = new Map<string, PhraseBackground>();
  return (language) => {
    const code = language.slice(0, 2).toLowerCase();
    const read = manifest?.();
    let built = read ? backgroundsOf.get(read) : none;
    if (!built) backgroundsOf.set(read!, (built = new Map()));
    let background = built.get(code);
    if (!background) {
      background = new PhraseBackground(code);
      // Headings too: a template's ("Related articles") is on every page of its sites.
      const topicOf = new Map(read?.sites.map((site) => [site.id, site.topic]));
      for (const page of read?.pages ?? []) {
        if (!page.searchable || !(page.lang ?? 'en').startsWith(code)) continue;
        const text = textOf(page);
        background.add(`${text.upFront}\n${text.body}`, topicOf.get(page.site));
      }
      built.set(code, background);
    }
    return background;
  };
}
