/**
 * The pet shop's interactive pages, for Lighthouse user flows (sign in, add to cart,
 * measure): a sign-in form, the account page it opens, the cart, and the add-to-cart button
 * of every product page, whose click runs a planted long task.
 *
 * None of it is a content page: the pages are not in the model's `pages`, so the manifest's
 * page list, the sitemap and the search index leave them out, and robots.txt disallows them.
 * Nothing is kept in server memory: the session cookie holds a constant token worked out
 * from the demo credentials, and the cart lives in a cookie the page's script writes, so any
 * app process answers the same.
 */
import { createHash } from 'node:crypto';
import { container, heading, paragraph } from './blocks';
import { sandboxOrigin } from './host';
import type { Block, ImageSpec, PageModel, PageTemplate, SandboxModel, SiteModel } from './model';
import { renderPage } from './render-page';
import type { SandboxResponse } from './respond';
import { seasonDay } from './schedule';

/** The demo customer and the paths of the shop's interactive pages: fixed, the same on every run. */
export const SHOP_ACCOUNT = {
  email: 'demo@petshop.example',
  password: 'kibble-and-treats-42',
  signInPath: '/account/sign-in',
  signOutPath: '/account/sign-out',
  accountPath: '/account',
  cartPath: '/cart',
  /** HttpOnly cookie that a successful sign-in sets. */
  sessionCookie: 'petshop_session',
  /** Cookie the add-to-cart script writes: the variants' SKUs joined by dots. */
  cartCookie: 'petshop_cart',
  addToCartSelector: 'button.add-to-cart',
  /** Milliseconds of the synchronous busy loop each add-to-cart click runs. */
  addToCartLongTaskMs: 400,
  /**
   * The planted slow release: on `days` days of each season from `fromSeasonDay`, the click's
   * busy loop runs `longTaskMs`, so a tracked flow sees a regression come and go.
   */
  slowCartWeek: { fromSeasonDay: 63, days: 7, longTaskMs: 900 },
} as const;

/** How long an add-to-cart click's busy loop runs on sandbox day `day`. */
export function addToCartLongTaskMsOn(day: number): number {
  const { fromSeasonDay, days, longTaskMs } = SHOP_ACCOUNT.slowCartWeek;
  const into = seasonDay(day) - fromSeasonDay;
  return into >= 0 && into < days ? longTaskMs : SHOP_ACCOUNT.addToCartLongTaskMs;
}

/** Stands for the day's busy-loop length in a product page until it is served (pageHtml). */
export const ADD_TO_CART_MS_TOKEN = '__SANDBOX_ADD_TO_CART_MS__';

/** The session cookie's value: derived from the credentials, so every process agrees on it. */
export const SESSION_TOKEN = createHash('sha256')
  .update(`petshop-session\n${SHOP_ACCOUNT.email}\n${SHOP_ACCOUNT.password}`)
  .digest('hex')
  .slice(0, 32);

const ADDED_TEXT = 'Added to cart';
const SIGN_IN_ERROR = 'The email or password is incorrect.';
/** The cart keeps the last this many items added. */
const CART_LIMIT = 50;
/** The largest form body a sign-in reads. */
export const MAX_FORM_BYTES = 16 * 1024;

/**
 * What a click on the add-to-cart button runs: the planted long task, then the item into the
 * cart cookie, the cart count and the status line. It stops the click there, so a long-tasks
 * page's own click handler on the document does not add to the task. The cart link and its
 * count are written when the script runs, during parsing: no words of the served HTML, and
 * no link a crawler would follow.
 */
