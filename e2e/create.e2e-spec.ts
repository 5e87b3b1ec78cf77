import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signInAsVip } from './accounts';
import { recordToasts } from './toasts';
import { E2E_APP_URL } from './loopback-services';

/**
 * /create, Image Generation (spec §2 /create, §4, §5, §6, §7, §8, §9) on the fixture
 * sketch and reference images: a non-Pro user sees 'Pro Subscription Required'; the VIP user (Pro,
 * unlimited) gets the Sora workflow view, and images from the openai provider, answered by the
 * loopback image providers of e2e/global-setup.ts, with the worker's live progress, downloads as
 * numbered .jpg files and the job under Recent Activity on home.
 */
const here = import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname);
const fixtures = path.resolve(here, '../../shared/fixtures');
const SKETCH = path.join(fixtures, 'sketches/house-facade.png');
const REFERENCES = ['concrete_brutalism.png', 'building_sunset_concrete.png'].map((name) => path.join(fixtures, 'references', name));
const ORIGIN = E2E_APP_URL;
const STYLE = 'Board-marked concrete, deep window reveals, oak soffits and a calm rhythm of bays under generous daylight.';

/** Signs in as the VIP user (spec §2 /vip-login Demo quick-fill: Pro on the unlimited plan) and saves a known style profile. */
/** Opens /create and adds the sketch; resolves once its automatic reading is shown. */
async function openWithSketch(page: Page): Promise<string> {
  await page.goto('/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Image Generation' })).toBeVisible();
  await page.getByTestId('sketch-input').setInputFiles(SKETCH);
  await expect(page.getByRole('img', { name: 'Your sketch: house-facade.png' })).toBeVisible();
  const analysis = page.getByTestId('sketch-analysis');
  await expect(analysis).toHaveAttribute('data-status', 'read', { timeout: 90_000 });
  return (await analysis.getByTestId('sketch-analysis-summary').innerText()).trim();
}

