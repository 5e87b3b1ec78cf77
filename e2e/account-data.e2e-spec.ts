import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { E2E_APP_URL } from './loopback-services';
import { recordToasts } from './toasts';

/*
 * /account 'Your data': Download your data saves a ZIP holding the user's analysis as JSON; Delete
 * account asks for the password, refuses a wrong one in the dialog and keeps the account, and with
 * the right one signs out, lands on the landing page with a toast, and the account signs in no more.
 */

const photos = path.resolve(import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname), '../../shared/fixtures/photos');
const PASSWORD = 'canal-house-42';

/** Signs a new user up in the page's context. @returns the e-mail */
async function signUpAs(page: Page, firstName: string): Promise<string> {
  const email = `${firstName.toLowerCase()}-${Date.now()}@example.com`;
  const res = await page.request.post('/api/auth/signup', {
    data: { email, first_name: firstName, last_name: 'Tester', password: PASSWORD },
    headers: { Origin: E2E_APP_URL },
  });
  expect(res.status()).toBe(201);
  return email;
}

/** `POST /api/analyze` with one fixture photo, in the page's session. @returns the analysis id */
async function analyseOnePhoto(page: Page): Promise<string> {
  const res = await page.request.post('/api/analyze', {
    multipart: { images: { name: 'mit.jpg', mimeType: 'image/jpeg', buffer: readFileSync(path.join(photos, 'mit-media-lab.jpg')) } },
    headers: { Origin: E2E_APP_URL },
    timeout: 90_000,
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

/** axe's serious and critical WCAG 2.2 AA violations on the page as it is, one line each. */
async function accessibilityViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test('Your data: the export downloads a ZIP with the analysis; deletion refuses a wrong password, then deletes and signs out', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = await signUpAs(page, 'Leaving');
  const analysisId = await analyseOnePhoto(page);

  await page.goto('/account');
  const card = page.getByRole('region', { name: 'Your data' });
  await expect(card).toBeVisible();

  // Download your data: the browser saves one ZIP, holding the analysis as JSON.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'archlens-account-data-'));
  try {
    const downloading = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Download your data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^archlens-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const file = path.join(dir, download.suggestedFilename());
    await download.saveAs(file);
    const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
    expect(names).toContain(`analyses/${analysisId}/analysis.json`);
    const analysis = JSON.parse(execFileSync('unzip', ['-p', file, `analyses/${analysisId}/analysis.json`], { encoding: 'utf8' })) as {
      id: string;
      primaryDescription: string;
    };
    expect(analysis.id).toBe(analysisId);
    expect(analysis.primaryDescription.split(/\s+/)).toHaveLength(88);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  // Delete account with a wrong password: the refusal shows in the dialog, and the account stays.
  await card.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('What we keep, without your name or email');
  expect(await accessibilityViolations(page)).toEqual([]);
  await dialog.getByLabel('Password', { exact: true }).fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('That password is not correct. Nothing has been deleted.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Your data' })).toBeVisible();
  expect((await page.request.get(`/api/analyses/${analysisId}`)).status()).toBe(200);

  // The right password: signed out, on the landing page, with a toast; the account signs in no more.
  const readToasts = await recordToasts(page);
  await page.getByRole('button', { name: 'Delete account' }).click();
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(`${E2E_APP_URL}/`);
  await expect.poll(readToasts).toContain('Account Deleted');
  expect((await page.context().cookies()).filter((cookie) => cookie.name === 'archlens_sid')).toEqual([]);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  const signIn = await page.request.post('/api/auth/signin', { data: { email, password: PASSWORD }, headers: { Origin: E2E_APP_URL } });
  expect(signIn.status()).toBe(401);
});
