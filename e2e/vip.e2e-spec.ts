import { expect, test } from '@playwright/test';

/**
 * The Demo quick-fill signs in on the unlimited plan, which is a plan of its own everywhere: home's
 * plan tile and /account read 'VIP (unlimited)', /account offers no billing portal, and /pricing
 * offers neither Pro plan (no 'Current Plan', no checkout) and says why.
 */
test('VIP demo login: wrong credentials are denied, the Demo credentials sign in, and VIP is its own plan on home, /account and /pricing', async ({
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
  await expect(page.getByTestId('stat-credits')).toHaveText('Unlimited');
  await expect(page.getByTestId('stat-plan')).toHaveText('VIP (unlimited)');
  // On a phone the three tiles, the plan's name among them, stay within the screen's width.
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('stat-plan')).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  await page.setViewportSize(desktop);

  // No 'Manage billing', which the server refuses for the VIP (billing.vip-plan): the card says why.
  await page.goto('/account');
  await expect(page.getByTestId('subscription-status')).toHaveText('PRO');
  await expect(page.getByTestId('subscription-plan')).toHaveText('VIP (unlimited)');
  await expect(page.getByTestId('credits-remaining')).toHaveText('Unlimited');
  await expect(page.getByTestId('subscription-vip-note')).toHaveText(
    'Your VIP access includes every Pro tool with unlimited credits. There is no billing to manage.',
  );
  await expect(page.getByRole('button', { name: 'Manage billing' })).toHaveCount(0);

  // /pricing: neither Pro card is the VIP's 'Current Plan' nor for sale to it, and one line says why.
  const checkouts: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/create-checkout-session')) checkouts.push(request.url());
  });
  await page.goto('/pricing');
  await expect(page.getByTestId('pricing-vip-note')).toHaveText(
    'Your VIP access already includes every Pro tool with unlimited credits, so there is no plan to buy.',
  );
  await expect(page.getByText('Current Plan')).toHaveCount(0);
  for (const plan of ['monthly', 'yearly']) {
    const button = page.getByTestId(`pricing-plan-${plan}`).getByRole('button');
    await expect(button).toHaveText('Included with VIP access');
    await expect(button).toBeDisabled();
  }
  expect(checkouts).toEqual([]);
  // One currency on every card.
  await expect(page.getByTestId('pricing-free-price')).toHaveText('0 SGD');
  await expect(page.getByTestId('pricing-monthly-price')).toHaveText('49.99 SGD');
});
