import { expect, test, type Page } from '@playwright/test';
import { temporaryPasswordFor, verificationLinkFor } from './accounts';
import { E2E_APP_URL } from './loopback-services';
import { recordToasts } from './toasts';

/*
 * Accounts nobody can squat or keep: Change Password on /account, the Choose a New Password dialog
 * after a temporary password, the verification link read from the outbox and opened in the
 * browser, and 'Resend link' after an e-mail is refused for an unconfirmed address.
 */

/** Signs a new user up in the page's context (the session cookie is the page's). @returns the e-mail */
async function signUpAs(page: Page, firstName: string, password: string): Promise<string> {
  const email = `${firstName.toLowerCase()}-${Date.now()}@example.com`;
  const res = await page.request.post('/api/auth/signup', {
    data: { email, first_name: firstName, last_name: 'Tester', password },
    headers: { Origin: E2E_APP_URL },
  });
  expect(res.status()).toBe(201);
  return email;
}

/** Whether `email` and `password` sign in (a request of its own, no browser session touched). */
async function signsIn(page: Page, email: string, password: string): Promise<boolean> {
  const res = await page.context().request.fetch('/api/auth/signin', {
    method: 'POST',
    data: { email, password },
    headers: { Origin: E2E_APP_URL, Cookie: '' },
  });
  return res.status() === 200;
}

test('Change Password on /account refuses a wrong current password and a common one, then changes it and signs out the other devices', async ({
  page,
  browser,
}) => {
  const email = await signUpAs(page, 'Sverre', 'first-light-77');
  // Another device, signed in with the same password.
  const elsewhere = await browser.newContext({ baseURL: E2E_APP_URL });
  expect(
    (
      await elsewhere.request.post('/api/auth/signin', { data: { email, password: 'first-light-77' }, headers: { Origin: E2E_APP_URL } })
    ).status(),
  ).toBe(200);

  await page.goto('/account');
  const card = page.getByRole('region', { name: 'Change Password' });
  await expect(card).toBeVisible();
  const readToasts = await recordToasts(page);
  const fill = async (current: string, next: string, confirm = next) => {
    await card.getByLabel('Current Password', { exact: true }).fill(current);
    await card.getByLabel('New Password', { exact: true }).fill(next);
    await card.getByLabel('Confirm New Password', { exact: true }).fill(confirm);
    await card.getByRole('button', { name: 'Change Password' }).click();
  };

  // Checked in the browser first: the spec's length rule and the confirmation.
  await fill('first-light-77', '12345');
  await expect(card.getByText('Password must be at least 6 characters')).toBeVisible();
  await fill('first-light-77', 'second-light-88', 'second-light-89');
  await expect(card.getByText('The two passwords do not match')).toBeVisible();

  // Refused by the server, with its text.
  await fill('not-my-password', 'second-light-88');
  await expect(page.getByRole('alert').filter({ hasText: 'Password Not Changed' })).toContainText('Your current password is not correct.');
  await fill('first-light-77', 'password123');
  await expect(page.getByRole('alert').filter({ hasText: 'Password Not Changed' })).toContainText(
    'This password is too common. Please choose another.',
  );

  await fill('first-light-77', 'second-light-88');
  await expect.poll(readToasts).toContain('Password Changed');
  await expect(card.getByLabel('Current Password', { exact: true })).toHaveValue('');
  // This browser stays signed in; the other device does not.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Change Password' })).toBeVisible();
  expect((await elsewhere.request.get('/api/auth/user')).status()).toBe(401);
  await elsewhere.close();
  expect(await signsIn(page, email, 'first-light-77')).toBe(false);
  expect(await signsIn(page, email, 'second-light-88')).toBe(true);
});

