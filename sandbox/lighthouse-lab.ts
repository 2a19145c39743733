/**
 * The Lighthouse lab: a small site whose pages fail Lighthouse audits on purpose, for tests
 * of the categories beside performance (accessibility, best practices, SEO, agentic
 * browsing). Each faulty page fails the audits its `lighthouseFaults` name, on the element
 * they name, and none of the others planted here; the launch checklist fails none of them,
 * for contrast. The site is the one that serves `/llms.txt` and the one that answers without
 * the sandbox's `X-Robots-Tag: noindex`, so that only a page's own robots meta decides
 * indexing. Everything is written by hand, with no PRNG: the site moves nothing else.
 *
 * Its pages are light, answer 200 without redirects and stay out of the search index
 * (`searchable: false`): the searches of the web-performance topic it belongs to rank as
 * they did without it.
 */
import { container, heading, linkList, paragraph } from './blocks';
import { lightImageName } from './images';
import type { Block, LighthouseFault, LlmsTxt, PageModel, SiteModel } from './model';

export const LIGHTHOUSE_LAB_ID = 'page-checkup';

const NAME = 'Page Checkup';
const SEPARATOR = ' | ';

/** The planted faults' elements and console message, as the pages render them. */
const LAB_FAULTS = {
  /** The `<img>` without alt text. */
  imageId: 'storefront-photo',
  /** The paragraph of light grey text (#bbb on the white page: 1.9:1, below the 4.5:1 asked). */
  faintTextId: 'photo-credit',
  faintTextStyle: 'color:#bbb',
  consoleError: 'Comments widget: no site key is configured, so comments are switched off.',
} as const;

interface LabPage {
  path: string;
  template: 'home' | 'article';
  headline: string;
  /** Null: the page has no meta description (a planted fault). */
  description: string | null;
  /** The llms.txt note; null keeps the page out of llms.txt (the noindex draft). */
  note: string | null;
  robots?: string;
  faults: LighthouseFault[];
  article: Block[];
}

const GUIDES = {
  checklist: '/guides/launch-checklist',
  images: '/guides/describing-images',
  snippets: '/guides/search-snippets',
  console: '/guides/console-errors',
} as const;
const DRAFT = '/drafts/redirect-map';

const NAV: { text: string; href: string }[] = [
  { text: 'Home', href: '/' },
  { text: 'Launch checklist', href: GUIDES.checklist },
  { text: 'Images', href: GUIDES.images },
  { text: 'Snippets', href: GUIDES.snippets },
  { text: 'Console', href: GUIDES.console },
];

function figure(image: number, alt: string | null, caption: string | null, id?: string): Block {
  return {
    kind: 'figure',
    image: lightImageName(image),
    alt,
    caption,
    sized: true,
    lazy: false,
    ...(id === undefined ? {} : { id }),
  };
}

