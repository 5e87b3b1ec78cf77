import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E_APP_URL } from './loopback-services';

/**
 * Honest claims, with the app as playwright.config.ts starts it: no `OPENAI_API_KEY` (the measuring
 * engine writes every text), an OpenAI image key against the loopback image providers, and no
 * Stability AI key. No screen says an AI vision model reads the photographs, and /create shows
 * Stability AI as not configured before anyone presses Generate Images.
 */
const here = import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname);
const fixtures = path.resolve(here, '../../shared/fixtures');
const PHOTO = path.join(fixtures, 'photos/mit-media-lab.jpg');
const SKETCH = path.join(fixtures, 'sketches/house-facade.png');
const ORIGIN = E2E_APP_URL;
const MEASURED = 'measured for proportion, order, palette and light and written up as design prose';
/** Any wording that would tell a reader an AI model reads the images. */
const MODEL_CLAIM = /vision model|read by an AI|AI[- ]powered/i;

/** The page's visible text, once its content has settled. */
async function visibleText(page: Page): Promise<string> {
  return page.locator('body').innerText();
}

async function signUp(page: Page, name: string): Promise<void> {
  const response = await page.request.post('/api/auth/signup', {
    data: { email: `capabilities-${name}-${Date.now()}@example.com`, first_name: 'Eileen', last_name: 'Gray', password: 'e1027-house' },
    headers: { Origin: ORIGIN },
  });
  expect(response.status()).toBe(201);
}

test.describe('What the screens claim', () => {
  test.setTimeout(240_000);

  test('GET /api/capabilities reports the measuring engine and the image providers of this app', async ({ request }) => {
    const response = await request.get('/api/capabilities');
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({
      analysisEngine: 'offline',
      sketchReadingEngine: 'offline',
      imageProviders: { sora: true, openai: true, 'stability-ai': false, midjourney: true },
      imageProvidersChecked: true,
    });
  });

  test('with no OPENAI_API_KEY, neither the landing, home, /analyse nor /read-sketch claims an AI vision model', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'FREE SIGN IN' })).toBeVisible();
    // The analysis card describes the measuring engine once the answer is in.
    await expect(page.getByTestId('landing-feature-copy').first()).toContainText(MEASURED);
    expect(await visibleText(page)).not.toMatch(MODEL_CLAIM);

    await signUp(page, 'screens');
    await page.goto('/');
    await expect(page.getByText('Hello Design Leader')).toBeVisible();
    expect(await visibleText(page)).not.toMatch(MODEL_CLAIM);

    // /analyse, before and after an analysis: the result names the measuring engine, plainly.
    await page.goto('/analyse');
    await expect(page.getByText('Ready for Analysis')).toBeVisible();
    expect(await visibleText(page)).not.toMatch(MODEL_CLAIM);
    await page.locator('input[type="file"]').setInputFiles(PHOTO);
    await page.getByRole('button', { name: 'Generate Analysis' }).click();
    await expect(page.getByTestId('primary-description')).toBeVisible({ timeout: 90_000 });
    const engine = page.getByTestId('analysis-engine');
    await expect(engine).toContainText('measuring engine');
    await expect(engine).toContainText('without an AI model');
    await expect(engine).not.toContainText('analyser');
    expect(await visibleText(page)).not.toMatch(MODEL_CLAIM);

    // /read-sketch, before and after a reading.
    await page.goto('/read-sketch');
    await expect(page.getByRole('heading', { level: 1, name: 'Process Your Sketch' })).toBeVisible();
    expect(await visibleText(page)).not.toMatch(MODEL_CLAIM);
    await page.locator('input[type="file"]').setInputFiles(SKETCH);
    await page.getByRole('button', { name: 'Analyse Sketch' }).click();
    const result = page.getByTestId('sketch-result');
    await expect(result).toBeVisible({ timeout: 90_000 });
    await expect(result).toContainText('measuring engine');
    expect(await visibleText(page)).not.toMatch(MODEL_CLAIM);
  });

  test('/create shows Stability AI as not configured before Generate Images, and keeps Sora and OpenAI', async ({ page }) => {
    await page.goto('/vip-login');
    await page.getByRole('button', { name: 'Demo' }).click();
    const home = page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await home;

    await page.goto('/create');
    const provider = page.getByTestId('control-provider');
    await expect(provider).toHaveValue('sora');
    const stability = provider.locator('option[value="stability-ai"]');
    await expect(stability).toHaveText('Stability AI (not configured on this server)');
    await expect(stability).toBeDisabled();
    await expect(provider.locator('option[value="openai"]')).toHaveText('OpenAI');
    await expect(provider.locator('option[value="openai"]')).toBeEnabled();
    await expect(provider.locator('option[value="midjourney"]')).toBeEnabled();
    await expect(page.getByTestId('generate-blocked-note')).toHaveCount(0);

    // OpenAI can be chosen here (its key is set); nothing is blocked.
    await provider.selectOption('openai');
    await expect(provider).toHaveValue('openai');
    await expect(page.getByTestId('generate-blocked-note')).toHaveCount(0);

    // A Sora workflow made, then Stability AI forced into the control (as a script or assistive
    // tool could): Generate Images is disabled with the reason, and the sketch and the result stay.
    await provider.selectOption('sora');
    await page.getByTestId('sketch-input').setInputFiles(SKETCH);
    await expect(page.getByTestId('sketch-analysis')).toHaveAttribute('data-status', 'read', { timeout: 90_000 });
    // A style of its own: a fresh database holds no saved style description for the VIP account.
    await page.getByRole('textbox', { name: 'Style description' }).fill('Pale brick, deep reveals and a calm rhythm of bays.');
    const generate = page.getByRole('button', { name: 'Generate Images' });
    await generate.click();
    const workflow = page.getByTestId('workflow-result');
    await expect(workflow).toBeVisible({ timeout: 90_000 });
    await provider.evaluate((select: HTMLSelectElement) => {
      Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, 'stability-ai');
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await expect(provider).toHaveValue('stability-ai');
    await expect(page.getByTestId('generate-blocked-note')).toHaveText(
      'Stability AI is not configured on this server, so it cannot render here. Choose the Sora or Midjourney workflow instead.',
    );
    await expect(generate).toBeDisabled();
    await expect(workflow).toBeVisible();
    await expect(page.getByRole('img', { name: 'Your sketch: house-facade.png' })).toBeVisible();
  });

  test('/create with a server that reports no image keys: OpenAI cannot be chosen, and a workflow still can', async ({ page }) => {
    await page.route('**/api/capabilities', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          analysisEngine: 'offline',
          sketchReadingEngine: 'offline',
          imageProviders: { sora: true, openai: false, 'stability-ai': false, midjourney: true },
          imageProvidersChecked: true,
        }),
      }),
    );
    await page.goto('/vip-login');
    await page.getByRole('button', { name: 'Demo' }).click();
    const home = page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await home;
    await page.goto('/create');
    const provider = page.getByTestId('control-provider');
    await expect(provider.locator('option[value="openai"]')).toHaveText('OpenAI (not configured on this server)');
    await expect(provider.locator('option[value="openai"]')).toBeDisabled();
    await provider.selectOption('midjourney');
    await expect(provider).toHaveValue('midjourney');
    await expect(page.getByTestId('generate-blocked-note')).toHaveCount(0);
  });
});
