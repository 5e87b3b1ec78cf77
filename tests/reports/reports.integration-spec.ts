import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import request from 'supertest';
import type { AnalyzeResponse } from '@archlens/contracts/analysis';
import { QUEUES } from '@archlens/contracts/queues';
import { formatAnalysisText } from '@archlens/contracts/report-text';
import { REPORT_MESSAGES, reportFileName, reportObjectKey } from '@archlens/contracts/reports';
import { CommandClient, redisConnection } from '@archlens/platform/messaging';
import { startFakeSendGrid, type FakeSendGrid } from '../support/fake-sendgrid.server.js';
import { fixturePhoto } from '../support/images.js';
import { signUpVerified, type SignedInUser } from '../support/accounts.js';
import { startStack, type Stack } from '../support/stack.js';
import { decodeEntities, leafParts, normaliseSpace, parseMime, pdfImageCount, pdfText, type MimePart } from './report-files.js';

/*
 * The owner's analysis as a PDF (rendered once, selectable text, 404 for
 * anyone else) and the e-mailed report (HTML with the same content, the PDF attached, an
 * `analysis.emailed` event for the leads service), refused at the edge when the body is wrong,
 * the analysis is not the user's, or the hourly limit is reached.
 */

const TWO_PHOTOS = ['mit-media-lab.jpg', 'havana-cathedral-baroque.jpg'] as const;
const XSS = '<img src=x onerror=alert(1)>';
const run = Date.now().toString(36);

/** Analyses the two fixture photos on the offline engine. */
async function analyseTwoPhotos(stack: Stack, user: SignedInUser): Promise<AnalyzeResponse> {
  let req = request(stack.http).post('/api/analyze').set('Cookie', user.cookie);
  for (const name of TWO_PHOTOS) req = req.attach('images', fixturePhoto(name), name);
  return (await req.expect(200)).body as AnalyzeResponse;
}

/** GET the PDF as bytes (supertest buffers `application/pdf` only when told to). */
function getPdf(stack: Stack, cookie: string | undefined, id: string) {
  const req = request(stack.http)
    .get(`/api/analyses/${id}/pdf`)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
  return cookie ? req.set('Cookie', cookie) : req;
}

