import { expect, test } from '@playwright/test';
import { temporaryPasswordFor, verificationLinkFor } from './accounts';
import { E2E_APP_URL } from './loopback-services';

for (const [w, h] of [[1440, 900], [390, 844]] as const) {
  test(`shots ${w}`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: w, height: h }, baseURL: E2E_APP_URL });
    const page = await context.newPage();
    const since = Date.now() - 1000;
    const email = `shots-${w}-${Date.now()}@example.com`;
    await page.request.post('/api/auth/signup', { data: { email, first_name: 'Shot', last_name: 'T', password: 'first-light-77' }, headers: { Origin: E2E_APP_URL } });
    await page.goto('/account');
    await expect(page.getByTestId('unverified-email-notice')).toBeVisible();
    await page.screenshot({ path: `/tmp/shot-account-${w}.png`, fullPage: true });
    await page.getByRole('region', { name: 'Change Password' }).getByRole('button', { name: 'Change Password' }).click();
    await page.screenshot({ path: `/tmp/shot-account-errors-${w}.png`, fullPage: true });
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Choose Pro Monthly' }).click();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/shot-checkout-${w}.png` });
    const link = await verificationLinkFor(email, since);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Email Address Confirmed' })).toBeVisible();
    await page.screenshot({ path: `/tmp/shot-verified-${w}.png` });
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Link Expired or Used' })).toBeVisible();
    await page.screenshot({ path: `/tmp/shot-invalid-${w}.png` });
    await context.clearCookies();
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Link Expired or Used' })).toBeVisible();
    await page.screenshot({ path: `/tmp/shot-invalid-out-${w}.png` });
    const since2 = Date.now() - 1000;
    await page.request.post('/api/auth/forgot-password', { data: { email }, headers: { Origin: E2E_APP_URL } });
    const temp = await temporaryPasswordFor(email, since2);
    await page.request.post('/api/auth/signin', { data: { email, password: temp }, headers: { Origin: E2E_APP_URL } });
    await page.goto('/');
    await expect(page.getByRole('dialog', { name: 'Choose a New Password' })).toBeVisible();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/shot-forced-${w}.png` });
    await context.close();
  });
}
