import { randomUUID } from 'node:crypto';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import Stripe from 'stripe';
import { confirmEmail } from './accounts';
import { E2E_APP_URL, E2E_STRIPE } from './loopback-services';
import { recordToasts } from './toasts';

/*
 * The architect's library end to end: a new user takes Pro (Stripe Checkout at the loopback server,
 * then its signed webhooks), makes a project on /library, produces an analysis on /analyse, a sketch
 * reading on /read-sketch and a render on /create (the loopback image provider), files each into the
 * project with Add to project beside the result, then finds them on /library by the project and by
 * a word of the analysis text; 'See all' under the short lists opens the filtered library. Found
 * again by search, the analysis opens in its page and is shared; the link works in a fresh browser
 * until it is revoked. The render's page reproduces it into a new render that names its parent.
 * `LIBRARY_SCREENS=<dir>` writes screenshots of /library and the Add to project menu there.
 */
const here = import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname);
const fixtures = path.resolve(here, '../../shared/fixtures');
const PHOTO = path.join(fixtures, 'photos/mit-media-lab.jpg');
const PLAN = path.join(fixtures, 'sketches/apartment-floorplan.png');
const FACADE = path.join(fixtures, 'sketches/house-facade.png');
const ORIGIN = E2E_APP_URL;
const STYLE = 'Board-marked concrete, deep window reveals, oak soffits and a calm rhythm of bays under generous daylight.';
const PROJECT = 'Harbour Baths';
const SCREENS = process.env.LIBRARY_SCREENS;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

/** A Stripe event as Stripe sends it (the fields billing-service reads). */
function stripeEvent(type: string, created: number, object: Record<string, unknown>) {
  return { id: `evt_${randomUUID()}`, object: 'event', type, created, api_version: '2025-11-17', livemode: false, data: { object } };
}

