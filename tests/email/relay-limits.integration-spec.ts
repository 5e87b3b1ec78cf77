import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { errorText } from '@archlens/contracts/errors';
import { signUpVerified } from '../support/accounts.js';
import { startStack, type Stack } from '../support/stack.js';

/**
 * The analysis and clipboard e-mail routes send text of the user's choosing, from ArchLens's own
 * sender, to any address typed, and accounts are free: these limits keep them from being a relay.
 * - an account may e-mail addresses other than its own a set number of times a day (20 by default),
 *   while e-mails to its own address (any case, any `+tag`) still go;
 * - every account together may send a set number an hour, and reaching it is logged as a warning.
 * A refused e-mail is not queued and uses no limit.
 */

const ANALYSIS_TEXT =
  'A tall, strictly symmetrical frontage rises from a heavy base.\n\n## Massing\n\nPiers carry the eye.\n\nTags: formal, vertical';

interface Account {
  cookie: string;
  email: string;
}

/** One e-mail through either route: even `n` an analysis report, odd `n` a clipboard. */
function sendEmail(stack: Stack, account: Account, to: string, n: number) {
  const names = { firstName: 'Ada', lastName: 'Recipient' };
  return n % 2 === 0
    ? request(stack.http)
        .post('/api/email-analysis')
        .set('Cookie', account.cookie)
        .send({ ...names, email: to, analysisText: ANALYSIS_TEXT })
    : request(stack.http)
        .post('/api/email-clipboard')
        .set('Cookie', account.cookie)
        .send({ ...names, email: to, clipboardText: `Clipboard ${n}` });
}

const emailJobsAdded = async (stack: Stack) => (await stack.footprint()).jobsAdded.email;

describe('e-mails to other addresses: a daily limit per account', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ env: { RATE_LIMIT_EMAILS_TO_OTHERS_PER_USER_PER_DAY: '20' } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('refuses the 21st e-mail to another address in a day with 429, while e-mails to the account itself still go', async () => {
    const sender = await signUpVerified(stack, 'Relay');
    for (let n = 0; n < 20; n++) {
      const sent = await sendEmail(stack, sender, `someone-${n}-${randomUUID()}@example.org`, n);
      expect([n, sent.status]).toEqual([n, 200]);
    }
    const before = await emailJobsAdded(stack);
    for (const n of [20, 21]) {
      const refused = await sendEmail(stack, sender, `someone-else-${randomUUID()}@example.org`, n);
      const retryAfter = Number(refused.headers['retry-after']);
      expect([refused.status, refused.body.code]).toEqual([429, 'email.daily-limit']);
      // The window started with the first e-mail: a day less the minutes this test has taken.
      expect(retryAfter).toBeGreaterThan(23 * 3600);
      expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
      expect(refused.body.message).toBe(errorText('email.daily-limit', { limit: 20, retryAfterSeconds: retryAfter }));
      expect(refused.body.message).toMatch(
        /^You have reached today's limit of 20 e-mails to other addresses\. E-mails to your own address still go, and others can be sent again in 2[34] hours\.$/,
      );
    }
    expect(await emailJobsAdded(stack)).toBe(before);

    // The account's own address, as typed in another case or with a +tag, goes through both routes.
    const [local, domain] = sender.email.split('@');
    for (const [n, own] of [sender.email, sender.email.toUpperCase(), `${local}+drafts@${domain}`].entries()) {
      expect([own, (await sendEmail(stack, sender, own, n)).status]).toEqual([own, 200]);
    }
    expect(await emailJobsAdded(stack)).toBe(before + 3);

    // Another account has its own day.
    const other = await signUpVerified(stack, 'Neighbour');
    expect((await sendEmail(stack, other, `someone-${randomUUID()}@example.org`, 1)).status).toBe(200);
  });
});

describe('e-mails from every account together: an hourly limit', () => {
  let stack: Stack;
  const written: string[] = [];
  const originalWrite = process.stdout.write.bind(process.stdout);

  /** The gateway's JSON log lines at warn level so far. */
  const warnings = () =>
    written
      .join('')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: string; service?: string; msg?: string })
      .filter((line) => line.level === 'warn' && line.service === 'gateway');

  beforeAll(async () => {
    process.stdout.write = (chunk: string | Uint8Array) => {
      written.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return true;
    };
    stack = await startStack({ env: { LOG_LEVEL: 'warn', RATE_LIMIT_EMAILS_ALL_USERS_PER_HOUR: '3' } });
  });
  afterAll(async () => {
    await stack?.close();
    process.stdout.write = originalWrite;
  });

  it('refuses every account once the accounts together reach it, and logs one warning without addresses', async () => {
    const [first, second] = [await signUpVerified(stack, 'First'), await signUpVerified(stack, 'Second')];
    const recipients = Array.from({ length: 6 }, () => `recipient-${randomUUID()}@example.org`);
    expect((await sendEmail(stack, first, recipients[0], 0)).status).toBe(200);
    expect((await sendEmail(stack, second, recipients[1], 1)).status).toBe(200);
    // E-mails to the sender's own address count too: they go out from the same sender.
    expect((await sendEmail(stack, first, first.email, 1)).status).toBe(200);
    const before = await emailJobsAdded(stack);

    for (const [n, [account, to]] of (
      [
        [second, recipients[2]],
        [first, recipients[3]],
        [second, second.email],
      ] as const
    ).entries()) {
      const refused = await sendEmail(stack, account, to, n);
      const retryAfter = Number(refused.headers['retry-after']);
      expect([refused.status, refused.body.code]).toEqual([429, 'email.global-limit']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect(refused.body.message).toBe(errorText('email.global-limit', { retryAfterSeconds: retryAfter }));
    }
    expect(await emailJobsAdded(stack)).toBe(before);

    const reached = warnings().filter((line) => line.msg?.includes('emailsAllUsers'));
    expect(reached).toHaveLength(1);
    expect(reached[0].msg).toMatch(/^The hourly limit of e-mails from all accounts together is reached/);
    const logged = written.join('');
    for (const address of [...recipients, first.email, second.email]) expect(logged).not.toContain(address);
  });
});
