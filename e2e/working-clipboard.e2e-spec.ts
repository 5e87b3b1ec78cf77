import path from 'node:path';
import { expect, test } from '@playwright/test';
import { recordToasts } from './toasts';
import { E2E_APP_URL } from './loopback-services';
import { confirmEmail, messageTo } from './accounts';

const here = import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname);
const fixtures = path.resolve(here, '../../shared/fixtures');
const BASE_PROMPT =
  'Transform this architectural sketch. The sketch depicts a conceptual architectural design idea and intent. Create a hyper-photorealistic architectural visualisation in this design style:';
const TEMPLATE_TITLE = 'Working Clipboard - AI Generation Prompt Builder';
const STORAGE_KEY = 'archlens_clipboard_text';

test('the Working Clipboard collects an analysis and a sketch reading, compacts, copies, e-mails, survives a reload, clears, and WhatsApp gets the exact link', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const email = `clipboard-${stamp}@example.com`;
  expect(
    (
      await page.request.post('/api/auth/signup', { data: { email, first_name: 'Alvar', last_name: 'Aalto', password: 'bent-plywood' } })
    ).status(),
  ).toBe(201);
  // E-mailing the clipboard waits for a confirmed address: the link from the sign-up e-mail.
  await confirmEmail(page, email, stamp - 1000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: E2E_APP_URL });
  // window.open is recorded, not followed: the machine has no route to WhatsApp.
  await page.addInitScript(() => {
    const opened: string[] = [];
    (window as unknown as { opened: string[] }).opened = opened;
    window.open = (url?: string | URL) => {
      opened.push(String(url));
      return null;
    };
  });

  // An analysis and a sketch reading, each added to the clipboard.
  await page.goto('/analyse');
  await page.locator('input[type="file"]').setInputFiles(path.join(fixtures, 'photos/mit-media-lab.jpg'));
  await page.getByRole('button', { name: 'Generate Analysis' }).click();
  const description = (await page.getByTestId('primary-description').innerText({ timeout: 60_000 })).trim();
  await page.getByRole('button', { name: 'Add to Clipboard' }).click();
  await page.goto('/read-sketch');
  await page.locator('input[type="file"]').setInputFiles(path.join(fixtures, 'sketches/house-facade.png'));
  await page.getByRole('button', { name: 'Analyse Sketch' }).click();
  await expect(page.getByRole('tab', { name: 'Detailed Analysis' })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Add to Clipboard' }).click();
  const readToasts = await recordToasts(page);

  // The dialog shows the template, both entries under separators, the count and 'Auto-saved'.
  await page.getByTestId('clipboard-trigger').click();
  const dialog = page.getByRole('dialog', { name: 'Working Clipboard' });
  const text = dialog.getByTestId('clipboard-text');
  const stored = await text.inputValue();
  expect(stored.startsWith(TEMPLATE_TITLE)).toBe(true);
  expect(stored).toContain(BASE_PROMPT);
  expect(stored).toContain(description);
  expect(stored.match(/^——— .+ · \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} ———$/gm)).toHaveLength(2);
  await expect(dialog.getByTestId('clipboard-characters')).toHaveText(`${stored.length.toLocaleString('en-GB')} characters`);
  await expect(dialog.getByTestId('clipboard-saved')).toHaveText('Last saved: Auto-saved');

  // Copy All copies the whole text.
  await dialog.getByRole('button', { name: 'Copy All' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(stored);

  // Make Compact: the base prompt, a newline, then the content (spec §9), within 4850 characters; its own Copy.
  await dialog.getByRole('button', { name: 'Make Compact' }).click();
  const compact = await dialog.getByTestId('compact-prompt').inputValue();
  expect(compact.startsWith(`${BASE_PROMPT}\n`)).toBe(true);
  expect(compact.split('\n')).toHaveLength(2);
  expect(compact.length).toBeLessThanOrEqual(4850);
  expect(compact).not.toContain('———');
  expect(compact).toContain(description.split(' ').slice(0, 8).join(' '));
  await expect.poll(readToasts).toContain(`Generated ${compact.length} character prompt`);
  await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(compact);

  // Email Myself: the sub-dialog is prefilled with the signed-in user, every field marked required.
  await dialog.getByRole('button', { name: 'Email Myself' }).click();
  const mail = page.getByRole('dialog', { name: 'Email Your Clipboard' });
  await expect(mail.getByLabel('Email Address')).toHaveValue(email);
  await expect(mail.getByLabel('First Name')).toHaveValue('Alvar');
  await expect(mail.getByLabel('Last Name')).toHaveValue('Aalto');
  for (const label of ['Email Address', 'First Name', 'Last Name']) await expect(mail.getByLabel(label)).toHaveAttribute('required', '');
  await expect(mail.getByLabel('Email Address')).toHaveAttribute('type', 'email');
  // Checked with the contract before anything is sent: an empty field gives spec §5's toast and its
  // text under the field; an address the server would refuse ('a@b') is named under its field.
  let requests = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/email-clipboard')) requests++;
  });
  await mail.getByLabel('First Name').fill('');
  await mail.getByRole('button', { name: 'Send Email' }).click();
  await expect.poll(readToasts).toContain('Missing Information\nPlease fill in all fields.');
  await expect(mail.getByText('Please fill in all fields.')).toBeVisible();
  await expect(mail.getByLabel('First Name')).toBeFocused();
  await mail.getByLabel('First Name').fill('Alvar');
  await mail.getByLabel('Email Address').fill('a@b');
  await mail.getByRole('button', { name: 'Send Email' }).click();
  await expect(mail.getByText('Please enter a valid email address')).toBeVisible();
  expect(requests).toBe(0);
  const mailTo = `self-${stamp}@example.com`;
  await mail.getByLabel('Email Address').fill(mailTo);
  const sentAt = Date.now() - 1000;
  await mail.getByRole('button', { name: 'Send Email' }).click();
  await expect(mail).toBeHidden();
  await expect.poll(readToasts).toContain('Email Sent');
  const eml = await messageTo(mailTo, sentAt);
  expect(eml).toContain('Working Clipboard');

  // A reload keeps the text.
  await dialog.getByRole('button', { name: 'Done' }).click();
  await page.reload();
  await page.getByTestId('clipboard-trigger').click();
  await expect(page.getByRole('dialog', { name: 'Working Clipboard' }).getByTestId('clipboard-text')).toHaveValue(stored);

  // Clear restores the template and removes the stored value.
  const reopened = page.getByRole('dialog', { name: 'Working Clipboard' });
  const toastsAfterReload = await recordToasts(page);
  await reopened.getByRole('button', { name: 'Clear' }).click();
  await expect.poll(toastsAfterReload).toContain('Reset to Default');
  const template = await reopened.getByTestId('clipboard-text').inputValue();
  expect(template.startsWith(TEMPLATE_TITLE)).toBe(true);
  expect(template).toContain('[PASTE YOUR DESIGN LANGUAGE HERE]');
  expect(template).not.toContain(description);
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBeNull();
  await expect(reopened.getByRole('button', { name: 'Make Compact' })).toBeEnabled();
  await reopened.getByRole('button', { name: 'Make Compact' }).click();
  await expect.poll(toastsAfterReload).toContain('Please add content after the base prompt first.');
  await reopened.getByRole('button', { name: 'Done' }).click();

  // WhatsApp: Send is disabled while blank; the compact prompt pasted in opens the exact encoded link.
  await page.getByTestId('whatsapp-button').click();
  const whatsapp = page.getByRole('dialog', { name: 'Share on WhatsApp' });
  await expect(whatsapp.getByRole('button', { name: 'Send via WhatsApp' })).toBeDisabled();
  await whatsapp.getByRole('button', { name: 'Paste from Clipboard' }).click();
  await expect(whatsapp.getByLabel('Message')).toHaveValue(compact);
  await expect(whatsapp.getByTestId('whatsapp-characters')).toHaveText(`${compact.length.toLocaleString('en-GB')} characters`);
  await whatsapp.getByRole('button', { name: 'Send via WhatsApp' }).click();
  await expect.poll(toastsAfterReload).toContain('Opening WhatsApp');
  const opened = await page.evaluate(() => (window as unknown as { opened: string[] }).opened);
  expect(opened).toEqual([`https://wa.me/?text=${encodeURIComponent(compact)}`]);
});

