import { describe, expect, it } from 'vitest';
import { EMAIL_PAGES, emailLinkBase, pageReference } from './app-links';

describe('links in emails', () => {
  it('start with PUBLIC_URL, else with the origin of the latest sign-in', () => {
    const origin = 'https://speed.example.org';
    expect(emailLinkBase({ PUBLIC_URL: 'https://speedrank.example.com/' }, origin)).toBe(
      'https://speedrank.example.com',
    );
    expect(emailLinkBase({ PUBLIC_URL: undefined }, origin)).toBe(origin);
    expect(emailLinkBase({ PUBLIC_URL: undefined }, null)).toBeNull();
  });

  it('name the page with its address, or by name alone when no address is known', () => {
    const account = EMAIL_PAGES.account;
    expect(pageReference('https://app.example', account)).toBe(
      `${account.name}: https://app.example/account`,
    );
    expect(pageReference(null, account)).toBe(`${account.name}.`);
    expect(pageReference('https://app.example', EMAIL_PAGES.tracking('p 1'))).toMatch(
      /: https:\/\/app\.example\/site-speed-tracking\?page=p%201$/,
    );
  });
});
