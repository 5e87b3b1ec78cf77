import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { recordToasts } from './toasts';
import { E2E_APP_URL } from './loopback-services';

/**
 * /read-sketch, Process Your Sketch (spec §2, §4, §5, §8, §9) on the fixture sketches,
 * read by the offline engine (playwright.config.ts gives the app no AI key).
 */
const here = import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname);
const sketches = path.resolve(here, '../../shared/fixtures/sketches');
const sketch = (name: string) => path.join(sketches, name);
const PLAN = sketch('apartment-floorplan.png');
const THREE = ['apartment-floorplan.png', 'house-facade.png', 'tower-perspective.png'].map(sketch);
const FOUR = [...THREE, sketch('house-line-scribble.png')];
const ORIGIN = E2E_APP_URL;
const CLIPBOARD_KEY = 'archlens_clipboard_text';

/** Signs a new user up through the API (201 and the session cookie), then opens /read-sketch. */
async function signUpAndOpen(page: Page, name: string): Promise<void> {
  const signUp = await page.request.post('/api/auth/signup', {
    data: { email: `sketch-${name}-${Date.now()}@example.com`, first_name: 'Alvar', last_name: 'Aalto', password: 'bent-plywood' },
    headers: { Origin: ORIGIN },
  });
  expect(signUp.status()).toBe(201);
  await page.goto('/read-sketch');
  await expect(page.getByRole('heading', { level: 1, name: 'Process Your Sketch' })).toBeVisible();
}

