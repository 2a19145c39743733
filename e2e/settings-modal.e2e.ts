import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';

const h = useBrowser();

describe('settings modal', () => {
  it('enables Save only after a change, shows a check mark, hides, and persists', async () => {
    const { page } = await h.newPage();
    await page.goto('/serp-analysis-tool');
    await page.getByTestId('header').getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // Mobile until the user chooses, whatever the screen's width.
    expect(await dialog.getByLabel('Mobile Scores').isChecked()).toBe(true);
    const save = dialog.getByRole('button', { name: 'Save changes' });
    expect(await save.isDisabled()).toBe(true);

    await dialog.getByTestId('settings-country').getByRole('button').click();
    await dialog.getByLabel('Search country').fill('germ');
    await dialog.getByRole('option', { name: /Germany/ }).click();
    await dialog.getByLabel('Desktop Scores').check();
    expect(await save.isEnabled()).toBe(true);

    await save.click();
    const savedAt = Date.now();
    await dialog.getByRole('button', { name: 'Saved' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const elapsed = Date.now() - savedAt;
    // 500 ms check mark + 300 ms, plus the fade-out.
    expect(elapsed).toBeGreaterThanOrEqual(700);
    expect(elapsed).toBeLessThan(3000);

    await page.reload();
    await page.getByTestId('header').getByRole('button', { name: 'Settings' }).click();
    await dialog.waitFor();
    expect(await dialog.getByLabel('Desktop Scores').isChecked()).toBe(true);
    expect(await dialog.getByTestId('settings-country').textContent()).toContain('Germany');
  });

  it('shows only the device choice on the website speed test', async () => {
    const { page } = await h.newPage();
    await page.goto('/website-speed-test');
    await page.getByTestId('header').getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Mobile Scores').waitFor();
    expect(await dialog.getByTestId('settings-google-domain').count()).toBe(0);
    expect(await dialog.getByTestId('settings-country').count()).toBe(0);
    expect(await dialog.getByTestId('settings-language').count()).toBe(0);
  });

  it('defaults to mobile on a narrow screen', async () => {
    const { page } = await h.newPage({ width: 400, height: 800 });
    await page.goto('/serp-analysis-tool');
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await page.getByTestId('header').getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByLabel('Mobile Scores').isChecked()).toBe(true);
    expect(await dialog.getByTestId('settings-google-domain').textContent()).toContain(
      'google.com',
    );
    expect(await dialog.getByTestId('settings-language').textContent()).toContain('English');
  });

  it('browser back closes the modal and stays on the page', async () => {
    const { page } = await h.newPage();
    await page.goto('/');
    await page.goto('/website-speed-test');
    await page.getByTestId('header').getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await page.goBack();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/website-speed-test');
  });
});
