import { describe, expect, it } from '@jest/globals';
import { verificationTokenSealContext } from '@archlens/contracts/email';
import { generateSealingKeyPair, SealedSecretError, sealSecret } from '@archlens/platform/sealing';
import { renderEmail } from './email-templates.js';
import { renderVerifyEmail, VERIFY_EMAIL_SUBJECT } from './verify-email.template.js';

/** American spellings a British English message must not contain (and words that betray a US template). */
const AMERICAN = /\b(color|center|organization|organize|authorize|authorization|license|canceled|canceling|analyze|email address)\b/i;

describe('verify-email template', () => {
  const content = { firstName: 'Ada', link: 'https://archlens.example/verify-email?token=abc_DEF-123', validHours: 24 };

  it('has the subject and both parts, each with the link, the name and the validity', async () => {
    const email = await renderVerifyEmail(content);
    expect(email.subject).toBe(VERIFY_EMAIL_SUBJECT);
    for (const body of [email.text, email.html]) {
      expect(body).toContain('https://archlens.example/verify-email?token=abc_DEF-123');
      expect(body).toContain('Hello Ada,');
      expect(body).toContain('valid for 24 hours');
    }
    // The HTML part's button opens the link.
    expect(email.html).toContain('href="https://archlens.example/verify-email?token=abc_DEF-123"');
    expect(email.text).not.toMatch(/<[a-z]/i);
  });

  it('is written in British English and says what to do about an account the reader did not make', async () => {
    const email = await renderVerifyEmail({ ...content, validHours: 1 });
    expect(email.text).toContain('valid for 1 hour and');
    expect(email.text).toContain('If you did not create an ArchLens account');
    expect(email.text).not.toMatch(AMERICAN);
    expect(email.html.replace(/<[^>]*>/g, ' ')).not.toMatch(AMERICAN);
  });

  it('escapes the name and the link in the HTML part', async () => {
    const email = await renderVerifyEmail({
      firstName: '<b>Bob</b>',
      link: 'https://a.example/verify-email?token=x"><script>',
      validHours: 24,
    });
    expect(email.html).not.toContain('<b>Bob</b>');
    expect(email.html).not.toContain('"><script>');
    expect(email.html).toContain('&lt;b&gt;Bob&lt;/b&gt;');
  });
});

describe('renderEmail: verify-email', () => {
  const keys = generateSealingKeyPair();
  const to = 'ada@example.com';
  const job = (sealed: string) => ({
    messageId: '00000000-0000-4000-8000-000000000002',
    to,
    template: 'verify-email' as const,
    data: { firstName: 'Ada', sealedToken: sealed, validHours: 24 },
  });

  it('opens the sealed token for its recipient and builds the link on APP_URL', async () => {
    const sealed = sealSecret('Tok_en-42', keys.publicKeyPem, verificationTokenSealContext(to));
    const email = await renderEmail(job(sealed), keys.privateKeyPem, 'https://archlens.example/');
    expect(email.text).toContain('    https://archlens.example/verify-email?token=Tok_en-42\n');
  });

  it('refuses a token sealed for another recipient', async () => {
    const sealed = sealSecret('Tok_en-42', keys.publicKeyPem, verificationTokenSealContext('mallory@example.com'));
    await expect(renderEmail(job(sealed), keys.privateKeyPem, 'https://archlens.example')).rejects.toThrow(SealedSecretError);
  });
});
