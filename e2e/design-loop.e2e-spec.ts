import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { PHOTOGRAPHIC_TAGS, styleBriefOf, tagsInWords as inWords, type AnalyseRenderResponse } from '@archlens/contracts/design-loop';
import { E2E_APP_URL } from './loopback-services';
import { accessibilityViolations, coveredContent } from './page-checks';
import { signInAsVip } from './accounts';
import { recordToasts } from './toasts';

/**
 * The design loop as the VIP user (Pro, unlimited credits) meets it: photos analysed on /analyse,
 * "Use as style" opening /create with the style description filled with the analysis's brief;
 * a render made from it with the loopback image provider, "Analyse this render" showing which tags
 * were kept, added and lost against that analysis, with a link to the new analysis; the library
 * generation page saying where the style came from. Each step is screenshotted at 1440 × 900 and
 * 390 × 844 (under /tmp/archlens-design-loop-screens), with nothing covered, no serious
 * accessibility violation and nothing running off the side of a phone.
 */
const here = import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname);
const fixtures = path.resolve(here, '../../shared/fixtures');
const PHOTOS = ['buenos-aires-building.jpg', 'ripon-cathedral-facade.jpg'].map((name) => path.join(fixtures, 'photos', name));
const SKETCH = path.join(fixtures, 'sketches/house-facade.png');
const ORIGIN = E2E_APP_URL;
const SAVED_STYLE = 'Board-marked concrete, deep window reveals, oak soffits and a calm rhythm of bays under generous daylight.';
const SCREENS = process.env.DESIGN_LOOP_SCREENS_DIR ?? '/tmp/archlens-design-loop-screens';
const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Screenshots `target` (or the page) at both sizes, checking that nothing is covered and axe finds nothing serious. */
async function lookAt(page: Page, name: string, target?: () => ReturnType<Page['getByTestId']>): Promise<void> {
  await mkdir(SCREENS, { recursive: true });
  const original = page.viewportSize();
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.waitForTimeout(300);
    if (target) {
      await target().scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SCREENS, `${name}-${size.name}.png`) });
    } else {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(SCREENS, `${name}-${size.name}.png`), fullPage: true });
    }
    expect.soft(await coveredContent(page), `${name} at ${size.name}: covered content`).toEqual([]);
    expect.soft(await accessibilityViolations(page), `${name} at ${size.name}: axe`).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect.soft(overflow, `${name} at ${size.name}: horizontal overflow in px`).toBeLessThanOrEqual(0);
  }
  if (original) await page.setViewportSize(original);
}

