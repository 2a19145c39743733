import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildManifest } from './manifest';
import { sandboxSites } from './serve';
import { SEASON_DAYS } from './schedule';
import { addToCartLongTaskMsOn, SHOP_ACCOUNT } from './shop-account';

const manifest = buildManifest({ port: 8080 });
const account = manifest.shopAccount;

/** The sandbox day served: the start of a season, outside the slow cart week. */
let day = SEASON_DAYS * 250;

let server: FastifyInstance;
beforeAll(async () => {
  server = Fastify();
  await server.register(sandboxSites, { enabled: true, assetDelayFactor: 0, day: () => day });
  await server.ready();
});
afterAll(() => server.close());

function request(
  url: string,
  options: {
    method?: 'GET' | 'HEAD' | 'POST';
    cookie?: string;
    form?: Record<string, string>;
  } = {},
) {
  const parsed = new URL(url);
  return server.inject({
    method: options.method ?? (options.form ? 'POST' : 'GET'),
    url: `${parsed.pathname}${parsed.search}`,
    headers: {
      host: parsed.host,
      ...(options.cookie && { cookie: options.cookie }),
      ...(options.form && { 'content-type': 'application/x-www-form-urlencoded' }),
    },
    ...(options.form && { payload: new URLSearchParams(options.form).toString() }),
  });
}

const signIn = (email: string, password: string) =>
  request(account.signInUrl, { form: { email, password } });

/** `name=value` of a Set-Cookie header, as a browser sends it back. */
const cookiePair = (setCookie: string | string[] | undefined): string =>
  String(setCookie).split(';')[0] as string;

