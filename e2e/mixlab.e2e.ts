import fs from 'node:fs';
import Papa from 'papaparse';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ITEMS_FILE, ITEM_HEADERS, VARIANTS_FILE, VARIANT_HEADERS } from '@core/mixlab/export';
import { buildManifest } from '@sandbox';
import { registerByApi, storeSession } from './support/accounts';
import { useBrowser } from './support/browser';
import { E2E_MIXLAB_PASSWORD } from './support/global-setup';

const h = useBrowser();

async function rowsOf(download: Download): Promise<Record<string, string>[]> {
  const text = fs.readFileSync((await download.path())!, 'utf8');
  return Papa.parse<Record<string, string>>(text.trim(), { header: true }).data;
}

async function unlock(page: Page, password: string) {
  await page.getByPlaceholder('Enter password').fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
}

describe('MixLab', () => {
  it('gates a visitor after a second', async () => {
    const { page } = await h.newPage();
    await page.goto('/mixlab');
    await page.getByRole('dialog', { name: 'Create an account' }).waitFor({ timeout: 5_000 });
  });

  it('unlocks with the password and scrapes the sandbox shop into two CSVs equal to its catalogue', async () => {
    const { page } = await h.newPage();
    await storeSession(page, await registerByApi(page, 'mixlab'));
    await page.goto('/mixlab');

    await unlock(page, 'not-the-password');
    await page.getByTestId('mixlab-password-error').waitFor();
    expect(await page.getByTestId('mixlab-scraper').count()).toBe(0);
    await unlock(page, E2E_MIXLAB_PASSWORD);

    const downloads: Download[] = [];
    page.on('download', (d) => downloads.push(d));
    await page.getByRole('button', { name: 'Scrape' }).click();
    await page
      .getByRole('button', { name: `Download ${ITEMS_FILE}` })
      .waitFor({ timeout: 120_000 });
    await expect.poll(() => downloads.length).toBe(2);

    const shop = buildManifest({ port: Number(new URL(h.baseUrl).port) }).shop;
    expect(await page.getByTestId('mixlab-total-plps').textContent()).toBe(
      String(shop.listingUrls.length),
    );
    expect(await page.getByTestId('mixlab-scraped-pdps').textContent()).toBe(
      String(shop.products.length),
    );
    expect(await page.getByTestId('mixlab-total-pdp-errors').textContent()).toBe(
      String(shop.brokenProductUrls.length),
    );
    await page.getByRole('button', { name: 'Show error pages' }).click();
    const errorLinks = await page.getByTestId('mixlab-errors').getByRole('link').allTextContents();
    expect(errorLinks.sort()).toEqual([...shop.brokenProductUrls].sort());

    const byName = Object.fromEntries(downloads.map((d) => [d.suggestedFilename(), d]));
    const items = await rowsOf(byName[ITEMS_FILE]!);
    const variants = await rowsOf(byName[VARIANTS_FILE]!);
    expect(Object.keys(items[0]!)).toEqual([...ITEM_HEADERS]);
    expect(Object.keys(variants[0]!)).toEqual([...VARIANT_HEADERS]);

    const truth = new Map(shop.products.map((p) => [p.itemNumber, p]));
    expect(items.map((r) => r.item_number).sort()).toEqual([...truth.keys()].sort());
    for (const row of items) {
      const product = truth.get(row.item_number!)!;
      expect(row.url).toBe(product.url);
      expect(row.name).toBe(product.name.replaceAll(',', ''));
      expect(row.brand).toBe(product.brand);
      expect(Number(row.lowPrice)).toBe(product.lowPrice);
      expect(Number(row.highPrice)).toBe(product.highPrice);
      expect(Number(row.offerCount)).toBe(product.variants.length);
    }
    const truthVariants = shop.products.flatMap((p) =>
      p.variants.map((v) => ({ ...v, itemNumber: p.itemNumber })),
    );
    expect(variants.map((r) => r.sku).sort()).toEqual(truthVariants.map((v) => v.sku).sort());
    for (const row of variants) {
      const variant = truthVariants.find((v) => v.sku === row.sku)!;
      expect(row.item_number).toBe(variant.itemNumber);
      expect(Number(row.price)).toBe(variant.price);
      expect(row.free_shipping).toBe(String(variant.price >= 49));
      expect(row.variant_one_name).toBe(variant.options[0]?.name ?? '');
      expect(row.variant_one_value).toBe(variant.options[0]?.value ?? '');
    }
  }, 180_000);
});
