import { describe, expect, it } from '@jest/globals';
import { generateSealingKeyPair } from '@archlens/platform/sealing';
import { loadEmailConfig } from './config.js';

const sealing = { EMAIL_SEALING_PRIVATE_KEY: generateSealingKeyPair().privateKeyPem };
const load = (env: NodeJS.ProcessEnv) => () => loadEmailConfig({ ...sealing, ...env });

describe('the email-worker configuration: how mail leaves', () => {
  it('refuses to start in production without a SendGrid key, naming the setting and the way out', () => {
    expect(load({ NODE_ENV: 'production' })).toThrow(
      /SENDGRID_API_KEY: required with NODE_ENV=production: set SENDGRID_API_KEY to send e-mail, or EMAIL_TRANSPORT=file/,
    );
    expect(load({ NODE_ENV: 'production', SENDGRID_API_KEY: '  ' })).toThrow(/SENDGRID_API_KEY: required with NODE_ENV=production/);
  });

  it('starts in production with a SendGrid key, or with the file outbox chosen on purpose', () => {
    expect(load({ NODE_ENV: 'production', SENDGRID_API_KEY: 'SG.key' })()).toMatchObject({ SENDGRID_API_KEY: 'SG.key' });
    expect(load({ NODE_ENV: 'production', EMAIL_TRANSPORT: 'file' })()).toMatchObject({ EMAIL_TRANSPORT: 'file' });
  });

  it('keeps the outbox as the local stand-in outside production', () => {
    const local = load({})();
    expect([local.SENDGRID_API_KEY, local.EMAIL_TRANSPORT]).toEqual([undefined, undefined]);
    expect(load({ NODE_ENV: 'development', EMAIL_TRANSPORT: '' })().EMAIL_TRANSPORT).toBeUndefined();
  });

  it('refuses a transport that cannot work or contradicts the key', () => {
    expect(load({ EMAIL_TRANSPORT: 'sendgrid' })).toThrow(/SENDGRID_API_KEY: required with EMAIL_TRANSPORT=sendgrid/);
    expect(load({ EMAIL_TRANSPORT: 'file', SENDGRID_API_KEY: 'SG.key' })).toThrow(/SENDGRID_API_KEY: set while EMAIL_TRANSPORT=file/);
    expect(load({ EMAIL_TRANSPORT: 'smtp' })).toThrow(/EMAIL_TRANSPORT/);
  });
});