describe('the pet shop sign-in', () => {
  it('serves a form with labelled email and password inputs and a "Sign in" button', async () => {
    const res = await request(account.signInUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain(`<form method="post" action="${SHOP_ACCOUNT.signInPath}"`);
    expect(res.body).toMatch(
      /<label for="email">Email<\/label><br><input id="email" [^>]*type="email"/,
    );
    expect(res.body).toMatch(
      /<label for="password">Password<\/label><br><input id="password" [^>]*type="password"/,
    );
    expect(res.body).toContain('<button type="submit">Sign in</button>');
    expect(res.body).not.toContain('role="alert"');
    // In the site's own look: its header, stylesheet and footer.
    expect(res.body).toContain('<header class="site-header">');
    expect(res.body).toContain('<link rel="stylesheet" href="/assets/site.css">');
    expect(res.body).toContain('<footer class="site-footer">');
  });

  it('signs in with the demo credentials: 303 to the account page and a session cookie', async () => {
    const res = await signIn(account.email, account.password);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(account.accountUrl);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(new RegExp(`^${account.sessionCookie}=[0-9a-f]{32};`));
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).toContain('SameSite=Lax');
    // The same token on every sign-in: no server memory.
    expect(cookiePair((await signIn(account.email, account.password)).headers['set-cookie'])).toBe(
      cookiePair(setCookie),
    );

    const page = await request(account.accountUrl, { cookie: cookiePair(setCookie) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<h1>Your account: ${account.email}</h1>`);
    expect(page.body).toContain(`<a href="${SHOP_ACCOUNT.cartPath}">`);
  });

  it('sends a visitor without a session from the account page to the sign-in page', async () => {
    for (const cookie of [undefined, `${account.sessionCookie}=forged`]) {
      const res = await request(account.accountUrl, cookie === undefined ? {} : { cookie });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(account.signInUrl);
    }
  });

  it('answers wrong credentials with the form again, an error and no cookie', async () => {
    for (const [email, password] of [
      [account.email, 'wrong-password'],
      ['someone@petshop.example', account.password],
      ['', ''],
    ] as const) {
      const res = await signIn(email, password);
      expect(res.statusCode).toBe(200);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.body).toContain(
        '<p class="form-error" role="alert">The email or password is incorrect.</p>',
      );
      expect(res.body).toContain('<button type="submit">Sign in</button>');
    }
    // The email typed stays in its field, escaped.
    const typed = await signIn('"><b>x@y.z', 'nope');
    expect(typed.body).toContain('value="&quot;&gt;&lt;b&gt;x@y.z"');
  });

  it('signs out, refuses other methods and other encodings', async () => {
    const out = await request(account.signOutUrl, { method: 'POST' });
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe(account.signInUrl);
    expect(String(out.headers['set-cookie'])).toContain(`${account.sessionCookie}=;`);
    expect(String(out.headers['set-cookie'])).toContain('Max-Age=0');
    expect((await request(account.accountUrl, { method: 'POST' })).statusCode).toBe(405);
    const json = await server.inject({
      method: 'POST',
      url: SHOP_ACCOUNT.signInPath,
      headers: { host: new URL(account.signInUrl).host, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: account.email, password: account.password }),
    });
    expect(json.statusCode).toBe(415);
    // Another site has no sign-in page, and still takes GET and HEAD only.
    const elsewhere = await request('http://scoops.sandbox.localhost:8080/account/sign-in', {
      form: { email: account.email, password: account.password },
    });
    expect(elsewhere.statusCode).toBe(405);
  });
});

describe('the pet shop cart', () => {
  it('puts the add-to-cart button and its planted long task on every product page', async () => {
    expect(account.addToCartLongTaskMs).toBe(400);
    expect(manifest.shop.products.map((product) => product.url)).toContain(account.productUrl);
    for (const product of [manifest.shop.products[0]!, manifest.shop.products.at(-1)!]) {
      const res = await request(product.url);
      expect(res.statusCode).toBe(200);
      const sku = product.variants[0]!.sku;
      expect(res.body).toContain(
        `<button type="button" class="add-to-cart" data-sku="${sku}">Add to cart</button>`,
      );
      expect(res.body).toContain('<p class="cart-status" role="status"></p>');
      expect(res.body).toContain('<p class="cart-summary"></p>');
      const script = /<script>(\(function\(\)\{var name="petshop_cart"[\s\S]*?)<\/script>/.exec(
        res.body,
      )?.[1];
      expect(script).toBeDefined();
      expect(script).toContain(
        `var end=performance.now()+${account.addToCartLongTaskMs};while(performance.now()<end){}`,
      );
      expect(script).toContain('"Added to cart"');
      expect(script).toContain(`document.querySelector("${account.addToCartSelector}")`);
      expect(script).not.toMatch(/Math\.random|setTimeout|setInterval/);
    }
  });

  it('runs a longer long task in the planted slow week of each season, and only then', async () => {
    const { fromSeasonDay, days, longTaskMs } = account.slowCartWeek;
    expect(longTaskMs).toBeGreaterThan(account.addToCartLongTaskMs);
    const start = SEASON_DAYS * 250 + fromSeasonDay;
    const served = async (on: number) => {
      day = on;
      const html = (await request(account.productUrl)).body;
      return Number(/var end=performance\.now\(\)\+(\d+);/.exec(html)?.[1]);
    };
    try {
      expect(await served(start - 1)).toBe(account.addToCartLongTaskMs);
      expect(await served(start)).toBe(longTaskMs);
      expect(await served(start + days - 1)).toBe(longTaskMs);
      expect(await served(start + days)).toBe(account.addToCartLongTaskMs);
      // The next season plants it again, on the same days.
      expect(await served(start + SEASON_DAYS + 2)).toBe(longTaskMs);
      expect(addToCartLongTaskMsOn(start + 3)).toBe(longTaskMs);
    } finally {
      day = SEASON_DAYS * 250;
    }
  });

  it('runs the planted long task on a click, then stores the item and shows it', async () => {
    const html = (await request(account.productUrl)).body;
    const code = /<script>(\(function\(\)\{var name="petshop_cart"[\s\S]*?)<\/script>/.exec(
      html,
    )?.[1];
    expect(code).toBeDefined();
    // The script against a stand-in document, whose clock ticks a millisecond a reading.
    let cookie = `${account.cartCookie}=PS-OLD-01`;
    let clock = 0;
    class FakeElement {
      text = '';
      parts: (FakeElement | string)[] = [];
      listeners: ((event: { stopPropagation(): void }) => void)[] = [];
      className = '';
      href = '';
      get textContent(): string {
        return (
          this.text + this.parts.map((p) => (typeof p === 'string' ? p : p.textContent)).join('')
        );
      }
      set textContent(value: string) {
        this.text = value;
        this.parts = [];
      }
      append(...parts: (FakeElement | string)[]) {
        this.parts.push(...parts);
      }
      addEventListener(_type: string, listener: FakeElement['listeners'][number]) {
        this.listeners.push(listener);
      }
      getAttribute(name: string) {
        return name === 'data-sku' ? 'PS-NEW-02' : null;
      }
    }
    const found = new Map<string, FakeElement>();
    const document = {
      get cookie() {
        return cookie;
      },
      set cookie(value: string) {
        expect(value).toMatch(/; path=\/; SameSite=Lax$/);
        cookie = value.split(';')[0] as string;
      },
      querySelector: (selector: string) =>
        found.get(selector) ?? found.set(selector, new FakeElement()).get(selector)!,
      createElement: () => new FakeElement(),
    };
    const performance = { now: () => (clock += 1) };
    new Function('document', 'performance', code!)(document, performance);
    // The cart count is there from the start, and no time passed.
    expect(document.querySelector('.cart-summary').textContent).toBe('Cart (1)');
    expect(clock).toBe(0);

    let stopped = false;
    for (const listener of document.querySelector(account.addToCartSelector).listeners)
      listener({ stopPropagation: () => (stopped = true) });
    expect(stopped).toBe(true);
    expect(clock).toBeGreaterThanOrEqual(account.addToCartLongTaskMs);
    expect(clock).toBeLessThan(account.addToCartLongTaskMs + 5);
    expect(cookie).toBe(`${account.cartCookie}=PS-OLD-01.PS-NEW-02`);
    expect(document.querySelector('.cart-status').textContent).toBe('Added to cart');
    expect(document.querySelector('.cart-summary').textContent).toBe('Cart (2)');
  });

  it('lists the items in the cart cookie, or says the cart is empty', async () => {
    const empty = await request(account.cartUrl);
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('<h1>Your cart</h1>');
    expect(empty.body).toContain('<p>Your cart is empty.</p>');
    const [first, second] = manifest.shop.products;
    const skus = [first!.variants[0]!, second!.variants[0]!, first!.variants[0]!];
    const full = await request(account.cartUrl, {
      cookie: `other=1; ${account.cartCookie}=${skus.map((v) => v.sku).join('.')}.UNKNOWN`,
    });
    expect(full.statusCode).toBe(200);
    expect(full.body).toContain('<p>3 items in your cart.</p>');
    for (const variant of skus)
      expect(full.body).toContain(`>${variant.name}</a> · ${variant.sku}`);
    const total = skus.reduce((sum, variant) => sum + variant.price, 0);
    expect(full.body).toContain(`Total: $${total.toFixed(2)}`);
    expect(full.body).not.toContain('UNKNOWN');
  });
});

describe('the manifest’s shop account', () => {
  it('names fixed credentials and paths the pet shop serves, apart from its content pages', async () => {
    expect(account.site).toBe(manifest.shop.site);
    expect(account.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
    expect(account.password.length).toBeGreaterThanOrEqual(8);
    expect(buildManifest({ port: 8080 }).shopAccount).toEqual(account);
    for (const url of [account.signInUrl, account.cartUrl, account.productUrl])
      expect((await request(url)).statusCode, url).toBe(200);
    expect((await request(account.accountUrl)).statusCode).toBe(303);
    // Not content: no page entry, no sitemap entry, disallowed for crawlers.
    const listed = new Set(manifest.pages.map((page) => page.url));
    for (const url of [account.signInUrl, account.accountUrl, account.signOutUrl, account.cartUrl])
      expect(listed.has(url), url).toBe(false);
    const origin = new URL(account.signInUrl).origin;
    const sitemap = (await request(`${origin}/sitemap.xml`)).body;
    expect(sitemap).not.toContain('/account');
    expect(sitemap).not.toContain('/cart');
    const robots = (await request(`${origin}/robots.txt`)).body;
    expect(robots).toContain('Disallow: /account');
    expect(robots).toContain('Disallow: /cart');
  });
});