function addToCartScript(): string {
  const { cartCookie, cartPath, addToCartSelector } = SHOP_ACCOUNT;
  return [
    '(function(){',
    `var name=${JSON.stringify(cartCookie)};`,
    `function read(){var m=new RegExp('(?:^|; )'+name+'=([^;]*)').exec(document.cookie);return m&&m[1]?m[1].split('.'):[];}`,
    'function show(items){var s=document.querySelector(".cart-summary");var a=document.createElement("a");',
    `a.href=${JSON.stringify(cartPath)};a.textContent="Cart";var c=document.createElement("span");`,
    'c.className="cart-count";c.textContent=String(items.length);s.textContent="";s.append(a," (",c,")");}',
    'show(read());',
    `var button=document.querySelector(${JSON.stringify(addToCartSelector)});`,
    'button.addEventListener("click",function(event){event.stopPropagation();',
    `var end=performance.now()+${ADD_TO_CART_MS_TOKEN};while(performance.now()<end){}`,
    `var items=read().concat(button.getAttribute("data-sku")).slice(-${CART_LIMIT});`,
    'document.cookie=name+"="+items.join(".")+"; path=/; SameSite=Lax";',
    `show(items);document.querySelector(".cart-status").textContent=${JSON.stringify(ADDED_TEXT)};});`,
    '})();',
  ].join('');
}

/**
 * A product page's add-to-cart button for the variant `sku`, its status line (empty until a
 * click), the cart summary and the script: no visible words beyond the button's.
 */
export function addToCartBlocks(text: string, sku: string): Block[] {
  return [
    { kind: 'button', text, className: 'add-to-cart', data: { sku } },
    { kind: 'paragraph', runs: [], className: 'cart-status', role: 'status' },
    { kind: 'paragraph', runs: [], className: 'cart-summary' },
    { kind: 'script', code: addToCartScript() },
  ];
}

/** A request to the shop beyond its method and URL. */
export interface ShopRequest {
  /** The `Cookie` header. */
  cookie?: string | undefined;
  /** The `Content-Type` header. */
  contentType?: string | undefined;
  /** The body of a POST; null when it was larger than MAX_FORM_BYTES. */
  body?: string | null | undefined;
}

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

const money = (value: number): string => `$${value.toFixed(2)}`;

function plain(status: number, text: string, extra: Record<string, string> = {}): SandboxResponse {
  return {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...extra },
    body: text,
    delayMs: 0,
  };
}

/**
 * Answers the pet shop's sign-in, sign-out, account and cart paths; null for any other
 * request, which the rest of the sandbox answers.
 */
export type ShopAccountResponder = (
  site: SiteModel,
  port: number,
  method: string,
  path: string,
  request: ShopRequest,
) => SandboxResponse | null;

