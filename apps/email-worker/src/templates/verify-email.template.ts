import { escapeHtml, renderEmailFrame, type RenderedEmail } from './rendered-email.js';

/** Subject of the e-mail verification message. */
export const VERIFY_EMAIL_SUBJECT = 'Confirm your e-mail address for ArchLens';

/** What the verification message says; `link` holds the opened token. */
export interface VerifyEmailContent {
  firstName: string;
  /** `<APP_URL>/verify-email?token=…` (`verificationLink` in `@archlens/contracts/email`). */
  link: string;
  /** How long the link is valid, in hours. */
  validHours: number;
}

/** "24 hours", "1 hour". */
function hours(n: number): string {
  return `${n} hour${n === 1 ? '' : 's'}`;
}

/**
 * The message that confirms an account's e-mail address: the link (a button in the HTML part, the
 * address on a line of its own in the plain text), how long it is valid, that it works once and
 * replaces an earlier link, and what to do when the reader did not make the account. British English.
 * @returns the subject, the plain-text part and the HTML part (the name and the link HTML-escaped)
 * @throws Error when the MJML is invalid (a programming error)
 */
export async function renderVerifyEmail(content: VerifyEmailContent): Promise<RenderedEmail> {
  const intro = 'Please confirm that this is your e-mail address, so that you can e-mail reports and subscribe to Pro:';
  const validity = `The link is valid for ${hours(content.validHours)} and can be used once. It replaces any link we sent you before.`;
  const ignore =
    'If you did not create an ArchLens account, please do not open the link: someone may have typed your address by mistake, and you can ignore this e-mail.';
  const text = [
    `Hello ${content.firstName},`,
    '',
    intro,
    '',
    `    ${content.link}`,
    '',
    validity,
    '',
    ignore,
    '',
    'The ArchLens team',
    '',
  ].join('\n');
  const html = await renderEmailFrame({
    subject: VERIFY_EMAIL_SUBJECT,
    preview: `Confirm your e-mail address within ${hours(content.validHours)}.`,
    body: `<mj-text>Hello ${escapeHtml(content.firstName)},</mj-text>
        <mj-text>${escapeHtml(intro)}</mj-text>
        <mj-button href="${escapeHtml(content.link)}" background-color="#0b6e4f" color="#ffffff" font-size="16px" padding="16px 24px">Confirm my e-mail address</mj-button>
        <mj-text color="#52606d" font-size="14px">Or open this link: ${escapeHtml(content.link)}</mj-text>
        <mj-text>${escapeHtml(validity)}</mj-text>
        <mj-text color="#52606d" font-size="14px">${escapeHtml(ignore)}</mj-text>`,
  });
  return { subject: VERIFY_EMAIL_SUBJECT, text, html };
}