/** The `## ` headings' texts of an expanded description. */
function headingsOf(expanded: string): string[] {
  return expanded
    .split('\n')
    .filter((line) => /^## \S/.test(line))
    .map((line) => line.slice(3).trim());
}

/** Waits for the outbox .eml addressed to `to`; returns its message id (the file's name) and parsed message. */
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

/** Every `analysis.emailed` event job on `leads.events` whose payload names `email`, in any state. */
async function emailedEvents(queue: Queue, email: string) {
  const jobs = await queue.getJobs(['waiting', 'active', 'completed', 'failed', 'delayed', 'prioritized']);
  return jobs.filter((job) => (job?.data as { payload?: { email?: string } })?.payload?.email === email);
}

/** What a refused request must not leave: jobs on the analysis, analysis-lookup and email queues, reports, events. */
async function sideEffects(stack: Stack, events: Queue) {
  const { jobsAdded } = await stack.footprint();
  const counts = await events.getJobCounts();
  return {
    analysisJobs: jobsAdded.analysis + jobsAdded['analysis-lookup'],
    emailJobs: jobsAdded.email,
    reports: (await stack.storage.list('reports/')).length,
    events: Object.values(counts).reduce((a, b) => a + b, 0),
  };
}

describe('analysis reports: PDF download and e-mailed report (file outbox)', () => {
  let stack: Stack;
  let owner: SignedInUser;
  let other: SignedInUser;
  let analysis: AnalyzeResponse;
  let events: Queue;
  let commands: CommandClient;
  let firstPdf: Buffer;

  beforeAll(async () => {
    stack = await startStack();
    owner = await signUpVerified(stack, 'Grace');
    other = await signUpVerified(stack, 'Mallory');
    analysis = await analyseTwoPhotos(stack, owner);
    events = new Queue(QUEUES.leadsEvents, { connection: redisConnection(process.env.REDIS_URL!) });
    commands = new CommandClient(process.env.REDIS_URL!);
  });
  afterAll(async () => {
    await commands?.close();
    await events?.close();
    await stack?.close();
  });

  it('the owner downloads the PDF: dated attachment, never cached, a real PDF whose text holds the whole analysis', async () => {
    const res = await getPdf(stack, owner.cookie, analysis.id).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${reportFileName(analysis.createdAt)}"`);
    expect(res.headers['content-disposition']).toMatch(/filename="archlens-analysis-\d{4}-\d{2}-\d{2}\.pdf"$/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    firstPdf = res.body as Buffer;
    expect(firstPdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(Number(res.headers['content-length'])).toBe(firstPdf.length);

    const text = pdfText(firstPdf);
    expect(text).toContain('ArchLens');
    expect(text).toContain(new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(analysis.createdAt)));
    // The 88 words come back as written, in order: selectable text, words never cut at a hyphen.
    expect(text).toContain(normaliseSpace(analysis.primaryDescription));
    const headings = headingsOf(analysis.expandedDescription);
    expect(headings.length).toBeGreaterThanOrEqual(4);
    for (const heading of headings) expect(text).toContain(heading);
    for (const tag of analysis.tags) expect(text).toContain(tag);
    expect(text).toContain(`engine: offline, model: ${analysis.model}`);
    // A thumbnail of each of the two photos.
    expect(pdfImageCount(firstPdf)).toBe(2);
    // Stored once under the owner's reports.
    expect(await stack.storage.list(`reports/${owner.userId}/`)).toEqual([reportObjectKey(owner.userId, analysis.id)]);
  });

  it('a second download streams the stored PDF: it is not rendered again', async () => {
    // Mark the stored object: a new render would replace the mark, a reuse streams it back.
    const marked = Buffer.concat([firstPdf, Buffer.from(`\n%archlens-reused-${run}\n`)]);
    await stack.storage.put(reportObjectKey(owner.userId, analysis.id), marked, 'application/pdf');
    const res = await getPdf(stack, owner.cookie, analysis.id).expect(200);
    expect((res.body as Buffer).equals(marked)).toBe(true);
  });

  it('another user’s analysis, an unknown id and a non-UUID all answer 404, and no report is created', async () => {
    const before = await sideEffects(stack, events);
    for (const [cookie, id] of [
      [other.cookie, analysis.id],
      [owner.cookie, '00000000-0000-4000-8000-000000000000'],
    ]) {
      const res = await request(stack.http).get(`/api/analyses/${id}/pdf`).set('Cookie', cookie).expect(404);
      expect(res.body).toEqual({ code: 'report.analysis-not-found', message: REPORT_MESSAGES.analysisNotFound });
    }
    const after = await sideEffects(stack, events);
    expect(after.reports).toBe(before.reports);
    expect(await stack.storage.list(`reports/${other.userId}/`)).toEqual([]);

    const nonUuid = await request(stack.http).get('/api/analyses/not-a-uuid/pdf').set('Cookie', owner.cookie).expect(404);
    expect(nonUuid.body).toEqual({ code: 'report.analysis-not-found', message: REPORT_MESSAGES.analysisNotFound });
    // Nothing queued for a non-UUID.
    expect((await sideEffects(stack, events)).analysisJobs).toBe(after.analysisJobs);
    await request(stack.http).get(`/api/analyses/${analysis.id}/pdf`).expect(401);
  });

  it('e-mails the stored analysis: HTML with the description and headings, the PDF attached, one analysis.emailed event', async () => {
    const to = `client+stored-${run}@example.com`;
    const res = await request(stack.http)
      .post('/api/email-analysis')
      .set('Cookie', owner.cookie)
      .send({ firstName: 'Ada', lastName: 'Lovelace', email: to, analysisId: analysis.id })
      .expect(200);
    expect(res.body).toEqual({ message: REPORT_MESSAGES.sent });

    const { messageId, eml, raw } = await waitForEml(stack, to);
    expect(raw).toMatch(/^Subject: Your ArchLens design language analysis\r?$/m);
    expect(eml.type).toBe('multipart/mixed');
    const parts = leafParts(eml);
    const html = parts.find((p) => p.type === 'text/html')!.body.toString('utf8');
    const shown = decodeEntities(html);
    expect(shown).toContain('Hello Ada,');
    expect(shown).toContain(analysis.primaryDescription);
    for (const heading of headingsOf(analysis.expandedDescription))
      expect(shown).toMatch(new RegExp(`font-weight:bold[^>]*>${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}<`));
    expect(parts.find((p) => p.type === 'text/plain')!.body.toString('utf8')).toContain(analysis.primaryDescription);
    // The attachment is the stored PDF itself, named by its date.
    const pdf = parts.find((p) => p.type === 'application/pdf')!;
    expect(pdf.filename).toBe(reportFileName(analysis.createdAt));
    expect(pdf.headers['content-disposition']).toMatch(/^attachment/);
    expect(pdf.body.equals(await stack.storage.get(reportObjectKey(owner.userId, analysis.id)))).toBe(true);

    // The lead: one event on leads.events, its job id the e-mail's message id.
    const emitted = await emailedEvents(events, to);
    expect(emitted).toHaveLength(1);
    expect(emitted[0].id).toBe(messageId);
    expect(emitted[0].name).toBe('analysis.emailed');
    expect(emitted[0].data).toMatchObject({
      eventId: messageId,
      name: 'analysis.emailed',
      payload: {
        userId: owner.userId,
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: to,
        analysisText: formatAnalysisText(analysis),
      },
    });
  });

  it('a first name of <img src=x onerror=alert(1)> is mailed as text, never as HTML', async () => {
    const to = `client+xss-${run}@example.com`;
    await request(stack.http)
      .post('/api/email-analysis')
      .set('Cookie', owner.cookie)
      .send({ firstName: XSS, lastName: 'Tester', email: to, analysisId: analysis.id })
      .expect(200);
    const { eml } = await waitForEml(stack, to);
    const html = leafParts(eml)
      .find((p) => p.type === 'text/html')!
      .body.toString('utf8');
    expect(html).toContain('Hello &lt;img src=x onerror=alert(1)&gt;,');
    expect(html).not.toContain('<img src=x');
    expect((await emailedEvents(events, to))[0].data).toMatchObject({ payload: { firstName: XSS } });
  });

  it('the free-analysis text is e-mailed as a text-only report, split into its parts', async () => {
    const to = `client+text-${run}@example.com`;
    const analysisText = formatAnalysisText({
      primaryDescription: 'A pale brick terrace with tall sash windows.',
      expandedDescription: '## Street Rhythm\n\nRepeated bays.\n\n## Materials\n\nLondon stock brick.',
      tags: ['terrace', 'brick'],
    });
    await request(stack.http)
      .post('/api/email-analysis')
      .set('Cookie', owner.cookie)
      .send({ firstName: 'Ada', lastName: 'Lovelace', email: to, analysisText })
      .expect(200);
    const { eml } = await waitForEml(stack, to);
    const pdf = leafParts(eml).find((p) => p.type === 'application/pdf')!;
    expect(pdf.filename).toMatch(/^archlens-analysis-\d{4}-\d{2}-\d{2}\.pdf$/);
    const text = pdfText(pdf.body);
    for (const piece of [
      'Primary description',
      'A pale brick terrace with tall sash windows.',
      'Street Rhythm',
      'Materials',
      'terrace, brick',
    ])
      expect(text).toContain(piece);
    expect(text).toContain('Written from the analysis text sent with this report.');
    expect(pdfImageCount(pdf.body)).toBe(0);
    expect((await emailedEvents(events, to))[0].data).toMatchObject({ payload: { analysisText } });
    const textReports = (await stack.storage.list(`reports/${owner.userId}/`)).filter((k) => k.includes('/text-'));
    expect(textReports).toHaveLength(1);
  });

  it('the sweeps leave a stored analysis’s PDF alone; the text-report sweep removes old free-text PDFs only', async () => {
    const stored = reportObjectKey(owner.userId, analysis.id);
    await commands.request('analysis.sweep-originals', { olderThanSeconds: 0 });
    expect(await stack.storage.stat(stored)).toBeDefined();
    const swept = await commands.request('analysis.sweep-text-reports', { olderThanSeconds: 0 });
    expect(swept.removed).toBeGreaterThanOrEqual(1);
    expect(await stack.storage.list(`reports/${owner.userId}/`)).toEqual([stored]);
  });

  it('refuses a missing or over-long field, a bad e-mail, a bad analysis id or text, or no analysis with 400 and the spec’s (or a clear) text; nothing is queued or stored', async () => {
    const before = await sideEffects(stack, events);
    const valid = { firstName: 'Ada', lastName: 'Lovelace', email: `client+bad-${run}@example.com`, analysisId: analysis.id };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, REPORT_MESSAGES.missingFields],
      [{ ...valid, firstName: '  ' }, REPORT_MESSAGES.missingFields],
      [{ ...valid, lastName: undefined }, REPORT_MESSAGES.missingFields],
      [{ ...valid, email: '' }, REPORT_MESSAGES.missingFields],
      [{ ...valid, email: 'not-an-email' }, REPORT_MESSAGES.invalidEmail],
      [{ ...valid, analysisId: undefined }, REPORT_MESSAGES.noContent],
      [{ ...valid, analysisId: undefined, analysisText: '  \n ' }, 'The analysis text is empty.'],
      [{ ...valid, analysisId: 'not-a-uuid' }, 'The analysis id is not valid.'],
      [{ ...valid, firstName: 'A'.repeat(101) }, 'First name must be at most 100 characters'],
    ];
    for (const [body, message] of cases) {
      const res = await request(stack.http).post('/api/email-analysis').set('Cookie', owner.cookie).send(body).expect(400);
      expect(res.body).toEqual({ code: 'request.invalid', message, params: { reason: message } });
    }
    expect(await sideEffects(stack, events)).toEqual(before);
    await request(stack.http).post('/api/email-analysis').send(valid).expect(401);
  });

  it('an attachment missing from the store fails its message for good, without sending it', async () => {
    const messageId = randomUUID();
    await commands.enqueue('email.send', {
      messageId,
      to: `client+missing-${run}@example.com`,
      template: 'analysis-report',
      data: { firstName: 'Ada', lastName: 'Lovelace', report: { ...analysis, engine: 'offline' } },
      attachments: [{ key: `reports/${owner.userId}/${randomUUID()}.pdf`, filename: 'gone.pdf', contentType: 'application/pdf' }],
    });
    const until = Date.now() + 20_000;
    let row: { status: string; attempts: number; last_error: string | null } | undefined;
    while (Date.now() < until) {
      row = (await stack.db.query('SELECT status, attempts, last_error FROM email.messages WHERE id = $1', [messageId])).rows[0];
      if (row && row.status !== 'pending') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row?.last_error).toMatch(/^Attachment reports\/.+ is not in the object store$/);
    expect(existsSync(path.join(stack.outboxDir, `${messageId}.eml`))).toBe(false);
  });

  it('another user’s analysisId answers 404 and sends nothing', async () => {
    const before = await sideEffects(stack, events);
    const res = await request(stack.http)
      .post('/api/email-analysis')
      .set('Cookie', other.cookie)
      .send({ firstName: 'Mal', lastName: 'Lory', email: `client+theft-${run}@example.com`, analysisId: analysis.id })
      .expect(404);
    expect(res.body).toEqual({ code: 'report.analysis-not-found', message: REPORT_MESSAGES.analysisNotFound });
    const after = await sideEffects(stack, events);
    expect(after.emailJobs).toBe(before.emailJobs);
    expect(after.events).toBe(before.events);
    expect(after.reports).toBe(before.reports);
  });
});