export function createShopAccount(
  sandbox: SandboxModel,
  images: ReadonlyMap<string, ImageSpec>,
): ShopAccountResponder {
  const { signInPath, signOutPath, accountPath, cartPath, sessionCookie, cartCookie } =
    SHOP_ACCOUNT;
  // The site's header and footer, as its contact page shows them.
  const shopSite = sandbox.shop.site;
  const contact = sandbox.pages.find((page) => page.site === shopSite && page.path === '/contact');
  const chrome = (tag: 'header' | 'footer'): Block[] =>
    (contact?.body ?? []).filter((block) => block.kind === 'container' && block.tag === tag);
  const variants = new Map(
    sandbox.shop.products.flatMap((product) =>
      product.variants.map((variant) => [variant.sku, { product, variant }] as const),
    ),
  );

  const html = (
    site: SiteModel,
    port: number,
    path: string,
    template: PageTemplate,
    title: string,
    main: Block[],
    extra: Record<string, string> = {},
  ): SandboxResponse => {
    const page: PageModel = {
      site: site.id,
      path,
      template,
      status: 200,
      lang: site.lang,
      title: `${title} | ${site.name}`,
      description: null,
      canonical: { kind: 'none' },
      profile: 'light',
      speed: { blockingDelayMs: null, longTasksMs: [], lateInsert: null },
      headLinks: [],
      body: [...chrome('header'), container('main', main), ...chrome('footer')],
      schema: { encoding: 'none', nodes: [], broken: false },
      searchable: false,
      schedule: null,
    };
    return {
      status: 200,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        ...extra,
      },
      body: renderPage(page, { port, images, lateBannerText: '' }),
      delayMs: 0,
    };
  };

  const seeOther = (
    site: SiteModel,
    port: number,
    path: string,
    extra: Record<string, string> = {},
  ): SandboxResponse =>
    plain(303, '', { location: `${sandboxOrigin(site.id, port)}${path}`, ...extra });

  const signInPage = (site: SiteModel, port: number, failed: { email: string } | null) =>
    html(site, port, signInPath, 'sign-in', 'Sign in', [
      heading(1, 'Sign in'),
      ...(failed
        ? [
            {
              kind: 'paragraph',
              runs: [SIGN_IN_ERROR],
              className: 'form-error',
              role: 'alert',
            } satisfies Block,
          ]
        : []),
      {
        kind: 'form',
        action: signInPath,
        className: 'sign-in',
        fields: [
          {
            id: 'email',
            name: 'email',
            type: 'email',
            label: 'Email',
            autocomplete: 'username',
            ...(failed && { value: failed.email }),
          },
          {
            id: 'password',
            name: 'password',
            type: 'password',
            label: 'Password',
            autocomplete: 'current-password',
          },
        ],
        submit: 'Sign in',
      },
    ]);

  const cartPage = (site: SiteModel, port: number, request: ShopRequest) => {
    const skus = (cookieValue(request.cookie, cartCookie) ?? '').split('.');
    const items = skus.flatMap((sku) => variants.get(sku) ?? []).slice(-CART_LIMIT);
    const main: Block[] = [heading(1, 'Your cart')];
    if (items.length === 0) {
      main.push(
        paragraph('Your cart is empty.'),
        paragraph({ text: 'Continue shopping', href: sandbox.shop.listingPaths[0] ?? '/' }),
      );
    } else {
      const total = items.reduce((sum, { variant }) => sum + variant.price, 0);
      main.push(
        paragraph(`${items.length} ${items.length === 1 ? 'item' : 'items'} in your cart.`),
        {
          kind: 'list',
          ordered: false,
          className: 'cart-items',
          items: items.map(({ variant }) => [
            { text: variant.name, href: variant.path },
            ` · ${variant.sku} · ${money(variant.price)}`,
          ]),
        },
        paragraph({ text: `Total: ${money(Math.round(total * 100) / 100)}`, strong: true }),
      );
    }
    return html(site, port, cartPath, 'cart', 'Your cart', main);
  };

  return (site, port, method, path, request) => {
    if (site.id !== shopSite) return null;
    const signedIn = cookieValue(request.cookie, sessionCookie) === SESSION_TOKEN;
    const readable = method === 'GET' || method === 'HEAD';
    const notAllowed = (allow: string) => plain(405, 'Method not allowed\n', { allow });
    switch (path) {
      case signInPath: {
        if (readable) return signInPage(site, port, null);
        if (method !== 'POST') return notAllowed('GET, HEAD, POST');
        const type = (request.contentType ?? '').split(';')[0]?.trim().toLowerCase();
        if (type !== 'application/x-www-form-urlencoded')
          return plain(415, 'Send the form as application/x-www-form-urlencoded\n');
        if (request.body === null) return plain(413, 'Payload too large\n');
        const form = new URLSearchParams(request.body ?? '');
        const email = (form.get('email') ?? '').trim();
        const password = form.get('password') ?? '';
        if (email.toLowerCase() !== SHOP_ACCOUNT.email || password !== SHOP_ACCOUNT.password)
          return signInPage(site, port, { email });
        return seeOther(site, port, accountPath, {
          'set-cookie': `${sessionCookie}=${SESSION_TOKEN}; Path=/; HttpOnly; SameSite=Lax`,
        });
      }
      case signOutPath:
        if (method !== 'POST') return notAllowed('POST');
        return seeOther(site, port, signInPath, {
          'set-cookie': `${sessionCookie}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`,
        });
      case accountPath:
        if (!readable) return notAllowed('GET, HEAD');
        if (!signedIn) return seeOther(site, port, signInPath);
        return html(site, port, accountPath, 'account', 'Your account', [
          heading(1, `Your account: ${SHOP_ACCOUNT.email}`),
          paragraph(`Signed in as ${SHOP_ACCOUNT.email}.`),
          paragraph({ text: 'View your cart', href: cartPath }),
          {
            kind: 'form',
            action: signOutPath,
            className: 'sign-out',
            fields: [],
            submit: 'Sign out',
          },
        ]);
      case cartPath:
        if (!readable) return notAllowed('GET, HEAD');
        return cartPage(site, port, request);
      default:
        return null;
    }
  };
}
