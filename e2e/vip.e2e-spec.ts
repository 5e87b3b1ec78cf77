import { expect, test } from '@playwright/test';

/** Issue 15 point 4 (spec §2 /vip-login, §6, §8): the Demo quick-fill signs in on the unlimited plan. */
test('VIP demo login: wrong credentials are denied, the Demo credentials sign in, and /account shows PRO and Unlimited', async ({
  page,
}) => {
  await page.goto('/vip-login');
  await expect(page.getByRole('heading', { name: 'VIP Access' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Username and password are required').first()).toBeVisible();

  await page.getByLabel('Username').fill('demo');
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Access Denied')).toBeVisible();
  await expect(page.getByText('Invalid VIP credentials')).toBeVisible();

  await page.getByRole('button', { name: 'Demo' }).click();
  await expect(page.getByLabel('Username')).toHaveValue('demo');
  const home = page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await home;
  await expect(page.getByRole('heading', { name: 'Hello Design Leader' })).toBeVisible();

  await page.goto('/account');
  await expect(page.getByText('PRO', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Unlimited').first()).toBeVisible();
});
