import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Every screen as a user expects it: nothing fixed on screen covers content at phone or desktop
 * size, wherever the page is scrolled; a signed-out deep link signs in on the page asked for; the
 * phone menu signed out; the admin console's bar; the VIP plan in the navigation; files checked by
 * their content.
 */

const photos = path.resolve(import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname), '../../shared/fixtures/photos');
const PASSWORD = 'parametric';

/** A new account made through the API in its own request context: the browser stays signed out. */
async function newAccount(request: APIRequestContext, firstName = 'Lina'): Promise<string> {
  const email = `nav-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const response = await request.post('/api/auth/signup', {
    data: { email, first_name: firstName, last_name: 'Bo Bardi', password: PASSWORD },
  });
  expect(response.status()).toBe(201);
  return email;
}

/** Signs up in this browser (its cookie is the page's). */
async function signUpHere(page: Page, firstName = 'Lina'): Promise<void> {
  const email = `nav-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const response = await page.request.post('/api/auth/signup', {
    data: { email, first_name: firstName, last_name: 'Bo Bardi', password: PASSWORD },
  });
  expect(response.status()).toBe(201);
}

/**
 * Every place, scrolling from the top to the bottom of the page in steps of a third of the
 * viewport, where a visible position:fixed element's box intersects a visible button, heading
 * or paragraph that is not inside it. Empty when nothing is ever covered.
 */