test.describe('the design loop', () => {
  test.setTimeout(300_000);

  test('Use as style fills /create with the analysis brief; Analyse this render shows kept, added and lost tags', async ({ page }) => {
    await signInAsVip(page, SAVED_STYLE);

    // Photos analysed on /analyse.
    await page.goto('/analyse');
    await page.locator('input[type="file"]').first().setInputFiles(PHOTOS);
    const analysed = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/analyze' && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Generate Analysis' }).click();
    const analysis = (await (await analysed).json()) as { id: string; primaryDescription: string; tags: string[]; createdAt: string };
    const card = page.getByTestId('analysis-result');
    await expect(card).toBeVisible();
    const useAsStyle = card.getByRole('button', { name: 'Use as style' });
    await expect(useAsStyle).toBeVisible();
    await lookAt(page, 'analyse-use-as-style', () => page.getByTestId('analysis-actions'));

    // "Use as style": /create, the style description the brief, editable, with the analysis named.
    await useAsStyle.click();
    await page.waitForURL((url) => url.pathname === '/create');
    const brief = styleBriefOf(analysis);
    expect(brief.length).toBeGreaterThan(0);
    const style = page.getByTestId('generation-style');
    await expect(style).toHaveValue(brief);
    await expect(style).not.toHaveAttribute('readonly', /.*/);
    expect(brief).not.toMatch(/\d/);
    const note = page.getByTestId('style-source-note');
    await expect(note).toContainText('a brief written from your analysis');
    await expect(note.getByRole('link', { name: 'Open the analysis' })).toHaveAttribute('href', `/library/analyses/${analysis.id}`);
    await lookAt(page, 'create-style-from-analysis', () => page.getByTestId('style-source-note'));

    // A render made from it with the loopback OpenAI images provider.
    await page.getByTestId('sketch-input').setInputFiles(SKETCH);
    await expect(page.getByTestId('sketch-analysis')).toHaveAttribute('data-status', 'read', { timeout: 90_000 });
    await page.getByTestId('control-provider').selectOption('openai');
    const generated = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/generate' && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Generate Images' }).click();
    const generation = await generated;
    expect(generation.status()).toBe(200);
    const { jobId } = (await generation.json()) as { jobId: string };
    const render = page.getByTestId('generated-image').first();
    await expect(render).toBeVisible({ timeout: 60_000 });

    // "Analyse this render": the comparison against the analysis the style came from, in plain words.
    const toasts = await recordToasts(page);
    const readBack = page.waitForResponse(
      (response) => new URL(response.url()).pathname === `/api/generations/${jobId}/0/analyse` && response.request().method() === 'POST',
    );
    await render.getByRole('button', { name: /Analyse this render/ }).click();
    const answer = (await (await readBack).json()) as AnalyseRenderResponse;
    const comparison = render.getByTestId('render-comparison');
    await expect(comparison).toBeVisible();
    await expect(comparison).toHaveAttribute('data-against', 'analysis');
    const { kept, added, lost } = answer.comparison;
    expect([...kept, ...lost].sort()).toEqual(analysis.tags.filter((tag) => !PHOTOGRAPHIC_TAGS.has(tag)).sort());
    if (kept.length > 0) await expect(comparison.getByTestId('comparison-kept')).toHaveText(`Kept: ${inWords(kept)}`);
    else await expect(comparison.getByTestId('comparison-none-kept')).toBeVisible();
    if (added.length > 0) await expect(comparison.getByTestId('comparison-added')).toHaveText(`Added: ${inWords(added)}`);
    else await expect(comparison.getByTestId('comparison-added')).toHaveCount(0);
    if (lost.length > 0) await expect(comparison.getByTestId('comparison-lost')).toHaveText(`Lost: ${inWords(lost)}`);
    else await expect(comparison.getByTestId('comparison-lost')).toHaveCount(0);
    await expect.poll(toasts).toContain('Render Analysed');
    await lookAt(page, 'create-render-comparison', () => render);

    // The new analysis is in the library, and the generation's recipe names the analysis its style came from.
    await expect(comparison.getByRole('link', { name: 'Open the analysis' })).toHaveAttribute(
      'href',
      `/library/analyses/${answer.analysis.id}`,
    );
    await page.goto(`/library/generations/${jobId}`);
    const source = page.getByTestId('recipe-source-analysis');
    await expect(source).toContainText('Style from the analysis of');
    await expect(source.getByRole('link')).toHaveAttribute('href', `/library/analyses/${analysis.id}`);
    await expect(page.getByTestId('analyse-render')).toHaveCount(1);
    await lookAt(page, 'library-generation-source');
    await source.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/library/analyses/${analysis.id}$`));
    await expect(page.getByRole('button', { name: 'Use as style' })).toBeVisible();
  });

  test('without Pro, Use as style puts the brief in the Working Clipboard and says Image Generation needs Pro', async ({ page }) => {
    const signUp = await page.request.post('/api/auth/signup', {
      data: { email: `design-loop-free-${Date.now()}@example.com`, first_name: 'Eileen', last_name: 'Gray', password: 'e-1027-villa' },
      headers: { Origin: ORIGIN },
    });
    expect(signUp.status()).toBe(201);
    await page.goto('/analyse');
    const toasts = await recordToasts(page);
    await page.locator('input[type="file"]').first().setInputFiles(PHOTOS[0]);
    const analysed = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/analyze' && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Generate Analysis' }).click();
    const analysis = (await (await analysed).json()) as { id: string; primaryDescription: string; tags: string[] };
    await page.getByTestId('analysis-result').getByRole('button', { name: 'Use as style' }).click();
    await expect.poll(toasts).toContain('The style brief is in your Working Clipboard. Image Generation with it needs ArchLens Pro.');
    expect(new URL(page.url()).pathname).toBe('/analyse');
    const clipboard = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((name) => name.endsWith('clipboard_text'));
      return key ? localStorage.getItem(key) : null;
    });
    expect(clipboard).toContain('Style brief from an analysis');
    expect(clipboard).toContain(styleBriefOf(analysis));
  });
});
