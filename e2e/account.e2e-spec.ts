import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import Stripe from 'stripe';
import { recordToasts, settledToastLayout } from './toasts';
import { E2E_APP_URL, E2E_STRIPE } from './loopback-services';
import { confirmEmail } from './accounts';

/*
 * The three plans and their
 * prices; Free leads a signed-in user to /analyse; choosing Pro Monthly goes to Stripe Checkout (a
 * loopback server speaking Stripe's API, e2e/global-setup.ts) or, when that fails, shows 'Checkout
 * Failed' and stays; after the signed webhooks /account shows PRO and 200 credits and Create loses
 * its Pro badge, and choosing Pro Yearly then is refused and points to /account's billing portal;
 * /account shows Free and a style description editor that holds at most 500
 * characters and keeps what it saved across a reload.
 */

/** A Stripe event as Stripe sends it (the fields billing-service reads). */
function stripeEvent(type: string, created: number, object: Record<string, unknown>) {
  return { id: `evt_${randomUUID()}`, object: 'event', type, created, api_version: '2025-11-17', livemode: false, data: { object } };
}

/** Signs a new user up in the page's context. @returns the e-mail (unconfirmed: see `confirmEmail`) */
async function signUpAs(page: Page, firstName: string): Promise<string> {
  const email = `${firstName.toLowerCase()}-${Date.now()}@example.com`;
  const res = await page.request.post('/api/auth/signup', {
    data: {
      email,
      first_name: firstName,
      last_name: 'Tester',
      password: 'concrete-shell',
    },
    headers: { Origin: E2E_APP_URL },
  });
  expect(res.status()).toBe(201);
  return email;
}

test('/pricing shows the three plans with their prices, signed out', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page.getByTestId('pricing-plan-free')).toContainText('Free');
  // One currency on every card: the Free card in SGD like the Pro plans.
  await expect(page.getByTestId('pricing-free-price')).toHaveText('0 SGD');
  // Spec §1: 'Up to 10 images, 88-word descriptions, expanded analysis, PDF export'.
  await expect(page.getByTestId('pricing-plan-free')).toContainText('PDF export');
  await expect(page.getByTestId('pricing-plan-monthly')).toContainText('Pro Monthly');
  await expect(page.getByTestId('pricing-monthly-price')).toHaveText('49.99 SGD');
  await expect(page.getByTestId('pricing-plan-monthly')).toContainText('200 credits');
  await expect(page.getByTestId('pricing-plan-yearly')).toContainText('Pro Yearly');
  await expect(page.getByTestId('pricing-yearly-price')).toHaveText('499 SGD');
  await expect(page.getByTestId('pricing-plan-yearly')).toContainText('2400 credits');
  await expect(page.getByTestId('pricing-plan-yearly')).toContainText('17% savings');
  await expect(page.getByText('30-day money-back guarantee')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
  await expect(page.getByTestId('pricing-plan-free').getByRole('link', { name: 'Get Started Free' })).toHaveAttribute('href', '/api/login');
});

