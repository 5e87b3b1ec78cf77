import { describe, expect, it } from '@jest/globals';
import { temporaryPasswordSealContext } from '@archlens/contracts/email';
import { generateSealingKeyPair, SealedSecretError, sealSecret } from '@archlens/platform/sealing';
import { renderEmail } from './email-templates.js';
import { escapeHtml } from './rendered-email.js';
import { renderTemporaryPassword, TEMPORARY_PASSWORD_SUBJECT } from './temporary-password.template.js';

/** American spellings a British English message must not contain (and words that betray a US template). */
const AMERICAN = /\b(color|center|organization|organize|authorize|authorization|license|canceled|canceling|analyze|email address)\b/i;

describe('temporary-password template', () => {
  const content = { firstName: 'Ada', temporaryPassword: 'Tmp-7xQ2-Quartz', validMinutes: 60 };

  it('has the ArchLens subject and both parts, each with the password, the name and the validity', async () => {
    const email = await renderTemporaryPassword(content);
    expect(email.subject).toBe('Your ArchLens temporary password');
    expect(TEMPORARY_PASSWORD_SUBJECT).toBe(email.subject);
    for (const body of [email.text, email.html]) {
      expect(body).toContain('Tmp-7xQ2-Quartz');
      expect(body).toContain('Hello Ada,');
      expect(body).toContain('valid for 60 minutes');
      expect(body).toContain('ArchLens');
    }
    expect(email.html).toMatch(/^<!doctype html>/i);
    expect(email.html).toContain('lang="en-GB"');
    expect(email.text).not.toMatch(/<[a-z]/i);
  });

  it('says "1 minute" in the singular', async () => {
    const email = await renderTemporaryPassword({ ...content, validMinutes: 1 });
    expect(email.text).toContain('valid for 1 minute and');
  });

  it('is written in British English (e-mail, no American spellings)', async () => {
    const email = await renderTemporaryPassword(content);
    expect(email.text).toContain('e-mail');
    expect(email.text).not.toMatch(AMERICAN);
    expect(email.html.replace(/<[^>]*>/g, ' ')).not.toMatch(AMERICAN);
  });

  it('escapes the name and the password in the HTML part, and keeps them as written in the text part', async () => {
    const email = await renderTemporaryPassword({ firstName: '<b>Bobby</b> & "Co"', temporaryPassword: 'a<b>&c', validMinutes: 60 });
    expect(email.html).not.toContain('<b>Bobby</b>');
    expect(email.html).toContain('&lt;b&gt;Bobby&lt;/b&gt; &amp; &quot;Co&quot;');
    expect(email.html).toContain('a&lt;b&gt;&amp;c');
    expect(email.text).toContain('Hello <b>Bobby</b> & "Co",');
    expect(email.text).toContain('a<b>&c');
  });

  it('escapeHtml escapes the five HTML metacharacters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe('renderEmail', () => {
  const APP_URL = 'https://archlens.example';
  const keys = generateSealingKeyPair();
  const to = 'ada@example.com';
  const job = (sealed: string) => ({
    messageId: '00000000-0000-4000-8000-000000000001',
    to,
    template: 'temporary-password' as const,
    data: { firstName: 'Ada', sealedTemporaryPassword: sealed, validMinutes: 60 },
  });

  it('opens the sealed temporary password for its recipient and renders it', async () => {
    const email = await renderEmail(
      job(sealSecret('Opened-9', keys.publicKeyPem, temporaryPasswordSealContext(to))),
      keys.privateKeyPem,
      APP_URL,
    );
    expect(email.text).toContain('Opened-9');
  });

  it('refuses a password sealed for another recipient', async () => {
    const sealed = sealSecret('Opened-9', keys.publicKeyPem, temporaryPasswordSealContext('someone.else@example.com'));
    await expect(renderEmail(job(sealed), keys.privateKeyPem, APP_URL)).rejects.toThrow(SealedSecretError);
  });
});
