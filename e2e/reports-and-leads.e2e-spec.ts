import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { Queue } from 'bullmq';
import { E2E_ADMIN_PASSWORD } from '../playwright.config';
import { recordToasts } from './toasts';
import { E2E_APP_URL, E2E_STATE_DIR } from './loopback-services';
import { confirmEmail, messageTo } from './accounts';

const here = import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname);
const photos = path.resolve(here, '../../shared/fixtures/photos');
const TWO = ['mit-media-lab.jpg', 'havana-cathedral-baroque.jpg'].map((n) => path.join(photos, n));
/** The app's state directory (playwright.config.ts: `E2E_STATE_DIR`). */
const STATE_DIR = path.resolve(here, '..', E2E_STATE_DIR);
/** playwright.config.ts gives the app these local admin credentials (scripts/start.mjs hashes the password). */
const ADMIN = { username: 'admin', password: E2E_ADMIN_PASSWORD };
const ADMIN_TOKEN_KEY = 'archlens_admin_token';

const words = (text: string) => text.split(/\s+/).filter(Boolean);

/** The Redis the app under test uses (scripts/start.mjs writes it into its state directory). */
async function appRedisUrl(): Promise<string> {
  const services = JSON.parse(await readFile(path.join(STATE_DIR, 'services.json'), 'utf8')) as { redisUrl: string };
  return services.redisUrl;
}