describe('the e-mailed report through SendGrid (a loopback v3 mail/send server), and the per-user limit', () => {
  const API_KEY = `SG.reports-${run}`;
  let stack: Stack;
  let fake: FakeSendGrid;
  let user: SignedInUser;
  let analysis: AnalyzeResponse;
  let events: Queue;

  beforeAll(async () => {
    fake = await startFakeSendGrid({ apiKey: API_KEY, from: 'no-reply@archlens.local' });
    stack = await startStack({
      env: { SENDGRID_API_KEY: API_KEY, SENDGRID_BASE_URL: fake.baseUrl, RATE_LIMIT_EMAIL_ANALYSIS_PER_USER: '2' },
    });
    user = await signUpVerified(stack, 'Lin', fake);
    analysis = await analyseTwoPhotos(stack, user);
    events = new Queue(QUEUES.leadsEvents, { connection: redisConnection(process.env.REDIS_URL!) });
  });
  afterAll(async () => {
    await events?.close();
    await stack?.close();
    await fake?.close();
  });

  it('the PDF arrives base64 as an attachment with its file name and type; past 2 an hour the next answers 429', async () => {
    const to = `client+sendgrid-${run}@example.com`;
    for (let i = 0; i < 2; i++) {
      await request(stack.http)
        .post('/api/email-analysis')
        .set('Cookie', user.cookie)
        .send({ firstName: 'Ada', lastName: 'Lovelace', email: to, analysisId: analysis.id })
        .expect(200);
    }
    const until = Date.now() + 20_000;
    while (fake.requests.filter((r) => r.body.personalizations?.[0]?.to?.[0]?.email === to).length < 2 && Date.now() < until)
      await new Promise((r) => setTimeout(r, 100));
    const sent = fake.requests.filter((r) => r.body.personalizations?.[0]?.to?.[0]?.email === to);
    expect(sent).toHaveLength(2);
    expect(sent[0].refusal).toBeNull();
    expect(sent[0].body.subject).toBe('Your ArchLens design language analysis');
    const [attachment] = sent[0].body.attachments ?? [];
    expect(attachment).toMatchObject({ filename: reportFileName(analysis.createdAt), type: 'application/pdf', disposition: 'attachment' });
    const pdf = Buffer.from(attachment.content!, 'base64');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfText(pdf)).toContain(normaliseSpace(analysis.primaryDescription));

    const before = await sideEffects(stack, events);
    const refused = await request(stack.http)
      .post('/api/email-analysis')
      .set('Cookie', user.cookie)
      .send({ firstName: 'Ada', lastName: 'Lovelace', email: to, analysisId: analysis.id })
      .expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body.message).toMatch(/^You have reached the hourly limit of analysis e-mails\. Please try again in \d+ minutes?\.$/);
    expect(await sideEffects(stack, events)).toEqual(before);
  });
});
