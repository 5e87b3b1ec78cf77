import { escapeHtml, renderEmailFrame, type RenderedEmail } from './rendered-email.js';

/** Subject of the temporary-password message. */
export const TEMPORARY_PASSWORD_SUBJECT = 'Your ArchLens temporary password';

/** What the temporary-password message says; `temporaryPassword` is the opened secret. */
export interface TemporaryPasswordContent {
  firstName: string;
  temporaryPassword: string;
  /** How long the password is valid, in minutes. */
  validMinutes: number;
}

/** "60 minutes", "1 minute". */
function minutes(n: number): string {
  return `${n} minute${n === 1 ? '' : 's'}`;
}

/**
 * The forgot-password message (spec §2, §8): the temporary password, how long it is valid, that it
 * works once, that the current password keeps working until it is used and ends when it is (a new
 * one is chosen then), and what to do when the reader did not ask for it. British English.
 * @returns the subject, the plain-text part and the HTML part (names and the password HTML-escaped)
 */
export async function renderTemporaryPassword(content: TemporaryPasswordContent): Promise<RenderedEmail> {
  const validity = `It is valid for ${minutes(content.validMinutes)} and can be used once. Until you use it, your current password keeps working. Signing in with it signs you out everywhere else, ends your old password and asks you to choose a new one.`;
  const ignore = 'If you did not ask for a new password, you can ignore this e-mail: nothing has been changed on your account.';
  const text = [
    `Hello ${content.firstName},`,
    '',
    'We received a request to reset the password of your ArchLens account. Sign in with this temporary password:',
    '',
    `    ${content.temporaryPassword}`,
    '',
    validity,
    '',
    ignore,
    '',
    'The ArchLens team',
    '',
  ].join('\n');
  const html = await renderEmailFrame({
    subject: TEMPORARY_PASSWORD_SUBJECT,
    preview: `Your temporary password is valid for ${minutes(content.validMinutes)}.`,
    body: `<mj-text>Hello ${escapeHtml(content.firstName)},</mj-text>
        <mj-text>We received a request to reset the password of your ArchLens account. Sign in with this temporary password:</mj-text>
        <mj-text align="center" font-family="Menlo, Consolas, monospace" font-size="22px" letter-spacing="1px" padding="16px 24px" container-background-color="#eef1f4">${escapeHtml(content.temporaryPassword)}</mj-text>
        <mj-text>${escapeHtml(validity)}</mj-text>
        <mj-text color="#52606d" font-size="14px">${escapeHtml(ignore)}</mj-text>`,
  });
  return { subject: TEMPORARY_PASSWORD_SUBJECT, text, html };
}
