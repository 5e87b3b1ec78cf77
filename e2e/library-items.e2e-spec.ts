import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { E2E_APP_URL } from './loopback-services';
import { accessibilityViolations, coveredContent } from './page-checks';
import { signInAsVip } from './accounts';
import { recordToasts } from './toasts';

/**
 * The library's item pages, share links and the public share page, as the VIP user (Pro, unlimited
 * credits) meets them: an analysis made on /analyse and renders made on /create opened by their
 * addresses; the analysis shared, its link opened signed out in a fresh browser, revoked, and then
 * seen to be withdrawn; a workflow's recipe with its seed, reproduced into a new generation that
 * keeps the seed and says what it was made from; the new one deleted; another user and a signed-out
 * visitor kept out. Each page is also screenshotted at 1440 × 900 and 390 × 844 (under
 * /tmp/archlens-library-screens), with nothing covered and no serious accessibility violation.
 */
const here = import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname);
const fixtures = path.resolve(here, '../../shared/fixtures');
const PHOTOS = ['mit-media-lab.jpg', 'havana-cathedral-baroque.jpg'].map((name) => path.join(fixtures, 'photos', name));
const SKETCH = path.join(fixtures, 'sketches/house-facade.png');
const REFERENCE = path.join(fixtures, 'references/concrete_brutalism.png');
const ORIGIN = E2E_APP_URL;
const STYLE = 'Board-marked concrete, deep window reveals, oak soffits and a calm rhythm of bays under generous daylight.';
const SEED = '4242';
const SCREENS = process.env.LIBRARY_SCREENS_DIR ?? '/tmp/archlens-library-screens';
const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Every image with the test id `testId` (there are `count`) has loaded with real pixels. */
async function expectImagesLoaded(page: Page, testId: string, count: number): Promise<void> {
  const images = page.getByTestId(testId);
  await expect(images).toHaveCount(count);
  for (let i = 0; i < count; i++) {
    // Thumbnails load lazily: scrolled to, as a reader would.
    await images.nth(i).scrollIntoViewIfNeeded();
    await expect(images.nth(i)).toHaveJSProperty('complete', true);
    expect(await images.nth(i).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }
}

/** Screenshots the page at both sizes (desktop and phone), checking that nothing is covered and axe finds nothing serious. */
async function lookAt(page: Page, name: string): Promise<void> {
  await mkdir(SCREENS, { recursive: true });
  const original = page.viewportSize();
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.waitForTimeout(300);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(SCREENS, `${name}-${size.name}.png`), fullPage: true });
    expect.soft(await coveredContent(page), `${name} at ${size.name}: covered content`).toEqual([]);
    expect.soft(await accessibilityViolations(page), `${name} at ${size.name}: axe`).toEqual([]);
    // Nothing runs off the side of a phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect.soft(overflow, `${name} at ${size.name}: horizontal overflow in px`).toBeLessThanOrEqual(0);
  }
  if (original) await page.setViewportSize(original);
}

/**
 * Makes a generation on /create with `provider` (and the seed when given).
 * @returns its job id and the id of the sketch reading /create made of the sketch on the way
 */
async function generate(page: Page, provider: 'openai' | 'midjourney', seed?: string): Promise<{ jobId: string; readingId: string }> {
  await page.goto('/create');
  const read = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/analyze-sketch' && response.request().method() === 'POST',
  );
  await page.getByTestId('sketch-input').setInputFiles(SKETCH);
  const readingId = ((await (await read).json()) as { id: string }).id;
  await expect(page.getByTestId('sketch-analysis')).toHaveAttribute('data-status', 'read', { timeout: 90_000 });
  await page.getByTestId('reference-input').setInputFiles(REFERENCE);
  await expect(page.getByTestId('reference-count')).toHaveText('1/4');
  await page.getByTestId('control-provider').selectOption(provider);
  if (seed) await page.getByTestId('control-seed').fill(seed);
  const answer = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/generate' && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Generate Images' }).click();
  const response = await answer;
  expect(response.status()).toBe(200);
  return { jobId: ((await response.json()) as { jobId: string }).jobId, readingId };
}

/** A fresh browser (no cookies), as someone who was sent a link would open it. */
async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: ORIGIN });
  return context.newPage();
}

