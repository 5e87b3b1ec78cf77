// Test-only: user accounts through the gateway's own sign-up route, as a browser would make them, and
// their e-mail addresses confirmed through the real link the email-worker sent.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import request from 'supertest';
import type { FakeSendGrid } from './fake-sendgrid.server.js';
import type { Stack } from './stack.js';

/** A signed-up user: the session cookie (`name=value`, for a `Cookie` header), the user id and the e-mail. */
export interface SignedInUser {
  cookie: string;
  userId: string;
  email: string;
}

/** The session cookie (`name=value`) a response set. @throws Error when it set none */
export function sessionCookieOf(res: request.Response): string {
  const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('archlens_sid='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0];
}

/**
 * Signs a new user up (`POST /api/auth/signup`, expecting 201) with a unique e-mail derived from
 * `firstName`, and returns its session. The address is unconfirmed: see `verifyEmailOf`.
 */
export async function signUp(stack: Stack, firstName = 'Grace', password = 'correct-horse'): Promise<SignedInUser> {
  const email = `${firstName.toLowerCase()}-${Date.now()}-${Math.random()}@example.com`;
  const res = await request(stack.http)
    .post('/api/auth/signup')
    .send({ email, first_name: firstName, last_name: 'Tester', password })
    .expect(201);
  return { cookie: sessionCookieOf(res), userId: (res.body as { id: string }).id, email };
}

/** Undoes quoted-printable: soft line breaks and `=XX` escapes (the file outbox writes long lines so). */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The token of the first verification link in a message's text. */
function tokenIn(text: string): string | null {
  return /\/verify-email\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? null;
}

/**
 * The token of the newest verification link e-mailed to `user`, read as its recipient would: from
 * the stack's file outbox (`<messageId>.eml`, the message id being the link's row id), or from the
 * SendGrid stand-in when the stack sends through it. Waits up to 20 s for the email-worker.
 */
export async function verificationTokenOf(
  stack: Stack,
  user: Pick<SignedInUser, 'userId' | 'email'>,
  sendGrid?: FakeSendGrid,
): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    let token: string | null = null;
    if (sendGrid) {
      const sent = sendGrid.requests.filter(
        (r) => r.body.personalizations?.[0]?.to?.[0]?.email === user.email && r.body.subject?.startsWith('Confirm your e-mail'),
      );
      const text = sent.at(-1)?.body.content?.find((c) => c.type === 'text/plain')?.value;
      token = text ? tokenIn(text) : null;
    } else {
      const { rows } = await stack.db.query<{ id: string }>(
        'SELECT id FROM auth.email_verification_tokens WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1',
        [user.userId],
      );
      const eml = rows[0] ? await readFile(path.join(stack.outboxDir, `${rows[0].id}.eml`), 'utf8').catch(() => null) : null;
      token = eml ? tokenIn(decodeQuotedPrintable(eml)) : null;
    }
    if (token) return token;
    if (Date.now() > deadline) throw new Error(`no verification link for ${user.email} arrived`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Confirms `user`'s address as its holder would: the link from the e-mail, its token sent by the
 * `/verify-email` page (`POST /api/auth/verify-email`, expecting 200).
 */
export async function verifyEmailOf(stack: Stack, user: Pick<SignedInUser, 'userId' | 'email'>, sendGrid?: FakeSendGrid): Promise<void> {
  const token = await verificationTokenOf(stack, user, sendGrid);
  await request(stack.http).post('/api/auth/verify-email').send({ token }).expect(200);
}

/** `signUp`, then `verifyEmailOf`: a user who may send e-mail and start a checkout. */
export async function signUpVerified(stack: Stack, firstName = 'Grace', sendGrid?: FakeSendGrid): Promise<SignedInUser> {
  const user = await signUp(stack, firstName);
  await verifyEmailOf(stack, user, sendGrid);
  return user;
}

/**
 * The temporary password of the newest forgot-password message to `user`, read from the stack's file
 * outbox (`<messageId>.eml`, the message id being the temporary password's row id; the plain-text
 * part sets it on a line of its own, indented by four spaces). Waits up to 20 s for the email-worker.
 */
export async function temporaryPasswordOf(stack: Stack, user: Pick<SignedInUser, 'userId' | 'email'>): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { rows } = await stack.db.query<{ id: string }>(
      'SELECT id FROM auth.temporary_passwords WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1',
      [user.userId],
    );
    const eml = rows[0] ? await readFile(path.join(stack.outboxDir, `${rows[0].id}.eml`), 'utf8').catch(() => null) : null;
    const password = eml ? /^ {4}([A-Za-z0-9]{12})\r?$/m.exec(decodeQuotedPrintable(eml))?.[1] : undefined;
    if (password) return password;
    if (Date.now() > deadline) throw new Error(`no temporary password for ${user.email} arrived`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
