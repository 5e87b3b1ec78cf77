import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import request from 'supertest';
import { CLIPBOARD_MESSAGES, MAX_CLIPBOARD_EMAIL_CHARS } from '@archlens/contracts/clipboard';
import { QUEUES } from '@archlens/contracts/queues';
import { redisConnection } from '@archlens/platform/messaging';
import { signUpVerified, type SignedInUser } from '../support/accounts.js';
import { startFakeSendGrid, type FakeSendGrid } from '../support/fake-sendgrid.server.js';
import { startStack, type Stack } from '../support/stack.js';
import { decodeEntities, leafParts, parseMime, type MimePart } from '../reports/report-files.js';

/*
 * "Email Myself" (spec §2 "Email Your Clipboard", §3, §5, §7, §8):
 * `POST /api/email-clipboard` queues the Working Clipboard's text to the email-worker, which sends
 * it to the address typed in the sub-dialog with the text verbatim in the plain part and escaped in
 * the HTML part; refused at the edge (400 with the spec's texts, 401 signed out, 429 past the hourly
 * limit) with nothing queued; no lead recorded.
 */

const run = Date.now().toString(36);
const XSS = '<img src=x onerror=alert(1)>';
const SENT = { message: CLIPBOARD_MESSAGES.sent };

/**
 * A clipboard as the dialog builds one: the default template's head, a dated separator, blank lines,
 * an indent, a tab, non-ASCII characters, markup, a line longer than a MIME line, trailing spaces.
 */
const CLIPBOARD = [
  'Working Clipboard - AI Generation Prompt Builder',
  '',
  'Prompt you can use:',
  'Transform this architectural sketch. The sketch depicts a conceptual architectural design idea and intent. Create a hyper-photorealistic architectural visualisation in this design style:',
  '',
  '',
  '--- Design Language Analysis · 24/11/2026, 10:00:00 ---',
  '  A grey stone arcade & a "measured" rhythm of bays — café façade.',
  '\t- limestone',
  `${XSS} <script>alert(2)</script>`,
  '. a line starting with a dot',
  'last line with trailing spaces   ',
].join('\n');

/** CRLF, as a MIME message carries line breaks, back to the LF the text was typed with. */
const lf = (text: string): string => text.replace(/\r\n/g, '\n');

/** A valid body for `to`. */
function body(to: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { email: to, firstName: 'Ada', lastName: 'Lovelace', clipboardText: CLIPBOARD, ...overrides };
}

function send(stack: Stack, user: SignedInUser | undefined, payload: Record<string, unknown>) {
  const req = request(stack.http).post('/api/email-clipboard');
  return (user ? req.set('Cookie', user.cookie) : req).send(payload);
}