/** Signs a new user up, confirms the address and takes Pro Monthly through the loopback Stripe, as e2e/account.e2e-spec.ts does. */
async function signUpAsPro(page: Page): Promise<void> {
  const since = Date.now() - 1000;
  const email = `library-${Date.now()}@example.com`;
  const signUp = await page.request.post('/api/auth/signup', {
    data: { email, first_name: 'Alison', last_name: 'Smithson', password: 'concrete-shell' },
    headers: { Origin: ORIGIN },
  });
  expect(signUp.status()).toBe(201);
  await confirmEmail(page, email, since);

  const session = await page.request.post('/api/create-checkout-session', { data: { planType: 'monthly' }, headers: { Origin: ORIGIN } });
  expect(session.status()).toBe(200);
  await page.goto(((await session.json()) as { url: string }).url);
  const checkout = page.getByRole('heading', { name: 'Stripe (loopback)' });
  const customer = await checkout.getAttribute('data-customer');
  const userId = await checkout.getAttribute('data-user-id');
  const now = Math.floor(Date.now() / 1000);
  const subscription = `sub_${randomUUID().slice(0, 12)}`;
  const invoice = `in_${randomUUID().slice(0, 12)}`;
  for (const event of [
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
  ]) {
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
  const saved = await page.request.post('/api/style-profile', { data: { text: STYLE }, headers: { Origin: ORIGIN } });
  expect(saved.status()).toBe(200);
}

/** Files the result in `result` into the project with its Add to project menu, and waits for the toast. */
async function fileInProject(page: Page, result: Locator, readToasts: () => Promise<string>, what: string): Promise<void> {
  await result.getByRole('button', { name: 'Add to project' }).click();
  const menu = page.getByRole('menu', { name: 'Projects' });
  await menu.getByRole('menuitemradio', { name: new RegExp(PROJECT) }).click();
  await expect.poll(readToasts).toContain(`This ${what} is now in “${PROJECT}”.`);
  await expect(result.getByRole('button', { name: `In ${PROJECT}` })).toBeVisible();
}

const SIZES = [
  { label: 'desktop', width: 1440, height: 900 },
  { label: 'phone', width: 390, height: 844 },
] as const;

/**
 * With `LIBRARY_SCREENS` set, a screenshot of the page at each size (the whole page; only the
 * viewport when `open` brings up a menu first, which is then closed).
 */
async function shoot(page: Page, name: string, open?: () => Promise<void>): Promise<void> {
  if (!SCREENS) return;
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.waitForTimeout(300);
    await open?.();
    await page.screenshot({ path: path.join(SCREENS, `${name}-${size.label}.png`), fullPage: !open });
    if (open) await page.keyboard.press('Escape');
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** axe's serious and critical WCAG 2.2 AA violations on the page as it is, one line each (as e2e/walkthrough.e2e-spec.ts checks). */
async function accessibilityViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test('a Pro user files an analysis, a sketch reading and a render in a project, finds them on /library, shares one and reproduces one', async ({
  page,
  browser,
}) => {
  test.setTimeout(480_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUpAsPro(page);

  // An empty library says what to do, with the three tools.
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Library' }).click();
  await expect(page).toHaveURL(/\/library$/);
  const empty = page.getByTestId('library-empty');
  await expect(empty).toContainText('Nothing here yet');
  await expect(empty.getByRole('link', { name: 'Analyse photos' })).toHaveAttribute('href', '/analyse');
  await expect(empty.getByRole('link', { name: 'Read a sketch' })).toHaveAttribute('href', '/read-sketch');
  await expect(empty.getByRole('link', { name: 'Make a render' })).toHaveAttribute('href', '/create');
  await shoot(page, 'library-empty');
  expect.soft(await accessibilityViolations(page), 'empty /library: axe').toEqual([]);

  // A project, with the server's refusal of a second one of the same name.
  let readToasts = await recordToasts(page);
  await page.getByRole('button', { name: 'New project' }).click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await dialog.getByLabel('Project name').fill(PROJECT);
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(dialog).toHaveCount(0);
  await expect.poll(readToasts).toContain(`“${PROJECT}” is ready for your items.`);
  await expect(page).toHaveURL(new RegExp(`/library\\?project=${UUID.source}$`));
  const projectId = new URL(page.url()).searchParams.get('project')!;
  await expect(page.getByTestId('library-empty')).toContainText('This project is empty');
  await page.getByRole('button', { name: 'New project' }).click();
  await dialog.getByLabel('Project name').fill(PROJECT.toLowerCase());
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(dialog).toContainText(`You already have a project named "${PROJECT.toLowerCase()}". Choose another name.`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // An analysis, filed from /analyse.
  await page.goto('/analyse');
  await page.locator('input[type="file"]').setInputFiles(PHOTO);
  const toastsOnAnalyse = await recordToasts(page);
  await page.getByRole('button', { name: 'Generate Analysis' }).click();
  const analysis = page.getByTestId('analysis-result');
  await expect(analysis.getByTestId('primary-description')).toBeVisible({ timeout: 90_000 });
  const primary = await analysis.getByTestId('primary-description').innerText();
  await fileInProject(page, analysis, toastsOnAnalyse, 'analysis');
  await shoot(page, 'add-to-project-menu', async () => {
    await analysis.getByRole('button', { name: `In ${PROJECT}` }).click();
    await expect(page.getByRole('menu', { name: 'Projects' })).toBeVisible();
  });
  // 'See all' under the previous analyses: the library's analyses.
  const seeAllAnalyses = page.getByRole('link', { name: 'See all analyses in your library' });
  await expect(seeAllAnalyses).toHaveAttribute('href', '/library?type=analysis');

  // A sketch reading, filed from /read-sketch.
  await page.goto('/read-sketch');
  await page.locator('input[type="file"]').setInputFiles(PLAN);
  const toastsOnSketch = await recordToasts(page);
  await page.getByRole('button', { name: 'Analyse Sketch' }).click();
  const reading = page.getByTestId('sketch-result');
  await expect(reading).toBeVisible({ timeout: 90_000 });
  await fileInProject(page, reading, toastsOnSketch, 'sketch reading');

  // A render, filed from /create (openai, answered by the loopback image provider).
  await page.goto('/create');
  await page.getByTestId('sketch-input').setInputFiles(FACADE);
  await expect(page.getByTestId('sketch-analysis')).toHaveAttribute('data-status', 'read', { timeout: 90_000 });
  await page.getByTestId('control-provider').selectOption('openai');
  const toastsOnCreate = await recordToasts(page);
  await page.getByRole('button', { name: 'Generate Images' }).click();
  const render = page.getByTestId('generation-result');
  await expect(render).toBeVisible({ timeout: 120_000 });
  await fileInProject(page, render, toastsOnCreate, 'render');

  // /library by the project: the three items, each a link to its page.
  await page.goto('/library');
  await page
    .getByTestId('library-projects')
    .getByRole('button', { name: new RegExp(`^${PROJECT}\\s*3 items`) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/library\\?project=${projectId}$`));
  const cards = page.getByTestId('library-item');
  await expect(cards).toHaveCount(3);
  await expect(page.getByTestId('library-total')).toHaveText('3 items');
  expect((await page.getByTestId('library-item-type').allInnerTexts()).map((t) => t.toLowerCase()).sort()).toEqual([
    'analysis',
    'render',
    'sketch reading',
  ]);
  for (const card of await cards.all()) {
    await expect(card.getByTestId('library-item-project')).toHaveText(PROJECT);
    const [type, id] = [await card.getAttribute('data-item-type'), await card.getAttribute('data-item-id')];
    const page_ = { analysis: 'analyses', 'sketch-reading': 'sketch-readings', generation: 'generations' }[type!];
    await expect(card.getByRole('link')).toHaveAttribute('href', `/library/${page_}/${id}`);
  }
  await expect(cards.filter({ has: page.getByTestId('library-item-image') })).toHaveCount(3);
  await shoot(page, 'library-items');
  expect.soft(await accessibilityViolations(page), '/library: axe').toEqual([]);
  await cards.first().getByRole('button', { name: 'Add to project' }).click();
  await expect(page.getByRole('menu', { name: 'Projects' })).toBeVisible();
  expect.soft(await accessibilityViolations(page), 'Add to project menu: axe').toEqual([]);
  await page.keyboard.press('Escape');

  // A word of the analysis text finds it, the address keeping the search; Renders shows the render only.
  const word = primary
    .split(/[^A-Za-z]+/)
    .filter((w) => w.length >= 7)
    .sort((a, b) => b.length - a.length)[0];
  await page.getByRole('link', { name: 'Library', exact: true }).first().click();
  await expect(page).toHaveURL(/\/library$/);
  await page.getByRole('textbox', { name: 'Search the library' }).fill(word);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${word}`, 'i'));
  await expect(page.locator('[data-testid="library-item"][data-item-type="analysis"]')).toHaveCount(1);
  await expect(page.locator('[data-testid="library-item"][data-item-type="analysis"]').getByTestId('library-item-title')).toContainText(
    primary.slice(0, 40),
  );
  await page.getByRole('textbox', { name: 'Search the library' }).fill('zzqxwvy');
  await expect(page.getByTestId('library-empty')).toContainText('Nothing matches this view');
  await page.getByRole('button', { name: 'Show everything' }).click();
  await expect(page).toHaveURL(/\/library$/);
  // Everything: the three filed, and /create's automatic reading of its sketch, in no project.
  await expect(cards).toHaveCount(4);
  await expect(cards.filter({ hasNot: page.getByTestId('library-item-project') })).toHaveAttribute('data-item-type', 'sketch-reading');
  await page.getByRole('button', { name: 'Renders' }).click();
  await expect(page).toHaveURL(/\/library\?type=generation$/);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toHaveAttribute('data-item-type', 'generation');

  // 'See all' under the short lists lead to the filtered library.
  await page.goto('/analyse');
  await seeAllAnalyses.click();
  await expect(page).toHaveURL(/\/library\?type=analysis$/);
  await expect(cards).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Analyses' })).toHaveAttribute('aria-pressed', 'true');
  for (const from of ['/', '/account']) {
    await page.goto(from);
    await page.getByRole('link', { name: 'See all renders in your library' }).click();
    await expect(page).toHaveURL(/\/library\?type=generation$/);
    await expect(cards).toHaveCount(1);
  }

  // Found again by search, the analysis opens in its own page.
  await page.goto('/library');
  readToasts = await recordToasts(page);
  await page.getByRole('textbox', { name: 'Search the library' }).fill(word);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${word}`, 'i'));
  const found = page.locator('[data-testid="library-item"][data-item-type="analysis"]');
  await expect(found).toHaveCount(1);
  await expect(page.getByTestId('library-item')).toHaveCount(1);
  await found.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/library/analyses/${UUID.source}$`));
  await expect(page.getByTestId('primary-description')).toHaveText(primary);

  // Shared: the link opens in a fresh browser, signed out, until it is revoked.
  const actions = page.getByRole('toolbar', { name: 'Analysis actions' });
  await actions.getByRole('button', { name: 'Share' }).click();
  const share = page.getByRole('dialog', { name: 'Share this analysis' });
  await share.getByRole('button', { name: 'Create link' }).click();
  const link = await share.getByRole('textbox', { name: 'Share link' }).inputValue();
  expect(link).toMatch(new RegExp(`^${ORIGIN}/s/[A-Za-z0-9_-]{43}$`));
  const visitor = await (await browser.newContext({ baseURL: ORIGIN })).newPage();
  await visitor.goto(link);
  await expect(visitor.getByTestId('shared-primary')).toHaveText(primary);
  await share.getByRole('button', { name: /^Revoke the link created/ }).click();
  await page.getByRole('dialog', { name: 'Revoke this link?' }).getByRole('button', { name: 'Revoke link' }).click();
  await expect.poll(readToasts).toContain('Link Revoked');
  await share.getByRole('button', { name: 'Done' }).click();
  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: 'This link has expired or was withdrawn' })).toBeVisible();
  await expect(visitor.getByTestId('shared-primary')).toHaveCount(0);
  await visitor.context().close();

  // The render's page reproduces it (the loopback image provider again): a new render, made from the first.
  await page.goto('/library?type=generation');
  await cards.first().getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/library/generations/${UUID.source}$`));
  const firstRender = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByTestId('recipe-style')).toHaveText(STYLE);
  await page.getByTestId('reproduce').click();
  await page.waitForURL((url) => url.pathname.startsWith('/library/generations/') && !url.pathname.endsWith(firstRender), {
    timeout: 120_000,
  });
  await expect(page.getByTestId('generation-item-status')).toHaveText('Completed', { timeout: 120_000 });
  await expect(page.getByTestId('recipe-style')).toHaveText(STYLE);
  await expect(page.getByTestId('lineage-parent').getByRole('link')).toHaveAttribute('href', `/library/generations/${firstRender}`);
});

test('a signed-out visitor to a filtered /library view goes through login and lands on the same view', async ({ page, request }) => {
  const email = `library-out-${Date.now()}@example.com`;
  const signUp = await request.post('/api/auth/signup', {
    data: { email, first_name: 'Peter', last_name: 'Smithson', password: 'concrete-shell' },
    headers: { Origin: ORIGIN },
  });
  expect(signUp.status()).toBe(201);

  await page.goto('/library?type=analysis&q=brick');
  await expect(page.getByRole('alert').filter({ hasText: 'Unauthorized' })).toContainText('You are logged out. Logging in again...');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Sign In to ArchLens')).toBeVisible();
  await expect(page).toHaveURL(/\/library\?type=analysis&q=brick$/);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill('concrete-shell');
  const reloaded = page.waitForEvent('load');
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await reloaded;
  await expect(page).toHaveURL(/\/library\?type=analysis&q=brick$/);
  await expect(page.getByRole('button', { name: 'Analyses' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('textbox', { name: 'Search the library' })).toHaveValue('brick');
  await expect(page.getByTestId('library-empty')).toContainText('Nothing matches this view');
});
