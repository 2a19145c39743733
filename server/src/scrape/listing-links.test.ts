import { describe, expect, it } from 'vitest';
import { listingUrl, productLinks, readPagination } from './listing-links';

const PATH = '/shop/page/{page}';
const PAGE = 'https://shop.test/shop/page/2';
const chrome = `<header><nav><a href="/">Home</a> <a href="/category/toys">Toys</a> <a href="/shop/page/1">Shop</a></nav></header>`;
const pager = `<nav aria-label="Pagination"><a href="/shop/page/1">1</a> <a href="/shop/page/2">2</a> <a href="/shop/page/7">7</a> <a rel="next" href="/shop/page/3">Next</a></nav>`;

describe('listingUrl', () => {
  it('fills the page number into the listing path on the base URL', () => {
    expect(listingUrl('https://shop.test/en/', PATH, 3)).toBe('https://shop.test/shop/page/3');
    expect(listingUrl('https://shop.test', '/shop?page={page}', 2)).toBe(
      'https://shop.test/shop?page=2',
    );
  });
});

describe('productLinks', () => {
  it('takes the product cards, once each and in order, and never the chrome or pagination', () => {
    const html = `${chrome}<main>
      <ul class="product-card"><li><a href="/p/rope-1">Rope</a></li></ul>
      <ul class="product-card"><li><a href="http://10.0.0.1/p/x#top">Elsewhere</a></li></ul>
      <ul class="product-card"><li><a href="/p/rope-1">Rope again</a></li><li><a href="mailto:a@b.c">mail</a></li></ul>
      <p><a href="/blog/how-to-choose">A guide</a></p>${pager}</main>`;
    expect(productLinks(html, PAGE, PATH)).toEqual([
      'https://shop.test/p/rope-1',
      'http://10.0.0.1/p/x',
    ]);
  });

  it('without cards, takes same-origin content links that are not menu or listing links', () => {
    const html = `${chrome}<main>
      <div class="tile"><a href="/p/bone-2">Bone</a></div>
      <div class="tile"><a href="/category/toys">Toys</a></div>
      <div class="tile"><a href="https://ads.test/p/9">Ad</a></div>
      <div class="tile"><a href="/shop/page/3">More</a></div>
      <div class="tile"><a href="/p/ball-3">Ball</a></div>${pager}</main>
      <footer><a href="/about">About</a></footer>`;
    expect(productLinks(html, PAGE, PATH)).toEqual([
      'https://shop.test/p/bone-2',
      'https://shop.test/p/ball-3',
    ]);
  });
});

describe('readPagination', () => {
  it('gives the highest listing page linked and the rel=next link', () => {
    expect(readPagination(`<main>${pager}</main>`, PAGE, PATH)).toEqual({
      highest: 7,
      next: 'https://shop.test/shop/page/3',
    });
  });

  it('counts only links under the listing path on the same origin', () => {
    const html = `<link rel="next" href="?after=abc"><a href="https://other.test/shop/page/9">9</a><a href="/shop/page/9x">x</a>`;
    expect(readPagination(html, 'https://shop.test/shop/page/1', PATH)).toEqual({
      highest: 1,
      next: 'https://shop.test/shop/page/1?after=abc',
    });
  });
});
