import { escapeHtml, renderEmailFrame, type RenderedEmail } from './rendered-email.js';

/** Subject of the clipboard message. */
export const CLIPBOARD_SUBJECT = 'Your ArchLens Working Clipboard';

/** What the clipboard message says: who it is for and the clipboard text as the browser held it. */
export interface ClipboardContent {
  firstName: string;
  lastName: string;
  /** The Working Clipboard's text, exactly as typed: never trimmed, reflowed or reformatted. */
  clipboardText: string;
}

/** The lines that frame the text in the plain-text part, so the reader sees where it starts and ends. */
const TEXT_START = '----- Working Clipboard -----';
const TEXT_END = '----- End of Working Clipboard -----';

/**
 * The Working Clipboard e-mailed to its user (spec §2 "Email Your Clipboard", §8 'Email Sent'): a
 * greeting by first name, then the clipboard text exactly as it was, so it can be copied back as a
 * generation prompt. British English.
 *
 * - Plain-text part: the text verbatim between two marker lines (line breaks, blank lines, leading
 *   and trailing spaces kept; nothing escaped, since plain text is not markup).
 * - HTML part: the text `escapeHtml`-ed inside a `<pre>` block in a monospace face with
 *   `white-space: pre-wrap`, so line breaks and spacing survive and long lines wrap; a name or a
 *   text such as `<img src=x onerror=alert(1)>` reads as text, never as markup. The newline written
 *   right after `<pre>` is the one HTML parsers drop, so a text starting with a blank line keeps it.
 * @returns the subject, the plain-text part and the HTML part
 * @throws Error when the MJML is invalid (a programming error)
 */
export async function renderClipboard(content: ClipboardContent): Promise<RenderedEmail> {
  const intro = 'Here is your ArchLens Working Clipboard, exactly as it was when you sent it.';
  const reuse = 'Copy it back into the Working Clipboard, or paste it straight into an image generator as a prompt.';

  const text = [
    `Hello ${content.firstName},`,
    '',
    intro,
    reuse,
    '',
    TEXT_START,
    content.clipboardText,
    TEXT_END,
    '',
    `Sent at the request of ${content.firstName} ${content.lastName}.`,
    'The ArchLens team',
    '',
  ].join('\n');

  const pre =
    '<pre style="margin:0;white-space:pre-wrap;word-wrap:break-word;overflow-wrap:anywhere;' +
    "font-family:Menlo, Consolas, 'Courier New', monospace;font-size:14px;line-height:20px;color:#1f2933\">\n" +
    `${escapeHtml(content.clipboardText)}</pre>`;
  const html = await renderEmailFrame({
    subject: CLIPBOARD_SUBJECT,
    preview: intro,
    body: `<mj-text color="#52606d" font-size="14px">Working Clipboard</mj-text>
        <mj-text>Hello ${escapeHtml(content.firstName)},</mj-text>
        <mj-text>${escapeHtml(intro)} ${escapeHtml(reuse)}</mj-text>
        <mj-text padding="16px 25px" container-background-color="#eef1f4">${pre}</mj-text>
        <mj-text color="#52606d" font-size="14px" padding-top="24px">Sent at the request of ${escapeHtml(content.firstName)} ${escapeHtml(content.lastName)}.</mj-text>`,
  });
  return { subject: CLIPBOARD_SUBJECT, text, html };
}