test('an analysis leaves the screen as a PDF, a copy, a clipboard entry and an e-mail, and its recipient becomes one lead in /admin', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const userEmail = `reports-${stamp}@example.com`;
  const leadEmail = `client-${stamp}@example.com`;
  const signUp = await page.request.post('/api/auth/signup', {
    data: { email: userEmail, first_name: 'Lina', last_name: 'Bo Bardi', password: 'concrete-shell' },
    headers: { Origin: E2E_APP_URL },
  });
  expect(signUp.status()).toBe(201);
  // E-mailing the report waits for a confirmed address: the link from the sign-up e-mail.
  await confirmEmail(page, userEmail, stamp - 1000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: E2E_APP_URL });

  await page.goto('/analyse');
  await page.locator('input[type="file"]').setInputFiles(TWO);
  await expect(page.getByText('Uploaded Images (2/10)')).toBeVisible();
  await page.getByRole('button', { name: 'Generate Analysis' }).click();
  const primary = page.getByTestId('primary-description');
  await expect(primary).toBeVisible({ timeout: 60_000 });
  const description = (await primary.innerText()).trim();
  expect(words(description)).toHaveLength(88);
  await page.getByRole('tab', { name: 'Expanded' }).click();
  const headings = (await page.getByTestId('expanded-description').getByRole('heading').allInnerTexts()).map((h) => h.trim());
  expect(headings.length).toBeGreaterThanOrEqual(4);
  await page.getByRole('tab', { name: 'Primary' }).click();
  const readToasts = await recordToasts(page);

  // Export PDF: a real PDF whose text holds the 88 words and every heading.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^archlens-analysis-\d{4}-\d{2}-\d{2}\.pdf$/);
  const pdfText = execFileSync('pdftotext', ['-layout', (await download.path())!, '-'], { encoding: 'utf8' });
  expect(words(pdfText).join(' ')).toContain(words(description).join(' '));
  for (const heading of headings) expect(words(pdfText).join(' ')).toContain(words(heading).join(' '));

  // Copy: the system clipboard holds the primary description.
  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(description);

  // Add to Clipboard: the stored Working Clipboard text has a separator and the description.
  await page.getByRole('button', { name: 'Add to Clipboard' }).click();
  const stored = await page.evaluate(() => localStorage.getItem('archlens_clipboard_text'));
  expect(stored).toContain('Working Clipboard - AI Generation Prompt Builder');
  expect(stored).toMatch(/——— Design Language Analysis \(Primary\) · \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} ———\n/);
  expect(stored).toContain(description);

  // Email Text opens prefilled with the signed-in user's name and address, as Email Myself does.
  // All three fields are required, and Send Analysis is disabled until they are filled (spec §4);
  // then they are checked with the contract before anything is sent: an address the server would
  // refuse ('a@b') and a name over 100 characters are named under their fields.
  await page.getByRole('button', { name: 'Email Text' }).click();
  const dialog = page.getByRole('dialog', { name: 'Email Analysis Report' });
  const send = dialog.getByRole('button', { name: 'Send Analysis' });
  await expect(dialog.getByLabel('First Name')).toHaveValue('Lina');
  await expect(dialog.getByLabel('Last Name')).toHaveValue('Bo Bardi');
  await expect(dialog.getByLabel('Email Address')).toHaveValue(userEmail);
  await expect(send).toBeEnabled();
  for (const label of ['First Name', 'Last Name', 'Email Address']) {
    await expect(dialog.getByLabel(label)).toHaveAttribute('required', '');
    await dialog.getByLabel(label).clear();
  }
  let emailRequests = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/email-analysis')) emailRequests++;
  });
  await expect(send).toBeDisabled();
  await dialog.getByLabel('First Name').fill('Oscar');
  await dialog.getByLabel('Last Name').fill('N'.repeat(101));
  await dialog.getByLabel('Email Address').fill('a@b');
  await send.click();
  await expect(dialog.getByText('Last name must be at most 100 characters')).toBeVisible();
  await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
  expect(emailRequests).toBe(0);
  await dialog.getByLabel('Last Name').fill('Niemeyer');
  await dialog.getByLabel('Email Address').fill(leadEmail);
  const sentAt = Date.now() - 1000;
  await send.click();
  await expect(dialog).toBeHidden();
  await expect.poll(readToasts).toContain('Analysis Sent!');
  const eml = await messageTo(leadEmail, sentAt);
  expect(eml).toMatch(/Content-Type: application\/pdf/i);
  expect(eml).toMatch(/filename="?archlens-analysis-\d{4}-\d{2}-\d{2}\.pdf/);

  // The `analysis.emailed` event is delivered a second time (same event id, new job): still one lead.
  const events = new Queue('leads.events', { connection: { url: await appRedisUrl(), maxRetriesPerRequest: null } });
  try {
    let delivered: { name: string; data: { payload: { email: string } } } | undefined;
    await expect
      .poll(
        async () => {
          const jobs = await events.getJobs(['completed']);
          delivered = jobs.find((job) => (job.data as { payload?: { email?: string } }).payload?.email === leadEmail);
          return Boolean(delivered);
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    const redelivered = await events.add(delivered!.name, delivered!.data, { jobId: randomUUID() });
    await expect.poll(async () => redelivered.getState(), { timeout: 30_000 }).toBe('completed');
  } finally {
    await events.close();
  }

  // Spec §8: once the session has ended, Export PDF answers 401: the 'Unauthorized' toast, then
  // sign-in after about 500 ms (the export is no query or mutation, so it says so itself).
  await context.clearCookies();
  await page.getByRole('button', { name: 'Export PDF' }).click();
  await expect(page.getByRole('dialog').getByText('Sign In to ArchLens')).toBeVisible();
  expect(await readToasts()).toContain('Unauthorized\nYou are logged out. Logging in again...');

  // Admin: a stale token is removed and the admin sent to /admin-login.
  await page.evaluate((key) => localStorage.setItem(key, 'not-a-token'), ADMIN_TOKEN_KEY);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin-login$/);
  expect(await page.evaluate((key) => localStorage.getItem(key), ADMIN_TOKEN_KEY)).toBeNull();

  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Login Failed')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeVisible();
  // The failure of the first attempt does not stay over the dashboard the second one opened.
  await expect(page.getByText('Login Failed')).toBeHidden();
  await expect(page.getByTestId('stat-total')).toHaveText(/^\d[\d,]*$/);

  // Search: the lead appears exactly once, even though its event was delivered twice.
  await page.getByLabel('Search leads').fill(`client-${stamp}`);
  const rows = page.getByTestId('lead-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Oscar');
  await expect(rows.first()).toContainText('Niemeyer');
  await expect(rows.first()).toContainText(leadEmail);
  await expect(rows.first()).toContainText('Analysis e-mail');

  // Filter and sort: the source filter keeps it; sorting by e-mail flips both ways.
  await page.getByLabel('Source').click();
  await page.getByRole('option', { name: 'Analysis e-mail' }).click();
  await expect(rows).toHaveCount(1);
  await page.getByLabel('Search leads').fill('');
  const emailHeader = page.getByRole('columnheader', { name: 'Email' });
  await emailHeader.getByRole('button').click();
  await expect(emailHeader).toHaveAttribute('aria-sort', 'ascending');
  // Case-insensitive (LeadsRepository: lower(email)), then code point order as PostgreSQL's C
  // collation and JavaScript's default sort both compare.
  const ascending = (await rows.locator('td:nth-child(3)').allInnerTexts()).map((email) => email.toLowerCase());
  expect(ascending).toEqual([...ascending].sort());
  await emailHeader.getByRole('button').click();
  await expect(emailHeader).toHaveAttribute('aria-sort', 'descending');

  // Export: a dated CSV with a BOM, the header and the lead.
  await page.getByLabel('Search leads').fill(leadEmail);
  await expect(rows).toHaveCount(1);
  const exporting = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csvDownload = await exporting;
  expect(csvDownload.suggestedFilename()).toMatch(/^archlens-leads-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await csvDownload.path())!, 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const lines = csv.slice(1).trim().split(/\r?\n/);
  expect(lines[0]).toMatch(/first_name/);
  expect(lines.filter((line) => line.includes(leadEmail))).toHaveLength(1);

  // Logout revokes the token on the server, removes it and returns to /admin-login; /admin then
  // stays closed, and a copy of the token kept elsewhere opens nothing either.
  const token = await page.evaluate((key) => localStorage.getItem(key), ADMIN_TOKEN_KEY);
  expect(token).toBeTruthy();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin-login$/);
  await expect(page.getByText('The admin session has ended.')).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), ADMIN_TOKEN_KEY)).toBeNull();
  const reused = await page.request.get('/api/admin/verify', { headers: { Authorization: `Bearer ${token}` } });
  expect(reused.status()).toBe(401);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin-login$/);
});

