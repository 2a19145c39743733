/**
 * A page's weight: what a browser fetches to show it, by the resource types of Lighthouse's
 * `resource-summary`, in the body bytes the sandbox serves. The sandbox compresses nothing,
 * so a response's transfer size is these bytes plus its headers (RESPONSE_HEADER_BYTES).
 */
import { RESOURCE_TYPES, type Resources, type ResourceType } from '@core/budgets/resources';
import { imageBytes } from './images';
import type { Block, ImageSpec, PageModel, SiteModel } from './model';
import { pageHtml } from './respond';
import { blockingCss, blockingJs, siteCss } from './site-files';

export type ResourceWeight = Resources[ResourceType];

/**
 * What a sandbox response's headers add to its body in a browser's transfer size: the
 * sandbox's policy headers, type, cache policy, length and date, and keep-alive. Lighthouse
 * 13 reports 571 to 584 bytes a response through the speed pool's proxy, by type and length.
 */
export const RESPONSE_HEADER_BYTES = 575;

export interface PageWeight {
  /**
   * What every load of the page fetches, exactly: the document, its stylesheets and
   * scripts, its images not marked `loading=lazy` and its videos' posters, each URL once.
   * Nothing else: no fonts (the one `@font-face` is `local()`), no media (videos say
   * `preload=none`), no favicon (the icon is a `data:` URL), no third party, nor the beacon
   * script serve.ts adds to the pages of a site registered for real-user data.
   */
  eager: Resources;
  /**
   * The `loading=lazy` images not also loaded eagerly. A browser fetches the ones within a
   * distance of its viewport (Chromium's depends on its connection estimate; Lighthouse's
   * mobile runs fetched them about 2,500 px below it), so the layout decides: a load fetches
   * from none to all of them, on top of `eager`.
   */
  lazyImages: ResourceWeight;
}

/** Images a page's blocks load, in document order: figures, and video posters (never lazy). */
function imagesOf(blocks: readonly Block[]): { name: string; lazy: boolean }[] {
  return blocks.flatMap((block) => {
    if (block.kind === 'figure') return [{ name: block.image, lazy: block.lazy }];
    if (block.kind === 'video') return [{ name: block.poster, lazy: false }];
    if (block.kind === 'container') return imagesOf(block.blocks);
    return [];
  });
}

const textBytes = (text: string): number => Buffer.byteLength(text, 'utf8');

/** The weight of `page` of `site` served on `port`, from the same renderers the server uses. */
export function weighPage(
  page: PageModel,
  site: SiteModel,
  port: number,
  images: ReadonlyMap<string, ImageSpec>,
): PageWeight {
  const eager = Object.fromEntries(
    RESOURCE_TYPES.map((type) => [type, { requests: 0, bytes: 0 }]),
  ) as Resources;
  const add = (type: ResourceType, bytes: number): void => {
    for (const row of [eager[type], eager.total]) {
      row.requests += 1;
      row.bytes += bytes;
    }
  };
  // A scheduled page's dates are ten characters on any day: its length on the day it is
  // first published is its length on every day it answers.
  add('document', textBytes(pageHtml(page, site, port, images, page.schedule?.publishedDay ?? 0)));
  add('stylesheet', textBytes(siteCss(site)));
  const delay = page.speed.blockingDelayMs;
  if (delay !== null) {
    add('stylesheet', textBytes(blockingCss(delay)));
    add('script', textBytes(blockingJs(delay)));
  }
  const found = imagesOf(page.body);
  const eagerNames = new Set(found.filter((image) => !image.lazy).map((image) => image.name));
  const lazyNames = new Set(
    found.filter((image) => image.lazy && !eagerNames.has(image.name)).map((image) => image.name),
  );
  const bytesOf = (name: string): number => {
    const spec = images.get(name);
    if (!spec) throw new Error(`Page ${page.site}${page.path} shows an unknown image: ${name}`);
    return imageBytes(spec);
  };
  for (const name of eagerNames) add('image', bytesOf(name));
  const lazyImages = { requests: lazyNames.size, bytes: 0 };
  for (const name of lazyNames) lazyImages.bytes += bytesOf(name);
  return { eager, lazyImages };
}