test('signed in: Free leads to /analyse; Pro Monthly goes to Stripe Checkout, and after the signed webhooks /account shows PRO with 200 credits', async ({
  page,
}) => {
  const since = Date.now() - 1000;
  const email = await signUpAs(page, 'Alvar');
  // A checkout waits for a confirmed address: the link from the sign-up e-mail.
  await confirmEmail(page, email, since);
  await page.goto('/pricing');
  await page.getByTestId('pricing-plan-free').getByRole('link', { name: 'Get Started Free' }).click();
  await expect(page).toHaveURL(/\/analyse$/);
  // Not Pro yet: Create carries the Pro badge.
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: /Create/ })).toContainText('Pro');

  // A Stripe failure shows 'Checkout Failed' with the server's text, and the page stays.
  await page.goto('/pricing');
  const readToasts = await recordToasts(page);
  await page.route('**/api/create-checkout-session', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Payments are not configured' }) }),
  );
  await page.getByRole('button', { name: 'Choose Pro Monthly' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Checkout Failed' })).toBeVisible();
  expect(await readToasts()).toContain('Payments are not configured');
  await expect(page).toHaveURL(/\/pricing$/);
  await page.unroute('**/api/create-checkout-session');

  // The real call: billing-service creates the session at the loopback Stripe, the browser goes there.
  await page.getByRole('button', { name: 'Choose Pro Monthly' }).click();
  await expect(page).toHaveURL(new RegExp(`^${E2E_STRIPE.apiBase}/c/pay/cs_test_`));
  const checkout = page.getByRole('heading', { name: 'Stripe (loopback)' });
  const customer = await checkout.getAttribute('data-customer');
  const userId = await checkout.getAttribute('data-user-id');
  expect(customer).toMatch(/^cus_/);
  expect(await checkout.getAttribute('data-price')).toBe('price_monthly_test');

  // What Stripe sends once the customer pays, signed with the webhook secret.
  const now = Math.floor(Date.now() / 1000);
  const subscription = `sub_${randomUUID().slice(0, 12)}`;
  const invoice = `in_${randomUUID().slice(0, 12)}`;
  const events = [
    stripeEvent('checkout.session.completed', now, {
      id: `cs_${randomUUID()}`,
      object: 'checkout.session',
      mode: 'subscription',
      payment_status: 'paid',
      client_reference_id: userId,
      customer,
      subscription,
      invoice,
      metadata: { userId, planType: 'monthly' },
    }),
    stripeEvent('invoice.paid', now + 1, {
      id: invoice,
      object: 'invoice',
      customer,
      parent: { type: 'subscription_details', subscription_details: { subscription, metadata: { userId } } },
      lines: { data: [{ period: { start: now, end: now + 30 * 86_400 }, price: { recurring: { interval: 'month' } } }] },
    }),
  ];
  for (const event of events) {
    const payload = JSON.stringify(event);
    const res = await page.request.post('/api/webhooks/stripe', {
      data: payload,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: E2E_STRIPE.webhookSecret }),
      },
    });
    expect(res.status()).toBe(200);
  }

  // Stripe's success URL.
  await page.goto('/account?checkout=success');
  await expect(page.getByText('PRO', { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('credits-remaining')).toHaveText('200');
  await expect(page.getByText('200 of 200 credits remaining')).toBeVisible();
  await expect(nav.getByRole('link', { name: /Create/ })).not.toContainText('Pro');

  // A monthly subscriber cannot start Yearly through Checkout: the refusal says so and points to
  // the billing portal on /account, where plans are changed.
  await page.goto('/pricing');
  await expect(page.getByRole('button', { name: 'Current Plan' })).toBeDisabled();
  const readRefusal = await recordToasts(page);
  await page.getByRole('button', { name: 'Choose Pro Yearly' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Checkout Failed' })).toBeVisible();
  expect(await readRefusal()).toContain('You already have a Pro plan. Manage it from your account.');
  await expect(page).toHaveURL(/\/pricing$/);
  const managed = page.getByTestId('pricing-subscription-exists');
  await expect(managed).toContainText('Manage billing');
  await managed.getByRole('link', { name: 'Go to your account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('button', { name: 'Manage billing' })).toBeVisible();
});

/*
 * Toasts fit the screen (spec §8 toasts, at phone and desktop widths): a long 'Checkout Failed'
 * message, with a request URL that has no space to break at, wraps inside the toast; on a 390 px
 * phone the toast spans the screen less 16 px each side, on a desktop it keeps its 420 px at 20 px
 * from the right edge.
 */
const LONG_CHECKOUT_MESSAGE =
  'Payments are unavailable: Stripe answered 503 for https://api.stripe.com/v1/checkout/sessions?request_id=req_9aXk2LmQ7pRtV3sWzY8bN1cD4eF6gH (try again in a few minutes)';
for (const { width, height, margin, toastWidth } of [
  { width: 390, height: 844, margin: 16, toastWidth: 390 - 2 * 16 },
  { width: 1440, height: 900, margin: 20, toastWidth: 420 },
]) {
  test.describe(`at ${width}×${height}`, () => {
    test.use({ viewport: { width, height } });

    test('a long Checkout Failed toast wraps its text and stays within the screen', async ({ page }) => {
      await signUpAs(page, `Gae${width}`);
      await page.goto('/pricing');
      await page.route('**/api/create-checkout-session', (route) =>
        route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: LONG_CHECKOUT_MESSAGE }) }),
      );
      await page.getByRole('button', { name: 'Choose Pro Monthly' }).click();
      const toast = await settledToastLayout(page, 'Checkout Failed');
      expect(toast.viewportWidth).toBe(width);
      // The box: inside the screen with notistack's margins, as wide as it may be.
      expect(toast.left).toBeGreaterThanOrEqual(0);
      expect(toast.right).toBeLessThanOrEqual(width);
      expect(Math.round(width - toast.right)).toBe(margin);
      expect(Math.round(toast.right - toast.left)).toBe(toastWidth);
      // The text: every line inside the toast, none cut off at its right edge.
      expect(toast.textLeft).toBeGreaterThanOrEqual(toast.left);
      expect(toast.textRight).toBeLessThanOrEqual(toast.right);
      await expect(page.getByRole('alert').filter({ hasText: 'Checkout Failed' })).toContainText('req_9aXk2LmQ7pRtV3sWzY8bN1cD4eF6gH');
    });
  });
}