/*
 * /admin on a 390 px phone: the leads table's pagination row fits its box, so the next-page button
 * is on screen and works. The admin routes are answered here (a token and 123 leads), so that the
 * row shows '1–25 of 123' whatever the database holds.
 */
test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("/admin's pagination row fits the leads card, and the next-page button is on screen", async ({ page }) => {
    const pages: string[] = [];
    await page.route('**/api/admin/verify', (route) =>
      route.fulfill({ json: { valid: true, username: 'admin', expiresAt: new Date(Date.now() + 3_600_000).toISOString() } }),
    );
    await page.route('**/api/admin/leads/stats', (route) =>
      route.fulfill({
        json: { totalLeads: 123, weeklyLeads: 4, sourceBreakdown: { analysis_email: 123 }, conversionRate: 0, leadsPerWeek: [] },
      }),
    );
    await page.route('**/api/admin/leads?*', (route) => {
      const url = new URL(route.request().url());
      pages.push(url.searchParams.get('page') ?? '');
      return route.fulfill({ json: { leads: [], total: 123, page: Number(url.searchParams.get('page') ?? 1), pageSize: 25 } });
    });
    await page.addInitScript((key) => localStorage.setItem(key, 'phone-test-token'), ADMIN_TOKEN_KEY);
    await page.goto('/admin');
    const pagination = page.locator('.MuiTablePagination-root');
    await expect(pagination).toContainText('1–25 of 123');
    const fit = await pagination.evaluate((row) => {
      const box = row.getBoundingClientRect();
      const next = row.querySelector('[aria-label="Go to next page"]')!.getBoundingClientRect();
      return { scrollWidth: row.scrollWidth, clientWidth: row.clientWidth, right: box.right, nextRight: next.right };
    });
    expect(fit.scrollWidth).toBeLessThanOrEqual(fit.clientWidth);
    expect(fit.nextRight).toBeLessThanOrEqual(fit.right);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    // The page-size select keeps its name with its label visually hidden.
    await expect(pagination.getByRole('combobox', { name: /Rows per page/ })).toBeVisible();
    await pagination.getByRole('button', { name: 'Go to next page' }).click();
    await expect(pagination).toContainText('26–50 of 123');
    expect(pages).toContain('2');
  });
});

/*
 * The 'leads per week' chart of /admin at phone and desktop widths: every week label it draws lies
 * wholly inside the chart's svg (the last one was cut off at 390 px), the last week's among them.
 */
for (const { width, height } of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test("/admin's leads-per-week chart shows each of its week labels whole", async ({ page }) => {
      const monday = Date.UTC(2026, 8, 7);
      const leadsPerWeek = Array.from({ length: 12 }, (_, index) => ({
        weekStart: new Date(monday + index * 7 * 86_400_000).toISOString(),
        count: (index * 3) % 7,
      }));
      await page.route('**/api/admin/verify', (route) =>
        route.fulfill({ json: { valid: true, username: 'admin', expiresAt: new Date(Date.now() + 3_600_000).toISOString() } }),
      );
      await page.route('**/api/admin/leads/stats', (route) =>
        route.fulfill({
          json: { totalLeads: 30, weeklyLeads: 4, sourceBreakdown: { analysis_email: 30 }, conversionRate: 0, leadsPerWeek },
        }),
      );
      await page.route('**/api/admin/leads?*', (route) => route.fulfill({ json: { leads: [], total: 0, page: 1, pageSize: 25 } }));
      await page.addInitScript((key) => localStorage.setItem(key, 'chart-test-token'), ADMIN_TOKEN_KEY);
      await page.goto('/admin');

      const svg = page
        .locator('svg')
        .filter({ has: page.locator('.MuiChartsAxis-tickLabel') })
        .first();
      await expect(svg).toBeVisible();
      const labels = svg.locator('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel');
      // The axis settles on its labels once the chart has its final width: wait for the last week's.
      await expect(labels.last()).toHaveText('23 Nov');
      const boxes = await labels.evaluateAll((elements) =>
        elements.map((element) => {
          const box = element.getBoundingClientRect();
          return { text: element.textContent, left: box.left, right: box.right, top: box.top, bottom: box.bottom };
        }),
      );
      const frame = (await svg.boundingBox())!;
      expect(boxes.length).toBeGreaterThanOrEqual(width < 600 ? 4 : 12);
      // The last week (23 Nov) is labelled.
      expect(boxes.at(-1)!.text).toBe('23 Nov');
      for (const box of boxes) {
        expect(box.left, `${box.text} left`).toBeGreaterThanOrEqual(frame.x - 0.5);
        expect(box.right, `${box.text} right`).toBeLessThanOrEqual(frame.x + frame.width + 0.5);
        expect(box.top, `${box.text} top`).toBeGreaterThanOrEqual(frame.y - 0.5);
        expect(box.bottom, `${box.text} bottom`).toBeLessThanOrEqual(frame.y + frame.height + 0.5);
      }
      await page.screenshot({ path: `test-results/admin-chart-${width}.png`, fullPage: false });
    });
  });
}