test('after a temporary password the Choose a New Password dialog cannot be left until a new password is set', async ({ page }) => {
  const since = Date.now() - 1000;
  const email = await signUpAs(page, 'Lilly', 'first-light-77');
  await page.context().clearCookies();
  expect((await page.request.post('/api/auth/forgot-password', { data: { email }, headers: { Origin: E2E_APP_URL } })).status()).toBe(200);
  const temporary = await temporaryPasswordFor(email, since);

  // Sign in with the temporary password through the sign-in dialog (spec §4: the page reloads).
  await page.goto('/api/login');
  const signIn = page.getByRole('dialog');
  await signIn.getByLabel('Email').fill(email);
  await signIn.getByLabel('Password', { exact: true }).fill(temporary);
  const reloaded = page.waitForEvent('load');
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await reloaded;

  const dialog = page.getByRole('dialog', { name: 'Choose a New Password' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('You signed in with a temporary password.');
  // Neither Escape nor a click outside closes it, and a reload brings it back.
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();
  await page.reload();
  await expect(dialog).toBeVisible();
  // The old password stopped working when the temporary one was used.
  expect(await signsIn(page, email, 'first-light-77')).toBe(false);

  await dialog.getByLabel('Temporary Password', { exact: true }).fill(temporary);
  await dialog.getByLabel('New Password', { exact: true }).fill('harbour-light-1931');
  await dialog.getByLabel('Confirm New Password', { exact: true }).fill('harbour-light-1931');
  await dialog.getByRole('button', { name: 'Save New Password' }).click();
  await expect(page.getByText('Password Changed')).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.getByText('Hello Design Leader')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Choose a New Password' })).toHaveCount(0);
  expect(await signsIn(page, email, temporary)).toBe(false);
  expect(await signsIn(page, email, 'harbour-light-1931')).toBe(true);
});

test('the verification link from the sign-up e-mail confirms the address once; /account then drops its notice', async ({ page }) => {
  const since = Date.now() - 1000;
  const email = await signUpAs(page, 'Arne', 'first-light-77');
  await page.goto('/account');
  const notice = page.getByTestId('unverified-email-notice');
  await expect(notice).toContainText('Please confirm your email address');
  await expect(notice).toContainText(email);

  const link = await verificationLinkFor(email, since);
  expect(link.startsWith(`${E2E_APP_URL}/verify-email?token=`)).toBe(true);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email Address Confirmed' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page.getByText('Hello Design Leader')).toBeVisible();
  await page.goto('/account');
  await expect(page.getByRole('region', { name: 'Change Password' })).toBeVisible();
  await expect(page.getByTestId('unverified-email-notice')).toHaveCount(0);

  // The same link a second time.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Link Expired or Used' })).toBeVisible();
  await expect(page.getByText('This link has expired or has already been used.')).toBeVisible();
});

test('a refused Email Myself offers Resend link, whose new link confirms the address, and the e-mail then goes', async ({ page }) => {
  const since = Date.now() - 1000;
  const email = await signUpAs(page, 'Grete', 'first-light-77');
  const first = await verificationLinkFor(email, since);
  await page.goto('/');
  const readToasts = await recordToasts(page);
  await page.getByTestId('clipboard-trigger').click();
  await page.getByRole('dialog', { name: 'Working Clipboard' }).getByRole('button', { name: 'Email Myself' }).click();
  const mail = page.getByRole('dialog', { name: 'Email Your Clipboard' });
  await expect(mail.getByLabel('Email Address')).toHaveValue(email);
  await mail.getByRole('button', { name: 'Send Email' }).click();
  await expect.poll(readToasts).toContain('Please confirm your email address first. We have sent you a link.');
  expect(await readToasts()).toContain('Email Failed');

  // The dialog keeps the page behind it out of the accessibility tree: the toast's button by its text.
  await page.getByTestId('toast-region').locator('button', { hasText: 'Resend link' }).click();
  await expect.poll(readToasts).toContain('Link Sent');
  const second = await verificationLinkFor(email, since, [first]);

  const confirm = await page.context().newPage();
  await confirm.goto(second);
  await expect(confirm.getByRole('heading', { name: 'Email Address Confirmed' })).toBeVisible();
  await confirm.close();

  await mail.getByRole('button', { name: 'Send Email' }).click();
  await expect.poll(readToasts).toContain('Email Sent');
});