test.describe('the library item pages and share links', () => {
  test.setTimeout(420_000);

  test('an analysis and renders opened by address, shared, revoked, reproduced and deleted; others kept out', async ({ page, browser }) => {
    await signInAsVip(page, STYLE);

    // An analysis on /analyse; its id from the answer.
    await page.goto('/analyse');
    await page.locator('input[type="file"]').first().setInputFiles(PHOTOS);
    const analysed = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/analyze' && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Generate Analysis' }).click();
    const analysis = (await (await analysed).json()) as { id: string; primaryDescription: string; tags: string[] };

    // Its page: the descriptions, tags, engine, both thumbnails and the /analyse actions with Share and Delete.
    await page.goto(`/library/analyses/${analysis.id}`);
    let readToasts = await recordToasts(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Design Language Analysis' })).toBeVisible();
    await expect(page.getByTestId('primary-description')).toHaveText(analysis.primaryDescription);
    await expect(page.getByTestId('analysis-engine')).not.toBeEmpty();
    await expect(page.getByTestId('analysis-tags').getByRole('listitem')).toHaveCount(analysis.tags.length);
    await expectImagesLoaded(page, 'item-thumbnail', 2);
    const actions = page.getByRole('toolbar', { name: 'Analysis actions' });
    for (const name of ['Copy', 'Add to Clipboard', 'Email Text', 'Export PDF', 'Share', 'Delete']) {
      await expect(actions.getByRole('button', { name, exact: true })).toBeVisible();
    }
    await page.getByRole('tab', { name: 'Expanded' }).click();
    await expect(page.getByTestId('expanded-description')).toContainText(/\S/);
    await page.getByRole('tab', { name: 'Primary' }).click();
    // Export PDF works from here as on /analyse.
    const pdf = page.waitForEvent('download');
    await actions.getByRole('button', { name: 'Export PDF' }).click();
    expect((await readFile((await (await pdf).path())!)).subarray(0, 5).toString()).toBe('%PDF-');
    await lookAt(page, 'analysis-item');

    // Share it for 3 days: the whole link, once, with the date it stops working.
    await actions.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share this analysis' });
    await expect(dialog.getByTestId('share-warning')).toContainText('Anyone with the link can see this item’s text and images');
    await expect(dialog.getByTestId('live-shares-empty')).toBeVisible();
    await dialog.getByRole('spinbutton', { name: 'Link works for' }).fill('3');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const linkField = dialog.getByRole('textbox', { name: 'Share link' });
    await expect(linkField).toHaveValue(new RegExp(`^${ORIGIN}/s/[A-Za-z0-9_-]{43}$`));
    const link = await linkField.inputValue();
    await expect(dialog.getByTestId('created-share-expiry')).toContainText('Stops working on');
    await expect(dialog.getByTestId('live-share')).toHaveCount(1);
    await lookAt(page, 'share-dialog');

    // Opened signed out in a fresh browser: the text and images, the dates, Try ArchLens, nothing else.
    const visitor = await freshPage(browser);
    const opened = await visitor.goto(link);
    expect(opened?.headers()['x-robots-tag']).toBe('noindex');
    const shared = visitor.getByTestId('shared-item');
    await expect(shared.getByTestId('shared-primary')).toHaveText(analysis.primaryDescription);
    await expect(shared.getByTestId('shared-expanded')).toContainText(/\S/);
    await expectImagesLoaded(visitor, 'item-thumbnail', 2);
    await expect(visitor.getByTestId('shared-dates')).toContainText('Made on');
    await expect(visitor.getByTestId('shared-dates')).toContainText('This link works until');
    await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(visitor.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
    await expect(visitor.getByTestId('try-archlens').first()).toHaveAttribute('href', '/');
    const visitorText = await visitor.locator('body').innerText();
    expect(visitorText).not.toMatch(/@|credit|Recipe|Sign Out|Account/i);
    await lookAt(visitor, 'share-page');

    // Revoked (after confirming): the same link now says it is gone.
    await dialog.getByRole('button', { name: /^Revoke the link created/ }).click();
    await page.getByRole('dialog', { name: 'Revoke this link?' }).getByRole('button', { name: 'Revoke link' }).click();
    await expect.poll(readToasts).toContain('Link Revoked');
    await expect(dialog.getByTestId('live-shares-empty')).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await visitor.reload();
    await expect(visitor.getByRole('heading', { name: 'This link has expired or was withdrawn' })).toBeVisible();
    await expect(visitor.getByTestId('shared-item')).toHaveCount(0);
    await expect(visitor.getByTestId('try-archlens').first()).toBeVisible();
    await lookAt(visitor, 'share-page-gone');

    // Signed out, the item page goes through login and comes back to the item's address.
    const logins: string[] = [];
    visitor.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/login') logins.push(request.url());
    });
    await visitor.goto(`/library/analyses/${analysis.id}`);
    await expect(visitor.getByRole('dialog').getByText('Sign In to ArchLens')).toBeVisible();
    expect(new URL(visitor.url()).pathname).toBe(`/library/analyses/${analysis.id}`);
    // Once there, and it stays: back from login, the dialog opens instead of a second trip.
    await visitor.waitForTimeout(2_000);
    expect(logins).toEqual([`${ORIGIN}/api/login?next=${encodeURIComponent(`/library/analyses/${analysis.id}`)}`]);
    await expect(visitor.getByRole('dialog').getByText('Sign In to ArchLens')).toBeVisible();
    await visitor.context().close();

    // A render with openai: its images with their downloads, its recipe (no seed: OpenAI takes none).
    const { jobId: renderId, readingId } = await generate(page, 'openai');
    await page.goto(`/library/generations/${renderId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Render' })).toBeVisible();
    await expect(page.getByTestId('generation-item-status')).toHaveText('Completed');
    await expectImagesLoaded(page, 'generation-item-image', 1);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download render 1' }).click();
    expect((await download).suggestedFilename()).toBe('archlens-render-1.jpg');
    await expect(page.getByTestId('recipe-style')).toHaveText(STYLE);
    await expect(page.getByTestId('recipe-seed')).toHaveText('None: OpenAI does not take a seed.');
    // The names of the files as they were sent: /create optimises each image to a JPEG first.
    await expect(page.getByTestId('recipe-references')).toHaveText('concrete_brutalism.jpg');
    await expect(page.getByTestId('reproduce')).toHaveText('Reproduce · 10 credits');
    await lookAt(page, 'generation-item');

    // A Midjourney workflow with seed 4242: its recipe keeps the seed; Reproduce runs it again with it.
    // The sketch reading /create made on the way: its page, as /read-sketch shows a reading.
    await page.goto(`/library/sketch-readings/${readingId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Sketch Reading' })).toBeVisible();
    await expect(page.getByTestId('sketch-points').getByRole('listitem').first()).toBeVisible();
    await expect(page.getByTestId('sketch-caption')).toContainText('Read as');
    await expectImagesLoaded(page, 'item-thumbnail', 1);
    const readingActions = page.getByRole('toolbar', { name: 'Sketch reading actions' });
    for (const name of ['Copy', 'Add to Clipboard', 'Share', 'Delete']) {
      await expect(readingActions.getByRole('button', { name, exact: true })).toBeVisible();
    }
    await lookAt(page, 'sketch-reading-item');

    const { jobId: workflowId } = await generate(page, 'midjourney', SEED);
    await page.goto(`/library/generations/${workflowId}`);
    readToasts = await recordToasts(page);
    await expect(page.getByTestId('recipe-seed')).toHaveText(SEED);
    await expect(page.getByTestId('recipe-provider')).toContainText('Midjourney');
    await page.getByTestId('reproduce').click();
    await page.waitForURL((url) => url.pathname.startsWith('/library/generations/') && !url.pathname.endsWith(workflowId), {
      timeout: 90_000,
    });
    const reproducedId = new URL(page.url()).pathname.split('/').pop()!;
    await expect(page.getByTestId('recipe-seed')).toHaveText(SEED);
    const parent = page.getByTestId('lineage-parent');
    await expect(parent).toContainText('Made from');
    await expect(parent.getByRole('link')).toHaveAttribute('href', `/library/generations/${workflowId}`);
    await expect.poll(readToasts).toContain('Render Ready');
    await lookAt(page, 'generation-item-reproduced');
    // The first lists it among the runs made from it.
    await parent.getByRole('link').click();
    await expect(page.getByTestId('lineage-children').getByRole('link')).toHaveAttribute('href', `/library/generations/${reproducedId}`);

    // Deleting the reproduced one (after confirming) returns to the library with a toast; it is gone.
    await page.goto(`/library/generations/${reproducedId}`);
    readToasts = await recordToasts(page);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog', { name: 'Delete this render?' }).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(readToasts).toContain('Deleted');
    await expect(page).not.toHaveURL(new RegExp(reproducedId));
    expect((await page.request.get(`/api/generations/${reproducedId}`)).status()).toBe(404);
    await page.goto(`/library/generations/${reproducedId}`);
    await expect(page.getByRole('heading', { name: 'This item is not in your library' })).toBeVisible();

    // Another user opening the first user's item sees that it is not in their library.
    const other = await freshPage(browser);
    const signUp = await other.request.post('/api/auth/signup', {
      data: { email: `library-other-${Date.now()}@example.com`, first_name: 'Denise', last_name: 'Scott Brown', password: 'learning-from' },
      headers: { Origin: ORIGIN },
    });
    expect(signUp.status()).toBe(201);
    await other.goto(`/library/analyses/${analysis.id}`);
    await expect(other.getByRole('heading', { name: 'This item is not in your library' })).toBeVisible();
    await expect(other.getByRole('link', { name: 'Go to your library' })).toHaveAttribute('href', '/library');
    await expect(other.getByTestId('primary-description')).toHaveCount(0);
    await lookAt(other, 'item-not-found');
    await other.context().close();
  });
});