/*
 * Spec §9 toasts: shown in a region labelled 'Notification' that F8 focuses; swiped right 50 px or
 * more a toast is dismissed, a shorter swipe leaves it.
 */
test('a toast sits in the Notification region, which F8 focuses, and a swipe right of 50 px dismisses it', async ({ page }) => {
  await signUpAs(page, 'Jorn');
  await page.goto('/pricing');
  await page.route('**/api/create-checkout-session', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Payments are not configured' }) }),
  );
  await page.getByRole('button', { name: 'Choose Pro Monthly' }).click();
  const region = page.getByRole('region', { name: 'Notification', exact: true });
  const toast = region.getByRole('alert').filter({ hasText: 'Checkout Failed' });
  await expect(toast).toBeVisible();

  // F8 moves focus to the region, from wherever it was.
  await page.getByRole('button', { name: 'Choose Pro Yearly' }).focus();
  await page.keyboard.press('F8');
  await expect(region).toBeFocused();

  await settledToastLayout(page, 'Checkout Failed');
  const { x: left, y: top, width, height } = (await toast.boundingBox())!;
  const swipe = async (dx: number) => {
    const x = left + width / 3;
    const y = top + height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + dx, y, { steps: 8 });
    await page.mouse.up();
  };
  // 30 px: the toast goes back and stays.
  await swipe(30);
  await page.waitForTimeout(300);
  await expect(toast).toBeVisible();
  // 60 px: dismissed.
  await swipe(60);
  await expect(toast).toBeHidden({ timeout: 2_000 });
});

test('/account shows Free, and the style description editor holds 500 characters and keeps what it saved', async ({ page }) => {
  await signUpAs(page, 'Eileen');
  await page.goto('/account');
  await expect(page.getByTestId('subscription-status')).toHaveText('Free');
  await expect(page.getByTestId('subscription-plan')).toHaveText('Free');
  await expect(page.getByText('Credit Usage')).toBeVisible();
  // Recent Activity with no generations: home's 'Ready to Get Started?' panel is not shown here.
  await expect(page.getByTestId('recent-activity-empty')).toHaveText('No generations yet.');
  await expect(page.getByText('Ready to Get Started?')).toHaveCount(0);

  const editor = page.getByTestId('style-description');
  await expect(editor).toBeEnabled();
  const readToasts = await recordToasts(page);

  // Blank: refused in the browser with the spec text.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Description Required' })).toContainText('Please enter a style description.');

  // 500 characters at most, counted as the server counts them (an emoji is one: 500 fit although
  // the field's maxLength counts UTF-16 units); typing stops at 500 and a longer paste is cut there.
  await editor.fill('\u{1F3DB}'.repeat(500));
  await expect(page.getByTestId('style-counts')).toContainText('500/500 characters');
  await editor.fill('a'.repeat(500));
  await editor.press('End');
  await editor.pressSequentially('b');
  await expect(page.getByTestId('style-counts')).toContainText('500/500 characters');
  await editor.fill('c'.repeat(520));
  await expect(editor).toHaveValue('c'.repeat(500));
  await expect(page.getByTestId('style-counts')).toContainText('500/500 characters');

  const description = 'Warm brick and oak, deep window reveals and a calm rhythm of bays.';
  await editor.fill(description);
  await expect(page.getByTestId('style-counts')).toContainText(`${description.length}/500 characters · 13 words`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect.poll(readToasts).toContain('Style Saved');

  await page.reload();
  await expect(page.getByTestId('style-description')).toHaveValue(description);
});