const PAGES: readonly LabPage[] = [
  {
    path: '/',
    template: 'home',
    headline: NAME,
    description:
      'Short, practical guides to the checks a web page should pass before launch: accessible images and text, search snippets, indexing and a quiet console.',
    note: 'what the site covers and where to start',
    faults: [],
    article: [
      paragraph(
        'Page Checkup is a small collection of guides to the checks we run on every page before it goes live. Each guide takes one problem that automated audits flag, explains why it matters to visitors and to search engines, and shows the fix in a few lines of HTML.',
      ),
      heading(2, 'Guides'),
      linkList([
        { text: 'The pre-launch checklist', href: GUIDES.checklist },
        { text: 'Describing images for screen readers', href: GUIDES.images },
        { text: 'Writing search snippets that get clicked', href: GUIDES.snippets },
        { text: 'Reading the browser console before launch', href: GUIDES.console },
      ]),
      heading(2, 'How we test'),
      paragraph(
        'We load each page in a fresh browser profile on a mid-range phone profile, read the accessibility tree, and keep the console open from the first byte. A page is ready when it passes every check on the list, not when it looks right on the designer’s screen.',
      ),
    ],
  },
  {
    path: GUIDES.checklist,
    template: 'article',
    headline: 'The Pre-Launch Checklist',
    description:
      'Five checks to run on every page before launch, from image descriptions to the browser console, with what each one catches.',
    note: 'the five checks in one page, each passed',
    faults: [],
    article: [
      paragraph(
        'A launch goes better when the last day is spent on checks rather than fixes. These five take a few minutes a page and catch the problems visitors notice first.',
      ),
      figure(4, 'A laptop showing an audit report next to a printed checklist', null),
      heading(2, 'Describe every image'),
      paragraph(
        'Every image that carries information needs alt text that says what it shows. Decorative images get an empty alt attribute so that screen readers skip them.',
      ),
      heading(2, 'Keep text readable'),
      paragraph(
        'Body text needs a contrast ratio of at least 4.5 to 1 against its background. Dark grey on white passes easily; light grey on white does not.',
      ),
      heading(2, 'Write the snippet yourself'),
      paragraph(
        'A meta description tells search engines how to summarise the page. Without one they pick a sentence for you, often the cookie notice.',
      ),
      heading(2, 'Let search engines in'),
      paragraph(
        'Check that no robots meta tag or header left over from staging tells crawlers to stay away from a page you want found.',
      ),
      heading(2, 'Open the console'),
      paragraph(
        'Load the page with the developer tools open. Any error logged there is a feature that failed for every visitor, even when the page looks fine.',
      ),
    ],
  },
  {
    path: GUIDES.images,
    template: 'article',
    headline: 'Describing Images for Screen Readers',
    description:
      'How to write alt text that tells screen reader users what an image shows, and why light grey captions fail readers too.',
    note: 'alt text and readable captions',
    faults: [
      { audit: 'image-alt', selector: `img#${LAB_FAULTS.imageId}` },
      { audit: 'color-contrast', selector: `p#${LAB_FAULTS.faintTextId}` },
    ],
    article: [
      paragraph(
        'A screen reader announces an image by its alt text. Without one it reads out the file name, or says nothing at all, and the visitor never learns what the picture was for.',
      ),
      figure(7, null, null, LAB_FAULTS.imageId),
      {
        kind: 'paragraph',
        id: LAB_FAULTS.faintTextId,
        className: 'fine-print',
        style: LAB_FAULTS.faintTextStyle,
        runs: [
          'Photo: the storefront of our test shop on a rainy afternoon, taken by the Page Checkup team.',
        ],
      },
      heading(2, 'What good alt text says'),
      paragraph(
        'Say what the image shows in the context of the page, in a sentence or less. A product photo names the product and its colour; a chart gives its main finding. Leave out words like “image of”, which the screen reader already says.',
      ),
      heading(2, 'Captions are text too'),
      paragraph(
        'Photo credits and captions are often set in pale grey to keep them quiet. Below a contrast ratio of 4.5 to 1 they are not quiet but unreadable for many visitors, in sunlight or on a dim screen.',
      ),
    ],
  },
  {
    path: GUIDES.snippets,
    template: 'article',
    headline: 'Writing Search Snippets That Get Clicked',
    description: null,
    note: 'meta descriptions that search engines show',
    faults: [{ audit: 'meta-description' }],
    article: [
      paragraph(
        'The few lines under a result’s title are its snippet. Search engines often take them from the page’s meta description, so a page without one leaves the choice to them.',
      ),
      figure(11, 'A search result with its title, address and two-line snippet', null),
      heading(2, 'Write for the person searching'),
      paragraph(
        'Say what the page offers and who it is for in about 150 characters. Put the words people search for near the start, and make every page’s description its own.',
      ),
      heading(2, 'Check it on every template'),
      paragraph(
        'Descriptions go missing template by template: the blog has them, the tag pages do not. Audit one page of each template before launch rather than the home page alone.',
      ),
    ],
  },
  {
    path: GUIDES.console,
    template: 'article',
    headline: 'Reading the Browser Console Before Launch',
    description:
      'Why an error in the browser console is a broken feature for every visitor, and how to find the script that logged it.',
    note: 'finding the errors a page logs',
    faults: [{ audit: 'errors-in-console', message: LAB_FAULTS.consoleError }],
    article: [
      paragraph(
        'Most visitors never open the developer tools, so an error logged to the console goes unnoticed until someone asks why the comments, the map or the checkout button stopped working.',
      ),
      heading(2, 'Errors are features that failed'),
      paragraph(
        'An uncaught exception stops the script that threw it. A message logged as an error usually means a widget gave up, often for want of a key or a setting that was only filled in on staging.',
      ),
      heading(2, 'Find where it came from'),
      paragraph(
        'The console names the script and line of each message. Reload with the console open and the cache disabled, and fix the first error before the others: later ones often follow from it.',
      ),
      heading(2, 'Comments'),
      { kind: 'script', code: `console.error(${JSON.stringify(LAB_FAULTS.consoleError)});` },
      paragraph('Comments are closed on this guide.'),
    ],
  },
  {
    path: DRAFT,
    template: 'article',
    headline: 'Draft: Planning a Redirect Map',
    description:
      'A working draft on mapping old URLs to new ones before a site migration, so that links and rankings follow the move.',
    note: null,
    robots: 'noindex',
    faults: [{ audit: 'is-crawlable', selector: 'meta[name="robots"]' }],
    article: [
      paragraph(
        'This guide is a draft and is kept out of search results until it is finished. It will cover how to list every URL of the old site, decide where each one goes, and test the redirects before the switch.',
      ),
      heading(2, 'Start from the logs'),
      paragraph(
        'The pages people actually reach are in the server logs and the analytics, not only in the sitemap. Export both and merge them into one list of old addresses to map.',
      ),
      heading(2, 'One hop, permanent'),
      paragraph(
        'Send each old URL straight to its new home with a permanent redirect. Chains of redirects slow visitors down and lose some of the signals search engines pass along.',
      ),
    ],
  },
];

