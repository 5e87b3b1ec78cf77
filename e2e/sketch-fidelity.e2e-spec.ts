import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E_IMAGE_ANSWERS } from './loopback-services';
import { accessibilityViolations, coveredContent } from './page-checks';
import { signInAsVip } from './accounts';
import { recordToasts } from './toasts';

/**
 * Sketch fidelity on /create's before/after slider, as the VIP user (Pro, unlimited credits) meets
 * it with the openai provider, whose loopback renders are chosen by the style description
 * (`E2E_IMAGE_ANSWERS`): a render that is an unrelated photograph shows a low score marked
 * "Geometry drift", and "Show unmatched lines" lays the sketch's lost lines over the render's side
 * of the slider, lined up with it, and takes them away again; a render that is the sketch itself
 * scores high, unmarked. The slider with its lines is screenshotted at 1440 × 900 and 390 × 844
 * (under /tmp/archlens-fidelity-screens), with nothing covered and no serious accessibility violation.
 */
const here = import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname);
const SKETCH = path.join(path.resolve(here, '../../shared/fixtures'), 'sketches', E2E_IMAGE_ANSWERS.sketchItself.sketch);
const SCREENS = process.env.FIDELITY_SCREENS_DIR ?? '/tmp/archlens-fidelity-screens';
const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
/** `GEOMETRY_DRIFT_BELOW` of the contracts: a render below it is marked. */
const DRIFT_BELOW = 40;

/** Signs in as the VIP user and saves `style` as the style profile /create starts from. */
/**
 * Generates one openai render of the fixture sketch with the saved style (and `aspectRatio` when
 * given); resolves with its result card once shown.
 */
async function generateOne(page: Page, style: string, aspectRatio?: string): Promise<Locator> {
  await page.goto('/create');
  const readToasts = await recordToasts(page);
  await page.getByTestId('sketch-input').setInputFiles(SKETCH);
  await expect(page.getByTestId('sketch-analysis')).toHaveAttribute('data-status', 'read', { timeout: 90_000 });
  await expect(page.getByTestId('generation-style')).toHaveValue(style);
  await page.getByTestId('control-provider').selectOption('openai');
  if (aspectRatio) await page.getByTestId('control-aspect-ratio').selectOption(aspectRatio);
  await page.getByRole('button', { name: 'Generate Images' }).click();
  const result = page.getByTestId('generation-result');
  await expect(result).toBeVisible({ timeout: 90_000 });
  await expect.poll(readToasts).toContain('Visualisations Ready');
  const image = result.getByTestId('generated-image');
  await expect(image).toHaveCount(1);
  const render = image.getByRole('img', { name: 'Render 1 of your sketch' });
  await expect(render).toHaveJSProperty('complete', true);
  return image;
}

/** The score on the slider, as a number. */
async function scoreOf(image: Locator): Promise<number> {
  const text = await image.getByTestId('sketch-fidelity').innerText();
  const score = /^Sketch fidelity (\d+)/.exec(text)?.[1];
  expect(score, text).toBeDefined();
  return Number(score);
}

/** Screenshots the page at both sizes with the slider in view, checking that nothing is covered and axe finds nothing serious. */
async function lookAt(page: Page, target: Locator, name: string): Promise<void> {
  await mkdir(SCREENS, { recursive: true });
  const original = page.viewportSize();
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.waitForTimeout(300);
    await target.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENS, `${name}-${size.name}.png`) });
    await target.screenshot({ path: path.join(SCREENS, `${name}-${size.name}-slider.png`) });
    expect.soft(await coveredContent(page), `${name} at ${size.name}: covered content`).toEqual([]);
    expect.soft(await accessibilityViolations(page), `${name} at ${size.name}: axe`).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect.soft(overflow, `${name} at ${size.name}: horizontal overflow in px`).toBeLessThanOrEqual(0);
  }
  if (original) await page.setViewportSize(original);
}

test.describe('Sketch fidelity on the slider', () => {
  test.setTimeout(240_000);

  test("a render that lost the geometry: a low score marked as drift, and the sketch's unmatched lines on and off", async ({ page }) => {
    const { style } = E2E_IMAGE_ANSWERS.unrelatedPhoto;
    await signInAsVip(page, style);
    const image = await generateOne(page, style);

    const score = await scoreOf(image);
    expect(score).toBeLessThan(DRIFT_BELOW);
    await expect(image.getByTestId('sketch-fidelity')).toHaveText(`Sketch fidelity ${score} · Geometry drift`);

    // Off to begin with; on, the lines are drawn over the render, its own size, and say what they are.
    const toggle = image.getByRole('switch', { name: 'Show unmatched lines on render 1' });
    await expect(toggle).not.toBeChecked();
    const overlay = image.getByTestId('unmatched-lines-overlay');
    await expect(overlay).toHaveCount(0);
    await toggle.check();
    await expect(overlay).toBeVisible();
    await expect(overlay).toHaveJSProperty('complete', true);
    const sizes = await image.evaluate((figure) => {
      const [lines] = figure.querySelectorAll<HTMLImageElement>('[data-testid="unmatched-lines-overlay"]');
      const render = [...figure.querySelectorAll<HTMLImageElement>('img')].find((img) => img.alt === 'Render 1 of your sketch')!;
      const box = (img: HTMLImageElement) => {
        const { x, y, width, height } = img.getBoundingClientRect();
        return { x, y, width, height };
      };
      return {
        lines: { natural: [lines.naturalWidth, lines.naturalHeight], box: box(lines) },
        render: { natural: [render.naturalWidth, render.naturalHeight], box: box(render) },
      };
    });
    expect(sizes.lines.natural[0]).toBeGreaterThan(0);
    expect(sizes.lines.natural).toEqual(sizes.render.natural);
    expect(sizes.lines.box).toEqual(sizes.render.box);
    await expect(image.getByTestId('unmatched-lines-key')).toHaveText("In magenta: your sketch's lines this render did not keep.");

    // The lines follow the slider: on the render's side only.
    const slider = image.getByRole('slider', { name: 'Compare the sketch with render 1' });
    await slider.focus();
    for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowLeft');
    await expect(slider).toHaveValue('30');
    await expect(overlay).toHaveCSS('clip-path', 'inset(0px 0px 0px 30%)');

    await lookAt(page, image, 'drift-with-lines');

    await toggle.uncheck();
    await expect(overlay).toHaveCount(0);
    await expect(image.getByTestId('unmatched-lines-key')).toHaveCount(0);
  });

  test('a render that is the sketch itself: a high score, no drift mark', async ({ page }) => {
    const { style } = E2E_IMAGE_ANSWERS.sketchItself;
    await signInAsVip(page, style);
    // Square, as the sketch is: the render is the sketch, fitted into the size asked without bars.
    const image = await generateOne(page, style, '1:1');
    const score = await scoreOf(image);
    expect(score).toBeGreaterThanOrEqual(DRIFT_BELOW + 20);
    await expect(image.getByTestId('sketch-fidelity')).toHaveText(`Sketch fidelity ${score}`);
    await expect(image.getByTestId('sketch-fidelity')).toHaveAccessibleName(
      `Sketch fidelity ${score} of 100: how much of your sketch's lines this render kept.`,
    );
    await image.getByRole('switch', { name: 'Show unmatched lines on render 1' }).check();
    await expect(image.getByTestId('unmatched-lines-overlay')).toHaveJSProperty('complete', true);
    await lookAt(page, image, 'kept-with-lines');
  });
});
