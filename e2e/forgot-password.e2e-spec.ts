import { expect, test, type Page } from '@playwright/test';
import { temporaryPasswordFor } from './accounts';

/** Opens the sign-in dialog as /api/login does (spec §2), in its Sign In mode. */
async function openSignIn(page: Page) {
  await page.goto('/api/login');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Sign In to ArchLens')).toBeVisible();
  return dialog;
}

/** Signs in through the dialog and waits for the signed-in home (spec §2: 'Hello Design Leader'). */
async function signIn(page: Page, email: string, password: string): Promise<void> {
  const dialog = await openSignIn(page);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  // Spec §4: the page reloads after a sign-in; the next load is that reload.
  const reloaded = page.waitForEvent('load');
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await reloaded;
  await expect(page.getByText('Hello Design Leader')).toBeVisible();
}

/** Signs out as the navigation's Sign Out does (spec §2: a browser navigation to /api/logout). */
async function signOut(page: Page): Promise<void> {
  await page.goto('/api/logout');
  await expect(page.getByText('Hello Design Leader')).toHaveCount(0);
}

test('forgot password: a temporary password from the outbox signs in once; the old password works until then', async ({ page }) => {
  const email = `e2e-forgot-${Date.now()}@example.com`;
  const password = 'flying-buttress';

  // Sign up (spec §2 Create Your Account), then sign out.
  let dialog = await openSignIn(page);
  await dialog.getByText("Don't have an account? Sign up").click();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('First Name').fill('Christopher');
  await dialog.getByLabel('Last Name').fill('Wren');
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  const reloaded = page.waitForEvent('load');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await reloaded;
  await expect(page.getByText('Hello Design Leader')).toBeVisible();
  await signOut(page);

  // Switching modes resets the forms and the password visibility (spec §4).
  dialog = await openSignIn(page);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Show password' }).click();
  await expect(dialog.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await dialog.getByText('Forgot your password?').click();
  await expect(dialog.getByText('Reset Your Password')).toBeVisible();
  await expect(dialog.getByText("Enter your email address and we'll send you a temporary password.")).toBeVisible();
  await expect(dialog.getByLabel('Email')).toHaveValue('');
  await dialog.getByText('Back to Sign In').click();
  await expect(dialog.getByText('Sign In to ArchLens')).toBeVisible();
  await expect(dialog.getByLabel('Email')).toHaveValue('');
  await expect(dialog.getByLabel('Password', { exact: true })).toHaveValue('');
  await expect(dialog.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');

  // Reset Your Password: the spec §5 text before anything is sent, then the reminder.
  await dialog.getByText('Forgot your password?').click();
  await dialog.getByRole('button', { name: 'Send Temporary Password' }).click();
  await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
  const sentAt = Date.now() - 1000;
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send Temporary Password' }).click();
  await expect(page.getByText('Password Reminder Sent')).toBeVisible();
  await expect(page.getByText('A temporary password has been sent to your email.')).toBeVisible();
  // Back in Sign In, with a fresh form.
  await expect(dialog.getByText('Sign In to ArchLens')).toBeVisible();
  await expect(dialog.getByLabel('Email')).toHaveValue('');
  const temporary = await temporaryPasswordFor(email, sentAt);

  // Until the temporary password is used, the old one still signs in.
  await signIn(page, email, password);
  await signOut(page);

  // The temporary password signs in once…
  await signIn(page, email, temporary);
  await signOut(page);

  // …and fails the second time.
  dialog = await openSignIn(page);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(temporary);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Sign In Failed')).toBeVisible();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  // The failure is the Sign In form's: it goes when the dialog changes to another mode.
  await dialog.getByText('Forgot your password?').click();
  await expect(dialog.getByText('Reset Your Password')).toBeVisible();
  await expect(page.getByText('Sign In Failed')).toBeHidden();
});