/** Waits for the outbox .eml addressed to `to`; returns its message id (the file's name), parsed message and raw text. */
async function waitForEml(stack: Stack, to: string, timeoutMs = 20_000): Promise<{ messageId: string; eml: MimePart; raw: string }> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    for (const name of existsSync(stack.outboxDir) ? readdirSync(stack.outboxDir).filter((n) => n.endsWith('.eml')) : []) {
      const raw = readFileSync(path.join(stack.outboxDir, name), 'utf8');
      if (new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}\\r?$`, 'm').test(raw))
        return { messageId: name.slice(0, -4), eml: parseMime(raw), raw };
    }
    if (Date.now() > until) throw new Error(`no .eml to ${to} in the outbox`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The text of the HTML part's `<pre>` block (the clipboard), entities decoded, line breaks as LF. */
function preText(html: string): string {
  const match = /<pre[^>]*>\r?\n([\s\S]*?)<\/pre>/.exec(html);
  if (!match) throw new Error('no <pre> block in the HTML part');
  return lf(decodeEntities(match[1]));
}

/** `email.send` jobs ever added on this Redis database (BullMQ's id counter of the `email` queue). */
async function emailJobsAdded(stack: Stack): Promise<number> {
  return (await stack.footprint()).jobsAdded.email;
}

describe('POST /api/email-clipboard (file outbox)', () => {
  let stack: Stack;
  let events: Queue;

  beforeAll(async () => {
    stack = await startStack({ env: { RATE_LIMIT_EMAIL_CLIPBOARD_PER_USER: '2' } });
    events = new Queue(QUEUES.leadsEvents, { connection: redisConnection(process.env.REDIS_URL!) });
  });
  afterAll(async () => {
    await events?.close();
    await stack?.close();
  });

  it('e-mails the clipboard to the typed address: the text verbatim in the plain part, escaped in a pre block of the HTML part', async () => {
    const user = await signUpVerified(stack, 'Grace');
    // Not the account's e-mail: the sub-dialog's Email Address is where it goes (spec §2).
    const to = `me+clip-${run}@example.com`;
    const res = await send(stack, user, body(to)).expect(200);
    expect(res.body).toEqual(SENT);

    const { messageId, eml, raw } = await waitForEml(stack, to);
    expect(raw).toMatch(/^Subject: Your ArchLens Working Clipboard\r?$/m);
    expect(eml.type).toBe('multipart/alternative');
    const parts = leafParts(eml);
    const plain = lf(parts.find((p) => p.type === 'text/plain')!.body.toString('utf8'));
    const html = parts.find((p) => p.type === 'text/html')!.body.toString('utf8');

    expect(plain).toContain('Hello Ada,');
    // Every line break, blank line, indent, tab, character and trailing space as typed, in one piece.
    expect(plain).toContain(`\n${CLIPBOARD}\n`);

    expect(decodeEntities(html)).toContain('Hello Ada,');
    expect(preText(html)).toBe(CLIPBOARD);
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &lt;script&gt;alert(2)&lt;/script&gt;');

    // The delivery log names the template; nothing else in the message is kept there.
    // The .eml is written before the delivery log row is marked: poll for the row's final state.
    const logged = async () =>
      (
        await stack.db.query<{ template: string; subject: string; status: string }>(
          'SELECT template, subject, status FROM email.messages WHERE id = $1',
          [messageId],
        )
      ).rows;
    let rows = await logged();
    for (let i = 0; i < 100 && rows[0]?.status !== 'outbox'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      rows = await logged();
    }
    expect(rows).toEqual([{ template: 'clipboard', subject: 'Your ArchLens Working Clipboard', status: 'outbox' }]);

    // No lead: leads come from e-mailed analyses only.
    const jobs = await events.getJobs(['waiting', 'active', 'completed', 'failed', 'delayed', 'prioritized']);
    expect(jobs.filter((job) => (job?.data as { payload?: { email?: string } })?.payload?.email === to)).toEqual([]);
  });

  it('a name of <img src=x onerror=alert(1)> is mailed as text in the HTML part and as written in the plain part', async () => {
    const user = await signUpVerified(stack, 'Hedy');
    const to = `me+xss-${run}@example.com`;
    await send(stack, user, body(to, { firstName: XSS, lastName: '"Bobby" & <b>Co</b>', clipboardText: 'Notes.' })).expect(200);
    const parts = leafParts((await waitForEml(stack, to)).eml);
    const html = parts.find((p) => p.type === 'text/html')!.body.toString('utf8');
    expect(html).toContain('Hello &lt;img src=x onerror=alert(1)&gt;,');
    expect(html).toContain('&quot;Bobby&quot; &amp; &lt;b&gt;Co&lt;/b&gt;');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>Co</b>');
    expect(parts.find((p) => p.type === 'text/plain')!.body.toString('utf8')).toContain(`Hello ${XSS},`);
  });

  it('refuses a blank text, a missing or over-long field or a bad e-mail with 400 and the spec’s (or a clear) text, and queues nothing', async () => {
    const user = await signUpVerified(stack, 'Katherine');
    const to = `me+bad-${run}@example.com`;
    const before = await emailJobsAdded(stack);
    const cases: Array<[Record<string, unknown>, string]> = [
      [body(to, { clipboardText: '  \n\t\n ' }), CLIPBOARD_MESSAGES.noContent],
      [body(to, { clipboardText: '' }), CLIPBOARD_MESSAGES.noContent],
      [body(to, { clipboardText: undefined }), CLIPBOARD_MESSAGES.noContent],
      [body(to, { firstName: undefined }), CLIPBOARD_MESSAGES.missing],
      [body(to, { lastName: '   ' }), CLIPBOARD_MESSAGES.missing],
      [body(to, { email: '' }), CLIPBOARD_MESSAGES.missing],
      [{}, CLIPBOARD_MESSAGES.missing],
      [body('not-an-email'), CLIPBOARD_MESSAGES.invalidEmail],
      [body('ada@'), CLIPBOARD_MESSAGES.invalidEmail],
      [body(to, { firstName: 'A'.repeat(101) }), 'First name must be at most 100 characters'],
      [body(to, { lastName: 'L'.repeat(101) }), 'Last name must be at most 100 characters'],
      [body(`${'a'.repeat(250)}@example.com`), 'Email address must be at most 254 characters'],
    ];
    for (const [payload, message] of cases) {
      const res = await send(stack, user, payload).expect(400);
      expect(res.body).toEqual({ code: 'request.invalid', message, params: { reason: message } });
    }
    const tooLong = await send(stack, user, body(to, { clipboardText: 'a'.repeat(MAX_CLIPBOARD_EMAIL_CHARS + 1) })).expect(400);
    const tooLongText = `The clipboard is longer than ${MAX_CLIPBOARD_EMAIL_CHARS} characters.`;
    expect(tooLong.body).toEqual({ code: 'request.invalid', message: tooLongText, params: { reason: tooLongText } });
    expect(await emailJobsAdded(stack)).toBe(before);
    expect(
      existsSync(stack.outboxDir) &&
        readdirSync(stack.outboxDir).some((n) => readFileSync(path.join(stack.outboxDir, n), 'utf8').includes(to)),
    ).toBe(false);
  });

  it('takes a clipboard within its character limit however JSON escapes it: 26,000 emoji as \\u escapes are over 300 KB', async () => {
    const user = await signUpVerified(stack, 'Emoji');
    const to = `emoji-${run}@example.com`;
    const text = '🏛'.repeat(26_000);
    // As a client that escapes everything outside ASCII sends it: 12 bytes a character.
    const json = JSON.stringify(body(to, { clipboardText: text })).replace(
      /[\u0080-\uffff]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    expect(Buffer.byteLength(json)).toBeGreaterThan(300_000);
    const res = await request(stack.http).post('/api/email-clipboard').set('Cookie', user.cookie).type('json').send(json);
    expect([res.status, res.body]).toEqual([200, SENT]);
    const { eml } = await waitForEml(stack, to);
    const plain = lf(
      leafParts(eml)
        .find((p) => p.type === 'text/plain')!
        .body.toString('utf8'),
    );
    expect(plain).toContain(text);
  });

  it('answers 401 signed out and queues nothing', async () => {
    const before = await emailJobsAdded(stack);
    const res = await send(stack, undefined, body(`me+anon-${run}@example.com`)).expect(401);
    expect(res.body).toEqual({ code: 'auth.unauthorized', message: 'Unauthorized' });
    expect(await emailJobsAdded(stack)).toBe(before);
  });

  it('past 2 e-mails an hour the next answers 429 with Retry-After and queues nothing; refusals do not count; other users still send', async () => {
    // Both accounts first: each sign-up e-mails its verification link.
    const [user, other] = [await signUpVerified(stack, 'Mary'), await signUpVerified(stack, 'Dorothy')];
    const to = `me+limit-${run}@example.com`;
    // A refused request uses none of the hour's e-mails.
    await send(stack, user, body(to, { clipboardText: ' ' })).expect(400);
    for (let i = 0; i < 2; i++) expect((await send(stack, user, body(to)).expect(200)).body).toEqual(SENT);

    const before = await emailJobsAdded(stack);
    const refused = await send(stack, user, body(to)).expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body.message).toMatch(/^You have reached the hourly limit of clipboard e-mails\. Please try again in \d+ minutes?\.$/);
    expect(await emailJobsAdded(stack)).toBe(before);

    // The limit is the user's, not the address's.
    await send(stack, other, body(to)).expect(200);
    expect(await emailJobsAdded(stack)).toBe(before + 1);
  });
});

describe('e-mails to one recipient, from all users together (RATE_LIMIT_EMAILS_PER_RECIPIENT)', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ env: { RATE_LIMIT_EMAILS_PER_RECIPIENT: '3', RATE_LIMIT_EMAIL_CLIPBOARD_PER_USER: '2' } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('past 3 e-mails an hour to one mailbox, from any users and of either kind, the next answers 429 and queues nothing; a refused request uses none of it', async () => {
    const [first, second] = [await signUpVerified(stack, 'Eileen'), await signUpVerified(stack, 'Charlotte')];
    const victim = `victim-${run}@example.com`;
    await send(stack, first, body(victim)).expect(200);
    await send(stack, first, body(victim)).expect(200);
    // The first user's own limit (2 an hour) refuses the next: that takes none of the mailbox's 3.
    for (let i = 0; i < 3; i++) {
      const own = await send(stack, first, body(victim)).expect(429);
      expect(own.body.message).toMatch(/^You have reached the hourly limit of clipboard e-mails\./);
    }
    // A +tag is the same mailbox.
    await send(stack, second, body(victim.replace('@', '+again@'))).expect(200);

    const before = await emailJobsAdded(stack);
    const refused = await send(stack, second, body(victim.toUpperCase())).expect(429);
    expect(refused.body.message).toMatch(/^Too many e-mails have been sent to this address\. Please try again in \d+ minutes?\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(59 * 60);
    // The analysis report counts against the same mailbox.
    const report = await request(stack.http)
      .post('/api/email-analysis')
      .set('Cookie', second.cookie)
      .send({ firstName: 'Ada', lastName: 'Lovelace', email: victim, analysisText: 'A grey stone arcade.' })
      .expect(429);
    expect(report.body.message).toMatch(/^Too many e-mails have been sent to this address\./);
    expect(await emailJobsAdded(stack)).toBe(before);

    // The refusals above took nothing from the second user's own limit: another address still gets theirs.
    await send(stack, second, body(`someone-else-${run}@example.com`)).expect(200);
    expect(await emailJobsAdded(stack)).toBe(before + 1);
  });
});

describe('POST /api/email-clipboard through SendGrid (a loopback v3 mail/send server)', () => {
  const API_KEY = `SG.clipboard-${run}`;
  let stack: Stack;
  let fake: FakeSendGrid;

  beforeAll(async () => {
    fake = await startFakeSendGrid({ apiKey: API_KEY, from: 'no-reply@archlens.local' });
    stack = await startStack({ env: { SENDGRID_API_KEY: API_KEY, SENDGRID_BASE_URL: fake.baseUrl } });
  });
  afterAll(async () => {
    await stack?.close();
    await fake?.close();
  });

  it('the message arrives with a text/plain part holding the text exactly and a text/html part holding it escaped', async () => {
    const user = await signUpVerified(stack, 'Lin', fake);
    const to = `me+sendgrid-${run}@example.com`;
    await send(stack, user, body(to)).expect(200);

    const until = Date.now() + 20_000;
    const sentTo = () => fake.requests.filter((r) => r.body.personalizations?.[0]?.to?.[0]?.email === to);
    while (sentTo().length < 1 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    const sent = sentTo();
    expect(sent).toHaveLength(1);
    expect(sent[0].refusal).toBeNull();
    expect(sent[0].status).toBe(202);
    expect(sent[0].body.subject).toBe('Your ArchLens Working Clipboard');
    const types = (sent[0].body.content ?? []).map((c) => c.type);
    expect(types).toEqual(expect.arrayContaining(['text/plain', 'text/html']));
    const plain = sent[0].body.content!.find((c) => c.type === 'text/plain')!.value!;
    const html = sent[0].body.content!.find((c) => c.type === 'text/html')!.value!;
    expect(plain).toContain(`\n${CLIPBOARD}\n`);
    expect(preText(html)).toBe(CLIPBOARD);
    expect(html).not.toContain('<img src=x');
    expect(sent[0].body.attachments ?? []).toEqual([]);
  });
});