/** The site's llms.txt: the guides, then the home page as optional context. */
const LLMS_TXT: LlmsTxt = {
  summary:
    'Short, practical guides to the checks a web page should pass before launch: accessible images and text, search snippets, indexing and a quiet browser console.',
  details:
    'Each guide is one page of plain HTML that explains one check, why it matters to visitors and to search engines, and how to fix a page that fails it. Start with the pre-launch checklist, which sums up the others.',
  sections: [
    {
      title: 'Guides',
      links: PAGES.filter((page) => page.template === 'article' && page.note !== null).map(
        (page) => ({ title: page.headline, path: page.path, note: page.note as string }),
      ),
    },
    {
      title: 'Optional',
      links: [{ title: `About ${NAME}`, path: '/', note: PAGES[0]?.note ?? '' }],
    },
  ],
};

function labPage(page: LabPage): PageModel {
  const header = container(
    'header',
    [
      { kind: 'links', label: 'Site', links: [{ text: NAME, href: '/' }] },
      { kind: 'links', label: 'Main', links: NAV },
    ],
    { className: 'site-header' },
  );
  const footer = container(
    'footer',
    [
      paragraph(`© 2025 ${NAME}. The guides are free to share with a link back.`),
      { kind: 'links', label: 'Footer', links: [{ text: 'All guides', href: '/' }] },
    ],
    { className: 'site-footer' },
  );
  const title =
    page.template === 'home' ? `${NAME}${SEPARATOR}Checks before launch` : page.headline;
  return {
    site: LIGHTHOUSE_LAB_ID,
    path: page.path,
    template: page.template,
    status: 200,
    lang: 'en',
    title: page.template === 'home' ? title : `${title}${SEPARATOR}${NAME}`,
    description: page.description,
    canonical: { kind: 'absolute', to: { site: LIGHTHOUSE_LAB_ID, path: page.path } },
    profile: 'light',
    speed: { blockingDelayMs: null, longTasksMs: [], lateInsert: null },
    headLinks: [],
    body: [
      header,
      container('main', [container('article', [heading(1, page.headline), ...page.article])]),
      footer,
    ],
    schema: { encoding: 'none', nodes: [], broken: false },
    searchable: false,
    schedule: null,
    ...(page.robots === undefined ? {} : { robots: page.robots }),
    lighthouseFaults: page.faults.map((fault) => ({ ...fault })),
  };
}

/** The lab's site and pages, the same on every run. */
export function buildLighthouseLab(): {
  site: SiteModel;
  pages: PageModel[];
  cleanPath: string;
} {
  const site: SiteModel = {
    id: LIGHTHOUSE_LAB_ID,
    name: NAME,
    topic: 'web-performance',
    lang: 'en',
    accent: '#1f6f5c',
    disallow: [],
    llmsTxt: LLMS_TXT,
    indexable: true,
  };
  return { site, pages: PAGES.map(labPage), cleanPath: GUIDES.checklist };
}