test.describe('Process Your Sketch', () => {
  test.setTimeout(180_000);

  test('one sketch is read as a plan: points open first, summary, completion time, Copy and Add to Clipboard', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ORIGIN });
    await signUpAndOpen(page, 'one');
    await expect(page.getByTestId('sketch-empty')).toBeVisible();
    // Spec §5: with no sketch, Analyse Sketch answers 'No Images Selected' (it is not disabled).
    const analyse = page.getByRole('button', { name: 'Analyse Sketch' });
    const readToasts = await recordToasts(page);
    await analyse.click();
    await expect.poll(readToasts).toContain('No Images Selected\nPlease select at least one sketch image to analyze.');
    await expect(page.getByTestId('sketch-progress')).toHaveCount(0);

    await page.locator('input[type="file"]').setInputFiles(PLAN);
    await expect(page.getByText('Uploaded Sketches (1/3)')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Sketch 1: apartment-floorplan.png' })).toBeVisible();

    await analyse.click();
    const result = page.getByTestId('sketch-result');
    await expect(result).toBeVisible({ timeout: 90_000 });
    // The 850 KB plan is optimised in the browser first (spec §9).
    await expect.poll(readToasts, { timeout: 15_000 }).toContain('Images Optimized');
    expect(await readToasts()).toContain('Optimizing Images');

    // Detailed Analysis is the tab open by default, with its points as a list.
    await expect(result.getByRole('tab', { name: 'Detailed Analysis' })).toHaveAttribute('aria-selected', 'true');
    await expect(result.getByRole('tab', { name: 'Summary' })).toHaveAttribute('aria-selected', 'false');
    const points = result.getByRole('list', { name: 'Detailed analysis points' }).getByRole('listitem');
    await expect(points.first()).toBeVisible();
    expect(await points.count()).toBeGreaterThanOrEqual(3);
    const pointTexts = (await points.allInnerTexts()).map((text) => text.trim());
    expect(pointTexts.every((text) => text.length > 0)).toBe(true);
    // Plain architectural language first; the figures in the last point, headed Measurements.
    expect(pointTexts[0]).toMatch(/^Drawing type: reads as a plan, because /);
    for (const point of pointTexts.slice(0, -1)) expect(point).not.toMatch(/\d|per cent|%/);
    expect(pointTexts.at(-1)).toMatch(/^Measurements: ink \d+% of the sheet/);

    await expect(result.getByTestId('sketch-completion-time')).toHaveText(/^Completed in (\d+\.\d s|\d+ min \d+ s)/);
    await expect(result.getByTestId('sketch-caption')).toContainText('plan');
    await expect(result).toContainText('1 image');

    // Copy takes the tab shown: the points, one per line.
    await result.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(readToasts).toContain('Text copied to system clipboard.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(pointTexts.join('\n'));

    await result.getByRole('tab', { name: 'Summary' }).click();
    const summary = result.getByTestId('sketch-summary');
    await expect(summary).toBeVisible();
    const summaryText = (await summary.innerText()).trim();
    expect(summaryText.length).toBeGreaterThan(40);
    // A design brief that names the drawing type as a reading, with no figures.
    expect(summaryText).toMatch(/^Reads as a plan: /);
    expect(summaryText).not.toMatch(/\d|per cent|%|estimate/i);
    await expect(points.first()).toBeHidden();
    await result.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(summaryText);

    // Add to Clipboard stores the summary in the Working Clipboard under a dated separator.
    await result.getByRole('button', { name: 'Add to Clipboard' }).click();
    await expect.poll(readToasts).toContain('Added to Clipboard');
    const stored = await page.evaluate((key) => window.localStorage.getItem(key), CLIPBOARD_KEY);
    expect(stored).toMatch(/——— Sketch Reading \(Summary\) · \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} ———\n/);
    expect(stored!.trimEnd().endsWith(summaryText)).toBe(true);
  });

  test('three sketches are numbered 1 to 3, read together, and Start Over clears everything', async ({ page }) => {
    await signUpAndOpen(page, 'three');
    await page.locator('input[type="file"]').setInputFiles(THREE);
    await expect(page.getByText('Uploaded Sketches (3/3)')).toBeVisible();
    const previews = page.getByTestId('image-preview');
    await expect(previews).toHaveCount(3);
    await expect(page.getByTestId('preview-number')).toHaveText(['1', '2', '3']);
    expect(await previews.getByRole('img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt')))).toEqual([
      'Sketch 1: apartment-floorplan.png',
      'Sketch 2: house-facade.png',
      'Sketch 3: tower-perspective.png',
    ]);
    // Full: the picker is disabled.
    await expect(page.getByRole('button', { name: 'Upload Sketches' })).toHaveAttribute('aria-disabled', 'true');

    await page.getByRole('button', { name: 'Analyse Sketch' }).click();
    const result = page.getByTestId('sketch-result');
    await expect(result).toBeVisible({ timeout: 90_000 });
    await expect(result).toContainText('3 images');
    await expect(result.getByRole('tab', { name: 'Detailed Analysis' })).toHaveAttribute('aria-selected', 'true');
    expect(await result.getByRole('list', { name: 'Detailed analysis points' }).getByRole('listitem').count()).toBeGreaterThanOrEqual(3);
    await expect(result.getByTestId('sketch-completion-time')).toContainText('Completed in');

    await page.getByRole('button', { name: 'Start Over' }).click();
    await expect(previews).toHaveCount(0);
    await expect(page.getByText('Uploaded Sketches (0/3)')).toBeVisible();
    await expect(result).toHaveCount(0);
    await expect(page.getByTestId('sketch-progress')).toHaveCount(0);
    await expect(page.getByTestId('sketch-empty')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Analyse Sketch' })).toBeEnabled();
  });

  test('four files are refused whole with Too Many Files', async ({ page }) => {
    await signUpAndOpen(page, 'four');
    const readToasts = await recordToasts(page);
    await page.locator('input[type="file"]').setInputFiles(FOUR);
    await expect.poll(readToasts).toContain('Too Many Files');
    expect(await readToasts()).toContain('Please select up to 3 images only.');
    await expect(page.getByText('Uploaded Sketches (0/3)')).toBeVisible();
    await expect(page.getByTestId('image-preview')).toHaveCount(0);
  });
});