async function coveredContent(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const shown = (element: Element) => {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      return style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0 && box.width > 0 && box.height > 0;
    };
    const overlaps = (a: DOMRect, b: DOMRect) =>
      a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
    const label = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.getAttribute('data-testid') ? `[${element.getAttribute('data-testid')}]` : ''} "${(element.textContent ?? element.getAttribute('aria-label') ?? '').trim().slice(0, 40)}"`;
    const problems = new Set<string>();
    const end = document.documentElement.scrollHeight - window.innerHeight;
    const stops: number[] = [];
    for (let y = 0; y < end; y += Math.round(window.innerHeight / 3)) stops.push(y);
    stops.push(end);
    for (const y of stops) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
      const all = [...document.body.querySelectorAll('*')];
      const fixed = all.filter((element) => getComputedStyle(element).position === 'fixed' && shown(element));
      const content = [...document.body.querySelectorAll('button, [role="button"], a.MuiButton-root, h1, h2, h3, h4, h5, h6, p')].filter(
        shown,
      );
      for (const cover of fixed) {
        const coverBox = cover.getBoundingClientRect();
        for (const item of content) {
          if (cover.contains(item) || item.contains(cover)) continue;
          const box = item.getBoundingClientRect();
          if (box.bottom <= 0 || box.top >= window.innerHeight) continue;
          if (overlaps(coverBox, box)) problems.add(`${label(cover)} covers ${label(item)} at scroll ${y}`);
        }
      }
    }
    window.scrollTo(0, 0);
    return [...problems];
  });
}

/** Waits until no toast is on screen (a toast is transient; it would be counted as covering). */
async function noToasts(page: Page): Promise<void> {
  await expect(page.locator('.notistack-SnackbarContainer [role="alert"], .notistack-SnackbarContainer [role="status"]')).toHaveCount(0, {
    timeout: 15_000,
  });
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`at ${viewport.width}x${viewport.height}, nothing fixed covers a button, heading or text on home and on /analyse with a result`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signUpHere(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Hello Design Leader' })).toBeVisible();
    await expect(page.getByTestId('whatsapp-button')).toBeVisible();
    // No services page configured in this build: no Our Services anywhere, floating or not.
    await expect(page.getByText('Our Services')).toHaveCount(0);
    expect(await coveredContent(page)).toEqual([]);

    await page.goto('/analyse');
    await page.locator('input[type="file"]').setInputFiles([path.join(photos, 'mit-media-lab.jpg')]);
    await expect(page.getByText('Uploaded Images (1/10)')).toBeVisible();
    await page.getByRole('button', { name: 'Generate Analysis' }).click();
    await expect(page.getByTestId('primary-description')).toBeVisible({ timeout: 90_000 });
    await expect(page.getByText('Tags', { exact: true })).toBeVisible();
    await noToasts(page);
    expect(await coveredContent(page)).toEqual([]);

    // The WhatsApp button floats only in the margin beside the content column (1328 px and wider).
    const whatsapp = page.getByTestId('whatsapp-button');
    const floats = await whatsapp.evaluate((element) => getComputedStyle(element).position === 'fixed');
    expect(floats).toBe(viewport.width >= 1328);
    const box = (await whatsapp.boundingBox())!;
    if (floats) {
      // At the bottom left of the viewport, wholly in the margin left of the 1200 px column.
      expect(box.y + box.height).toBeGreaterThan(viewport.height - 80);
      expect(box.x + box.width).toBeLessThanOrEqual((viewport.width - 1200) / 2);
    } else {
      // In the navigation bar.
      expect(box.y + box.height).toBeLessThanOrEqual(70);
    }
    await whatsapp.click();
    await expect(page.getByRole('dialog', { name: 'Share on WhatsApp' })).toBeVisible();
  });
}

test('signed out, /account says so, opens the sign-in dialog there, and signing in lands on /account', async ({ page, request }) => {
  const email = await newAccount(request, 'Alvar');
  await page.goto('/account');
  await expect(page.getByRole('alert').filter({ hasText: 'Unauthorized' })).toContainText('You are logged out. Logging in again...');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Sign In to ArchLens')).toBeVisible();
  // The address is still the page asked for (the flag that opened the dialog is dropped).
  await expect(page).toHaveURL(/\/account$/);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  const reloaded = page.waitForEvent('load');
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await reloaded;
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
});

test('signed out, /analyse opens the sign-in dialog over the landing at once; a reload keeps it; signing in lands on /analyse', async ({
  page,
  request,
}) => {
  const email = await newAccount(request, 'Eileen');
  await page.goto('/analyse');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Sign In to ArchLens')).toBeVisible();
  await expect(page).toHaveURL(/\/analyse$/);
  await page.reload();
  await expect(dialog.getByText('Sign In to ArchLens')).toBeVisible();
  await expect(page).toHaveURL(/\/analyse$/);

  // Sign-up works the same way.
  await dialog.getByText("Don't have an account? Sign up").click();
  await dialog.getByText('Already have an account? Sign in').click();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  const reloaded = page.waitForEvent('load');
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await reloaded;
  await expect(page).toHaveURL(/\/analyse$/);
  await expect(page.getByText('Ready for Analysis')).toBeVisible();
});

test('signed out, /create opens the dialog and signing up lands on /create, where a free user sees the Pro screen', async ({ page }) => {
  await page.goto('/create');
  const dialog = page.getByRole('dialog');
  await dialog.getByText("Don't have an account? Sign up").click();
  await dialog.getByLabel('Email').fill(`nav-create-${Date.now()}@example.com`);
  await dialog.getByLabel('First Name').fill('Kazuyo');
  await dialog.getByLabel('Last Name').fill('Sejima');
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  const reloaded = page.waitForEvent('load');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await reloaded;
  await expect(page).toHaveURL(/\/create$/);
  await expect(page.getByText('Pro Subscription Required')).toBeVisible();
});

test('/api/login never sends the browser off the site', async ({ page }) => {
  for (const next of ['//evil.com', 'https://evil.com', '/\\evil.com']) {
    await page.goto(`/api/login?next=${encodeURIComponent(next)}`);
    await expect(page.getByRole('dialog').getByText('Sign In to ArchLens')).toBeVisible();
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
  }
});

test.describe('on a phone, signed out', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu lists Pricing, VIP Access and Sign In, is as tall as its content, keeps focus and closes on Escape', async ({ page }) => {
    await page.goto('/pricing');
    const open = page.getByRole('button', { name: 'Open menu' });
    await open.click();
    const menu = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(menu.getByRole('link')).toHaveText(['Pricing', 'VIP Access', 'Sign In']);
    await expect(menu.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/api/login?next=%2Fpricing');
    const panel = page.locator('#mobile-menu');
    const box = (await panel.boundingBox())!;
    expect(box.height).toBeLessThan(844 * 0.6);

    // Focus stays inside while it is open, and every control shows where it is.
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#mobile-menu')))).toBe(true);
      const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
      expect(outline).not.toBe('none');
    }
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(open).toBeFocused();

    await open.click();
    await menu.getByRole('link', { name: 'VIP Access' }).click();
    await expect(page).toHaveURL(/\/vip-login$/);
  });
});

test('the admin console shows no user Sign In, on its login page and its dashboard', async ({ page }) => {
  await page.goto('/admin-login');
  await expect(page.getByRole('banner').getByText('Admin console')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toHaveCount(0);
});

test('the VIP account reads VIP (unlimited) in the navigation', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/vip-login');
  await page.getByRole('button', { name: 'Demo' }).click();
  const home = page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await home;
  await expect(page.getByRole('banner').getByTestId('user-plan')).toHaveText('VIP (unlimited)');
});

test('a text file named notimage.jpg is refused at selection on /analyse, with no thumbnail', async ({ page }) => {
  await signUpHere(page);
  await page.goto('/analyse');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'notimage.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not an image at all') });
  const toast = page.getByRole('alert').filter({ hasText: 'Invalid Files' });
  await expect(toast).toContainText('"notimage.jpg" is not an image file.');
  await expect(toast).not.toContainText(/\d{3}:/);
  await expect(page.getByText('Uploaded Images (0/10)')).toBeVisible();
  await expect(page.getByTestId('image-preview')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Generate Analysis' })).toBeDisabled();

  // The upload button is reached by keyboard and opens the file chooser with Enter.
  const upload = page.getByRole('button', { name: 'Upload Images' });
  await upload.focus();
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await chooser;
});