test.describe('Image Generation', () => {
  test.setTimeout(240_000);

  test('a user without an active subscription sees Pro Subscription Required and the upgrade button to /pricing', async ({ page }) => {
    const signUp = await page.request.post('/api/auth/signup', {
      data: { email: `create-free-${Date.now()}@example.com`, first_name: 'Lina', last_name: 'Bo Bardi', password: 'concrete-shell' },
      headers: { Origin: ORIGIN },
    });
    expect(signUp.status()).toBe(201);
    await page.goto('/create');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: /Create/ })).toContainText('Pro');
    await expect(page.getByRole('heading', { name: 'Pro Subscription Required' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Generate Images' })).toHaveCount(0);
    await expect(page.getByTestId('sketch-card')).toHaveCount(0);
    await page.getByRole('link', { name: 'Upgrade to Pro' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });

  test('the VIP user: defaults, automatic sketch reading, combined prompt, credits meter, and the Sora workflow view', async ({ page }) => {
    await signInAsVip(page, STYLE);
    await page.goto('/create');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Create' })).not.toContainText('Pro');

    // Spec §9 defaults, §6 Unlimited, §5 no sketch → disabled.
    await expect(page.getByTestId('control-provider')).toHaveValue('sora');
    await expect(page.getByTestId('control-aspect-ratio')).toHaveValue('16:9');
    await expect(page.getByTestId('control-lighting')).toHaveValue('golden_hour');
    await expect(page.getByRole('button', { name: 'Medium', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: '1', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('sketch-influence-value')).toHaveText('75% · Moderate');
    await expect(page.getByTestId('credits-meter-remaining')).toHaveText('Unlimited');
    await expect(page.getByTestId('estimated-cost')).toHaveText('10 credits');
    const generate = page.getByRole('button', { name: 'Generate Images' });
    await expect(generate).toBeDisabled();

    // The style description is the saved profile, read-only until Edit.
    const style = page.getByTestId('generation-style');
    await expect(style).toHaveValue(STYLE);
    await expect(style).toHaveAttribute('readonly', '');
    await expect(page.getByRole('button', { name: 'Save as default' })).toBeDisabled();

    // Spec §9 cost: the larger of 10 and variations × (15 at high detail, else 10); the influence labels.
    await page.getByRole('button', { name: 'High', exact: true }).click();
    await page.getByRole('button', { name: '4', exact: true }).click();
    await expect(page.getByTestId('estimated-cost')).toHaveText('60 credits');
    await page.getByRole('button', { name: 'Medium', exact: true }).click();
    await expect(page.getByTestId('estimated-cost')).toHaveText('40 credits');
    await page.getByRole('button', { name: '1', exact: true }).click();
    const influence = page.getByRole('slider', { name: 'Sketch influence' });
    await influence.focus();
    await page.keyboard.press('ArrowRight'); // step 5
    await expect(page.getByTestId('sketch-influence-value')).toHaveText('80% · Very high adherence');
    await page.keyboard.press('Home');
    await expect(page.getByTestId('sketch-influence-value')).toHaveText('0% · Loose inspiration');
    await page.keyboard.press('End');
    await expect(page.getByTestId('sketch-influence-value')).toHaveText('100% · Very high adherence');
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowLeft');
    await expect(page.getByTestId('sketch-influence-value')).toHaveText('75% · Moderate');

    // The sketch is read at once; its reading is the structure of the combined prompt, with the style.
    const summary = await openWithSketch(page);
    expect(summary.length).toBeGreaterThan(20);
    // The reading is a design brief, with no figures.
    expect(summary).toMatch(/^Reads as an elevation: /);
    expect(summary).not.toMatch(/\d|per cent|%/);
    const prompt = page.getByTestId('combined-prompt');
    await expect(prompt).toContainText(STYLE);
    await expect(prompt).toContainText(`Keep the structure the sketch shows: ${summary}`);
    await expect(prompt).toContainText('golden-hour');
    await expect(style).toHaveValue(STYLE);

    // Four reference slots; images only (spec §5 general image upload rule).
    const readToasts = await recordToasts(page);
    await page
      .getByTestId('reference-input')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await expect.poll(readToasts).toContain('Invalid Files');
    // Spec §5's general image upload text, not the analysis screen's '"notes.txt" is not an image file.'
    expect(await readToasts()).toContain('Only image files are allowed.');
    expect(await readToasts()).not.toContain('is not an image file');
    // Checked by content too: a text file named and typed as a JPEG is refused the same way.
    await expect(page.getByText('Only image files are allowed.')).toBeHidden({ timeout: 15_000 });
    await page
      .getByTestId('reference-input')
      .setInputFiles({ name: 'notimage.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not an image at all') });
    await expect(page.getByText('Only image files are allowed.')).toBeVisible();
    await expect(page.getByTestId('reference-slot-filled')).toHaveCount(0);
    await page.getByTestId('reference-input').setInputFiles(REFERENCES);
    await expect(page.getByTestId('reference-count')).toHaveText('2/4');
    await expect(page.getByTestId('reference-slot-filled')).toHaveCount(2);

    // Spec §5: an empty style description is refused with its toast.
    await page.getByRole('button', { name: 'Edit' }).click();
    await expect(style).not.toHaveAttribute('readonly', '');
    await style.fill('   ');
    // The combined prompt shows where the style goes rather than ending on '…in this design style:'.
    await expect(page.getByTestId('combined-prompt-style-placeholder')).toHaveText('(add a style description)');
    await expect(generate).toBeEnabled();
    await generate.click();
    await expect.poll(readToasts).toContain('Style Description Required');
    expect(await readToasts()).toContain('Please provide a style description for better results.');
    // Spec §5, §9: at most 500 characters, counted as the server and /account count them (an emoji
    // is one: 500 fit although the field's maxLength counts UTF-16 units). Typing stops at 500 and a
    // longer paste is cut there: the counter never passes 500/500.
    await style.fill('\u{1F3DB}'.repeat(500));
    await expect(page.getByTestId('generation-style-counts')).toHaveText('500/500 characters · 1 word');
    await style.fill('a'.repeat(500));
    await expect(page.getByTestId('generation-style-counts')).toHaveText('500/500 characters · 1 word');
    await style.press('End');
    await style.pressSequentially('b');
    await expect(page.getByTestId('generation-style-counts')).toHaveText('500/500 characters · 1 word');
    await expect(style).toHaveValue('a'.repeat(500));
    await style.fill('c'.repeat(520));
    await expect(style).toHaveValue('c'.repeat(500));
    await expect(page.getByTestId('generation-style-counts')).toHaveText('500/500 characters · 1 word');
    await style.fill(STYLE);

    // Sora (the default provider): the workflow view, image-to-image from the sketch.
    const requests: string[] = [];
    page.on('request', (request) => requests.push(`${request.method()} ${new URL(request.url()).pathname}`));
    await generate.click();
    const workflow = page.getByTestId('workflow-result');
    await expect(workflow).toBeVisible({ timeout: 90_000 });
    await expect(workflow.getByRole('heading', { name: 'Sora Workflow' })).toBeVisible();
    await expect(workflow.getByTestId('workflow-kind')).toHaveText('Integrated workflow: image-to-image');
    await expect(workflow.getByTestId('workflow-prompt')).not.toBeEmpty();
    // The Sora prompt carries design language only: no measurement, engine note or hedge.
    const soraPrompt = await workflow.getByTestId('workflow-prompt').innerText();
    expect(soraPrompt).toContain(summary);
    expect(soraPrompt).not.toMatch(/\d|per cent|%|Measurements|AI model|estimate/i);
    expect(await workflow.getByTestId('workflow-steps').getByRole('listitem').count()).toBeGreaterThan(0);
    // The sketch and the two references, three in a row.
    await expect(workflow.getByTestId('workflow-image')).toHaveCount(3);
    await expect(workflow.getByTestId('workflow-images')).toHaveAttribute('data-columns', '3');
    await expect(page.getByTestId('generated-image')).toHaveCount(0);
    await expect.poll(readToasts).toContain('Workflow Ready');
    // The event stream was opened before the request was posted.
    const eventsAt = requests.findIndex((line) => /^GET \/api\/generations\/[0-9a-f-]{36}\/events$/.test(line));
    const postAt = requests.indexOf('POST /api/generate');
    expect(eventsAt).toBeGreaterThanOrEqual(0);
    expect(postAt).toBeGreaterThan(eventsAt);

    // The transformation is simulated with a timer: no call is made (spec §4, §7).
    const before = requests.length;
    await workflow.getByRole('button', { name: 'Simulate Sora transformation' }).click();
    await expect(workflow.getByRole('button', { name: 'Simulate Sora transformation' })).toBeDisabled();
    await expect(workflow.getByTestId('simulation-done')).toBeVisible({ timeout: 10_000 });
    expect(requests.slice(before).filter((line) => line.includes('/api/'))).toEqual([]);

    // Sketch influence 0: the manual workflow (no image input), and only the references to upload.
    await influence.focus();
    await page.keyboard.press('Home');
    await generate.click();
    await expect(page.getByTestId('workflow-kind')).toHaveText('Manual workflow', { timeout: 90_000 });
    await expect(page.getByTestId('workflow-image')).toHaveCount(2);

    // Midjourney works the same way.
    await page.getByTestId('control-provider').selectOption('midjourney');
    await generate.click();
    await expect(page.getByRole('heading', { name: 'Midjourney Workflow' })).toBeVisible({ timeout: 90_000 });

    // A failed generation adds its toast and takes nothing away: the loaded sketch and the previous
    // (Midjourney) result stay on screen, with no 'Ready to Generate' panel in their place.
    await page.route('**/api/generate', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'OpenAI image generation is not configured on this server.' }),
      }),
    );
    await page.getByTestId('control-provider').selectOption('openai');
    await generate.click();
    await expect.poll(readToasts).toContain('Generation Failed');
    await expect(generate).toBeEnabled();
    await expect(page.getByRole('heading', { name: 'Midjourney Workflow' })).toBeVisible();
    await expect(page.getByTestId('generation-empty')).toHaveCount(0);
    await expect(page.getByRole('img', { name: 'Your sketch: house-facade.png' })).toBeVisible();
    await page.unroute('**/api/generate');
  });

  test('the VIP user with openai: live progress, the images, numbered .jpg downloads, Upscale, and the job under Recent Activity', async ({
    page,
  }) => {
    await signInAsVip(page, STYLE);
    await openWithSketch(page);
    await page.getByTestId('reference-input').setInputFiles(REFERENCES[0]);
    await expect(page.getByTestId('reference-count')).toHaveText('1/4');
    await page.getByTestId('control-provider').selectOption('openai');
    await page.getByRole('button', { name: '2', exact: true }).click();
    await expect(page.getByTestId('estimated-cost')).toHaveText('20 credits');

    // Every progress state the card shows, as source:stage.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      const read = () =>
        document.querySelectorAll('[data-progress-source]').forEach((element) => {
          const entry = `${element.getAttribute('data-progress-source')}:${element.getAttribute('data-progress-stage')}`;
          if (!seen.includes(entry)) seen.push(entry);
        });
      new MutationObserver(read).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['data-progress-source', 'data-progress-stage'],
      });
    });
    const readToasts = await recordToasts(page);
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/generate') && response.request().method() === 'POST');
    const generate = page.getByRole('button', { name: 'Generate Images' });
    await generate.click();
    await expect(generate).toBeDisabled();
    await expect(page.getByTestId('generation-progress')).toBeVisible();
    const response = await answer;
    expect(response.status()).toBe(200);
    const { jobId } = (await response.json()) as { jobId: string };

    const result = page.getByTestId('generation-result');
    await expect(result).toBeVisible({ timeout: 90_000 });
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
    expect(seen).toContain('live:rendering');
    expect(seen).not.toContain('simulated:');
    await expect(page.getByTestId('generation-progress')).toHaveCount(0);
    await expect.poll(readToasts).toContain('Visualisations Ready');

    // Two renders side by side, each loaded, with a before/after slider and no seed (OpenAI has none).
    const images = result.getByTestId('generated-image');
    await expect(images).toHaveCount(2);
    await expect(result.getByTestId('generated-images')).toHaveAttribute('data-columns', '2');
    for (const n of [1, 2]) {
      const render = result.getByRole('img', { name: `Render ${n} of your sketch` });
      await expect(render).toHaveJSProperty('complete', true);
      expect(await render.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await expect(result.getByRole('slider', { name: `Compare the sketch with render ${n}` })).toHaveValue('50');
    }
    await expect(images.first().getByTestId('generated-image-seed')).toHaveText('No seed: OpenAI does not take one.');
    await expect(result.getByRole('button', { name: 'Regenerate with this seed' })).toHaveCount(0);

    // Downloads: numbered .jpg files (spec §7), JPEG bytes.
    for (const n of [1, 2]) {
      const download = page.waitForEvent('download');
      await images
        .nth(n - 1)
        .getByRole('button', { name: `Download render ${n}` })
        .click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`archlens-render-${n}.jpg`);
      const bytes = await readFile((await file.path())!);
      expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    }

    // Upscale only announces itself (spec §2, §8).
    await images.first().getByRole('button', { name: 'Upscale' }).click();
    await expect.poll(readToasts).toContain('Coming Soon');
    expect(await readToasts()).toContain('Image upscaling will be available in a future update.');

    // A download that fails says so (spec §8).
    await page.route('**/api/download/**', (route) => route.fulfill({ status: 500, body: 'storage unavailable' }));
    await images.first().getByRole('button', { name: 'Download render 1' }).click();
    await expect.poll(readToasts).toContain('There was an error downloading the image. Please try again.');
    await page.unroute('**/api/download/**');

    // With the sketch removed, 'Variations' (4, regenerate) asks for one (spec §5).
    await page.getByRole('button', { name: 'Remove sketch' }).click();
    await expect(page.getByRole('button', { name: 'Generate Images' })).toBeDisabled();
    await result.getByRole('button', { name: 'Variations' }).click();
    await expect.poll(readToasts).toContain('Sketch Required');
    expect(await readToasts()).toContain('Please upload a sketch to generate images.');
    await expect(page.getByRole('button', { name: '4', exact: true })).toHaveAttribute('aria-pressed', 'true');

    // Recent Activity on home lists the job as Completed.
    await page.goto('/');
    const item = page.locator(`[data-testid="recent-activity-item"][data-job-id="${jobId}"]`);
    await expect(item).toBeVisible();
    await expect(item.getByTestId('recent-activity-status')).toHaveText('Completed');
    await expect(item).toContainText('OpenAI · 2 images');
    await expect(page.getByTestId('stat-generations')).not.toHaveText('0');
    // The item opens the generation from the keyboard: its two renders, loaded.
    await item.getByRole('button', { name: /^Open generation: Completed, OpenAI · 2 images/ }).focus();
    await page.keyboard.press('Enter');
    const opened = page.getByRole('dialog', { name: 'OpenAI generation' });
    for (const n of [1, 2]) {
      const render = opened.getByRole('img', { name: `Render ${n}` });
      await expect(render).toHaveJSProperty('complete', true);
      expect(await render.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    }
  });
});
