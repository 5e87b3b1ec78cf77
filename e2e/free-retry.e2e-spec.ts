import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';

import { accessibilityViolations, coveredContent } from './page-checks';
import { signInAsVip } from './accounts';
import { recordToasts } from './toasts';

/**
 * Retry free, as the VIP user meets it: the loopback image provider answers a made-up picture with
 * nothing of the sketch's lines, so the render is marked geometry drift and /create offers Retry
 * free beside it; the retry runs with its progress, its render replaces the drifted one, and the
 * offer is gone (the generation's page says no more of it). A second drifted generation offers it
 * on its library page too, where the retry opens the new render's page. Each view is screenshotted
 * at 1440 × 900 and 390 × 844 (under /tmp/archlens-free-retry-screens), with nothing covered, no
 * serious accessibility violation and nothing running off a phone's side.
 */
const here = import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname);
const fixtures = path.resolve(here, '../../shared/fixtures');
const SKETCH = path.join(fixtures, 'sketches/house-facade.png');
const STYLE = 'Board-marked concrete, deep window reveals, oak soffits and a calm rhythm of bays under generous daylight.';
const SCREENS = process.env.FREE_RETRY_SCREENS_DIR ?? '/tmp/archlens-free-retry-screens';
const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Screenshots the page at both sizes with `target` in view, checking that nothing is covered or runs off the side. */
async function lookAt(page: Page, name: string, target: string): Promise<void> {
  await mkdir(SCREENS, { recursive: true });
  const original = page.viewportSize();
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.waitForTimeout(300);
    await page.getByTestId(target).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENS, `${name}-${size.name}.png`) });
    expect.soft(await coveredContent(page), `${name} at ${size.name}: covered content`).toEqual([]);
    expect.soft(await accessibilityViolations(page), `${name} at ${size.name}: axe`).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect.soft(overflow, `${name} at ${size.name}: horizontal overflow in px`).toBeLessThanOrEqual(0);
  }
  if (original) await page.setViewportSize(original);
}

/** Generates one OpenAI render of the sketch on /create. @returns its job id */
async function generateDrifted(page: Page): Promise<string> {
  await page.goto('/create');
  await page.getByTestId('sketch-input').setInputFiles(SKETCH);
  await expect(page.getByTestId('sketch-analysis')).toHaveAttribute('data-status', 'read', { timeout: 90_000 });
  await page.getByTestId('control-provider').selectOption('openai');
  const answer = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/generate' && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Generate Images' }).click();
  const response = await answer;
  expect(response.status()).toBe(200);
  const result = page.getByTestId('generation-result');
  await expect(result).toBeVisible({ timeout: 90_000 });
  await expect(result.getByTestId('sketch-fidelity')).toContainText('Geometry drift');
  return ((await response.json()) as { jobId: string }).jobId;
}

test.describe('Retry free', () => {
  test.setTimeout(240_000);

  test('a render marked geometry drift offers Retry free once, on /create and on its library page', async ({ page }) => {
    await signInAsVip(page, STYLE);
    const first = await generateDrifted(page);
    const result = page.getByTestId('generation-result');
    const offer = result.getByTestId('free-retry-offer');
    await expect(offer).toContainText('A render lost much of your sketch’s geometry.');
    await lookAt(page, 'create-offer', 'free-retry-offer');

    const readToasts = await recordToasts(page);
    const answer = page.waitForResponse(
      (response) => new URL(response.url()).pathname === `/api/generations/${first}/retry-free` && response.request().method() === 'POST',
    );
    await offer.getByRole('button', { name: 'Retry free' }).click();
    await expect(page.getByTestId('generation-progress')).toBeVisible();
    const response = await answer;
    expect(response.status()).toBe(200);
    const retried = (await response.json()) as { jobId: string; creditsUsed: number };
    expect(retried.creditsUsed).toBe(0);
    await expect.poll(readToasts).toContain('Free Retry Ready');
    expect(await readToasts()).toContain('No credits were used.');
    // The new render stands in place of the drifted one; it is a free retry, so it offers none of its own.
    await expect(result.getByRole('img', { name: 'Render 1 of your sketch' })).toHaveAttribute('src', new RegExp(retried.jobId));
    await expect(result.getByTestId('free-retry-offer')).toHaveCount(0);
    await lookAt(page, 'create-after-retry', 'generation-result');

    // The retried generation's page offers it no more.
    await page.goto(`/library/generations/${first}`);
    await expect(page.getByTestId('generation-item-images')).toBeVisible();
    await expect(page.getByTestId('free-retry-offer')).toHaveCount(0);

    // Another drifted generation offers it on its page too, where the retry opens the new render.
    const second = await generateDrifted(page);
    await page.goto(`/library/generations/${second}`);
    const pageOffer = page.getByTestId('free-retry-offer');
    await expect(pageOffer).toBeVisible();
    await lookAt(page, 'library-offer', 'free-retry-offer');
    const readPageToasts = await recordToasts(page);
    const opened = page.waitForURL((url) => url.pathname.startsWith('/library/generations/') && !url.pathname.endsWith(second));
    await pageOffer.getByRole('button', { name: 'Retry free' }).click();
    await opened;
    await expect.poll(readPageToasts).toContain('Free Retry Ready');
    await expect(page.getByTestId('lineage-parent')).toBeVisible();
    await expect(page.getByTestId('free-retry-offer')).toHaveCount(0);
  });
});
