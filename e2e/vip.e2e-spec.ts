import { expect, test } from '@playwright/test';

/** The Demo quick-fill signs in on the unlimited plan. */
test('VIP demo login: wrong credentials are denied, the Demo credentials sign in, and /account shows PRO and Unlimited', async ({
  page,
}) => {
  await page.goto('/vip-login');
  await expect(page.getByRole('heading', { name: 'VIP Access' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign In' }).click();
  // Spec §5: both required; the text is shown once (under the first empty field), not under each.
  await expect(page.getByText('Username and password are required')).toHaveCount(1);
  await expect(page.getByLabel('Username')).toBeFocused();

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

  // Spec §2 /pricing: the current active plan's button is disabled. The unlimited plan covers both
  // Pro plans, so neither may start a paid checkout.
  await page.goto('/pricing');
  for (const plan of ['monthly', 'yearly']) {
    const button = page.getByTestId(`pricing-plan-${plan}`).getByRole('button');
    await expect(button).toHaveText('Current Plan');
    await expect(button).toBeDisabled();
  }
});
