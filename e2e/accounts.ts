import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { E2E_APP_URL, E2E_STATE_DIR } from './loopback-services';

const here = import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname);
/** The file outbox of the app under test: `<ARCHLENS_STATE_DIR>/outbox` (scripts/start.mjs puts the email-worker's outbox there). */
export const OUTBOX = path.resolve(here, '..', E2E_STATE_DIR, 'outbox');

/** Undoes quoted-printable: soft line breaks and `=XX` escapes (the outbox writes long lines so). */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * Waits up to 30 s for the newest message in the outbox addressed to `email`, written at or after
 * `since` (ms), from which `pick` takes a value (the raw `.eml` text is passed; `undefined` means
 * "not this one").
 * @throws when no such message arrives in time
 */
export async function fromMessageTo<T>(email: string, since: number, pick: (eml: string) => T | undefined): Promise<T> {
  const deadline = Date.now() + 30_000;
  const addressed = new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}`, 'mi');
  for (;;) {
    const names = (await readdir(OUTBOX).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'));
    const files = await Promise.all(
      names.map(async (name) => ({ file: path.join(OUTBOX, name), mtime: (await stat(path.join(OUTBOX, name))).mtimeMs })),
    );
    for (const { file } of files.filter((f) => f.mtime >= since).sort((a, b) => b.mtime - a.mtime)) {
      const eml = await readFile(file, 'utf8');
      if (!addressed.test(eml)) continue;
      const value = pick(eml);
      if (value !== undefined) return value;
    }
    if (Date.now() > deadline) throw new Error(`no message to ${email} in ${OUTBOX}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The newest message (raw `.eml`) to `email` written at or after `since` (ms). @throws as `fromMessageTo` */
export function messageTo(email: string, since: number): Promise<string> {
  return fromMessageTo(email, since, (eml) => eml);
}

/**
 * The link of the newest verification e-mail in the outbox addressed to `email` and written at or
 * after `since` (ms), waiting for the email-worker to write it.
 * @param except links already seen, to wait for a newer one ('Resend link')
 */
export function verificationLinkFor(email: string, since: number, except: readonly string[] = []): Promise<string> {
  return fromMessageTo(email, since, (eml) => {
    const link = /https?:\/\/\S+\/verify-email\?token=[A-Za-z0-9_-]{43}/.exec(decodeQuotedPrintable(eml))?.[0];
    return link && !except.includes(link) ? link : undefined;
  });
}

/**
 * Confirms `email`'s address as its holder would: the link from the sign-up e-mail opened in the
 * browser, until the page says it is confirmed.
 */
export async function confirmEmail(page: Page, email: string, since: number): Promise<void> {
  await page.goto(await verificationLinkFor(email, since));
  await expect(page.getByRole('heading', { name: 'Email Address Confirmed' })).toBeVisible();
}

/**
 * The temporary password of the newest forgot-password e-mail in the outbox addressed to `email` and
 * written at or after `since` (ms): the plain-text part sets it on a line of its own, indented by four spaces.
 */
export function temporaryPasswordFor(email: string, since: number): Promise<string> {
  return fromMessageTo(email, since, (eml) => /^ {4}([A-Za-z0-9]{12})\r?$/m.exec(eml)?.[1]);
}

/**
 * Signs in on /vip-login with the Demo credentials (the unlimited plan, so every Pro screen opens)
 * and saves `savedStyle` as the account's style description, which /create starts from.
 */
export async function signInAsVip(page: Page, savedStyle: string): Promise<void> {
  await page.goto('/vip-login');
  await page.getByRole('button', { name: 'Demo' }).click();
  const home = page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await home;
  const saved = await page.request.post('/api/style-profile', { data: { text: savedStyle }, headers: { Origin: E2E_APP_URL } });
  expect(saved.status()).toBe(200);
}
