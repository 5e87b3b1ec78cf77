import path from 'node:path';
import { expect, test } from '@playwright/test';
import { recordToasts } from './toasts';

const photos = path.resolve(import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname), '../../shared/fixtures/photos');
const THREE = ['mit-media-lab.jpg', 'tours-cathedral-gothic.jpg', 'havana-cathedral-baroque.jpg'].map((n) => path.join(photos, n));
/** Sum of the three originals (90 KB + 3.8 MB + 146 KB); the upload must be far smaller. */
const ORIGINAL_BYTES = 90_109 + 3_785_255 + 146_438;

/** "4.0 MB" → bytes (the format of formatBytes in the contracts). */
function bytesOf(size: string): number {
  const [, value, unit] = size.match(/^([\d.]+) (B|KB|MB)$/) ?? [];
  if (!value) throw new Error(`not a size: ${size}`);
  return Number(value) * { B: 1, KB: 1024, MB: 1024 * 1024 }[unit as 'B' | 'KB' | 'MB'];
}

function countWords(text: string): number {
  return (text.match(/\S+/g) ?? []).length;
}

test('a newcomer signs up, analyses three fixture photos and finds the analysis again after a reload', async ({ page }) => {
  const email = `e2e-${Date.now()}@example.com`;
  // The gateway's Content-Security-Policy (apps/gateway/src/security/security-headers.ts) must not
  // block anything the SPA does. Chromium prints most refusals ("Refused to …") to the console, but
  // reports some (a caught eval) only as a `securitypolicyviolation` event: log those too.
  const cspMessages: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|Refused to/i.test(text)) cspMessages.push(text);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Content Security Policy violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });

  await page.goto('/');
  await page.getByRole('button', { name: 'FREE SIGN IN' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Sign In to ArchLens')).toBeVisible();
  await dialog.getByText("Don't have an account? Sign up").click();
  await expect(dialog.getByText('Create Your Account')).toBeVisible();
  // The spec §5 messages show before anything is sent.
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('First Name').fill('Zaha');
  await dialog.getByLabel('Last Name').fill('Hadid');
  await dialog.getByLabel('Password', { exact: true }).fill('parametric');
  await expect(dialog.getByLabel('Password', { exact: true })).toHaveAttribute('placeholder', 'At least 6 characters');
  // Spec §4: the page reloads 1 s after a sign-up; wait for that reload, or it can land after
  // the test has moved on and take the page back to where it was.
  const reloaded = page.waitForEvent('load');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Welcome to ArchLens!')).toBeVisible();
  await reloaded;
  await expect(page.getByText('Hello Design Leader')).toBeVisible();

  await page.goto('/analyse');
  await expect(page.getByText('Ready for Analysis')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate Analysis' })).toBeDisabled();
  await page.locator('input[type="file"]').setInputFiles(THREE);
  await expect(page.getByText('Uploaded Images (3/10)')).toBeVisible();

  // Toasts replace each other (spec §9: at most one), so record every toast text as it appears.
  const readToasts = await recordToasts(page);
  await page.getByRole('button', { name: 'Generate Analysis' }).click();
  // The previous analyses are read again once the analysis is made.
  const previousReread = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/analyses' && response.request().method() === 'GET',
    { timeout: 90_000 },
  );
  const primary = page.getByTestId('primary-description');
  await expect(primary).toBeVisible({ timeout: 60_000 });
  // The 3.8 MB photo is optimised in the browser (spec §9) before it is sent; the toast says
  // from what total to what total. With one toast at a time, the second waits for the first to
  // leave, so it may show after a fast analysis has already answered.
  await expect.poll(readToasts, { timeout: 10_000 }).toContain('Images Optimized');
  const toasts = await readToasts();
  expect(toasts).toContain('Optimizing Images');
  const [, before, after] = toasts.match(/Reduced the upload from ([\d.]+ (?:B|KB|MB)) to ([\d.]+ (?:B|KB|MB))/) ?? [];
  expect(bytesOf(before!)).toBeGreaterThan(ORIGINAL_BYTES * 0.95);
  expect(bytesOf(after!)).toBeLessThan(ORIGINAL_BYTES / 3);

  const description = (await primary.innerText()).trim();
  expect(countWords(description)).toBe(88);
  // Design prose from the measuring engine: no figures, no image-processing vocabulary.
  expect(description).toMatch(/^Across the three photographs, the architecture /);
  expect(description).not.toMatch(/\d|per cent|%|\b(sobel|k-means|rgb|luminance|chroma|autocorrelation|pixels?)\b/i);
  await expect(page.getByTestId('analysis-result')).toContainText('offline');

  await page.getByRole('tab', { name: 'Expanded' }).click();
  const expanded = page.getByTestId('expanded-description');
  await expect(expanded.getByRole('heading').first()).toBeVisible();
  expect(await expanded.getByRole('heading').count()).toBeGreaterThanOrEqual(4);
  await expect(expanded).not.toContainText('## ');
  // The figures are kept for the last section, which lists each measured value.
  const headings = await expanded.getByRole('heading').allInnerTexts();
  expect(headings.at(-1)).toBe('Measurements');
  expect(headings).toContain('Massing and Form');
  await expect(expanded.getByRole('listitem').first()).toContainText('Vertical to horizontal edge weight:');

  // Spec §9 "previous" analyses: the one in the results card is not listed again below it (the
  // server's list now holds it, and nothing earlier for a newcomer).
  await previousReread;
  await expect(page.getByTestId('previous-analysis')).toHaveCount(0);
  await expect(page.getByText('No earlier analyses yet.')).toBeVisible();

  await page.reload();
  const previous = page.getByTestId('previous-analysis').first();
  await expect(previous).toContainText(description.slice(0, 60));
  await expect(previous).toContainText('3 images');

  expect(cspMessages).toEqual([]);
});