/*
 * Spec §7 POST /api/email-clipboard: "on failure the response text is the message, falling back to
 * 'Failed to send email'": a short plain-text body (a proxy answered) is the message; an HTML page
 * is not, and the fallback shows.
 */
test('Email Myself shows a plain-text failure body as the message, and the fallback for an HTML page', async ({ page }) => {
  const email = `clipboard-failure-${Date.now()}@example.com`;
  expect(
    (
      await page.request.post('/api/auth/signup', { data: { email, first_name: 'Aino', last_name: 'Aalto', password: 'bent-plywood' } })
    ).status(),
  ).toBe(201);
  await page.goto('/');
  const readToasts = await recordToasts(page);
  await page.getByTestId('clipboard-trigger').click();
  await page.getByRole('dialog', { name: 'Working Clipboard' }).getByRole('button', { name: 'Email Myself' }).click();
  const mail = page.getByRole('dialog', { name: 'Email Your Clipboard' });
  await mail.getByLabel('Email Address').fill(email);
  await mail.getByLabel('First Name').fill('Aino');
  await mail.getByLabel('Last Name').fill('Aalto');

  await page.route('**/api/email-clipboard', (route) =>
    route.fulfill({ status: 502, contentType: 'text/plain', body: 'Mail relay unavailable, try again shortly' }),
  );
  // The dialog stays open, so the page behind it (and its toasts) is hidden from the accessibility tree: read the text.
  await mail.getByRole('button', { name: 'Send Email' }).click();
  await expect.poll(readToasts).toContain('Mail relay unavailable, try again shortly');

  await page.unroute('**/api/email-clipboard');
  await page.route('**/api/email-clipboard', (route) =>
    route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body><h1>502 Bad Gateway</h1></body></html>' }),
  );
  await mail.getByRole('button', { name: 'Send Email' }).click();
  await expect.poll(readToasts).toContain('Failed to send email');
  expect(await readToasts()).not.toContain('502 Bad Gateway');

  // A limit's refusal (the gateway's JSON `{code, message}` with 429) is the message under 'Email Failed'.
  const dailyLimit =
    "You have reached today's limit of 20 e-mails to other addresses. E-mails to your own address still go, and others can be sent again in 5 hours.";
  await page.unroute('**/api/email-clipboard');
  await page.route('**/api/email-clipboard', (route) =>
    route.fulfill({
      status: 429,
      headers: { 'Retry-After': '18000' },
      contentType: 'application/json',
      body: JSON.stringify({ code: 'email.daily-limit', message: dailyLimit, params: { limit: 20, retryAfterSeconds: 18000 } }),
    }),
  );
  await mail.getByRole('button', { name: 'Send Email' }).click();
  await expect.poll(readToasts).toContain(`Email Failed\n${dailyLimit}`);
  expect(await readToasts()).not.toContain('429');
});
