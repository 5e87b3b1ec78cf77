import { describe, expect, it } from '@jest/globals';
import { renderEmail } from './email-templates.js';
import { CLIPBOARD_SUBJECT, renderClipboard } from './clipboard.template.js';

/** American spellings a British English message must not contain (and words that betray a US template). */
const AMERICAN = /\b(color|center|analyze|visualization|customize|email address)\b/i;
const XSS = '<img src=x onerror=alert(1)>';

/** A clipboard as the dialog builds it: the default template's lines, a separator, blank lines, indents, a tab. */
const CLIPBOARD = [
  'Working Clipboard - AI Generation Prompt Builder',
  '',
  'Prompt you can use:',
  'Transform this architectural sketch. Create a hyper-photorealistic architectural visualisation in this design style:',
  '',
  '',
  '--- Design Language Analysis · 24/11/2026, 10:00:00 ---',
  '  A grey stone arcade & a "measured" rhythm of bays.',
  '\t- limestone',
  'last line with trailing spaces   ',
].join('\n');

/** The text a `<pre>` block shows: its content with the five entities `escapeHtml` writes decoded. */
function preText(html: string): string {
  const match = /<pre[^>]*>\n([\s\S]*?)<\/pre>/.exec(html);
  if (!match) throw new Error('no <pre> block in the HTML part');
  return match[1].replace(/&(lt|gt|quot|#39|amp);/g, (_, e: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' })[e] ?? '');
}

describe('clipboard template (spec §2 Email Your Clipboard)', () => {
  it('greets by first name and carries the clipboard text verbatim in the plain-text part', async () => {
    const email = await renderClipboard({ firstName: 'Ada', lastName: 'Lovelace', clipboardText: CLIPBOARD });
    expect(email.subject).toBe('Your ArchLens Working Clipboard');
    expect(CLIPBOARD_SUBJECT).toBe(email.subject);
    expect(email.text.startsWith('Hello Ada,\n')).toBe(true);
    expect(email.html).toContain('Hello Ada,');
    // Every line break, blank line, indent, tab and trailing space as typed, in one piece.
    expect(email.text).toContain(`\n${CLIPBOARD}\n`);
    expect(email.text).not.toContain('&amp;');
  });

  it('keeps the line breaks in the HTML part: the text sits in a monospace pre-wrap block, escaped, and reads back exactly', async () => {
    const email = await renderClipboard({ firstName: 'Ada', lastName: 'Lovelace', clipboardText: CLIPBOARD });
    expect(email.html).toMatch(/<pre style="[^"]*white-space:pre-wrap[^"]*monospace/);
    expect(preText(email.html)).toBe(CLIPBOARD);
    expect(email.html).toContain('A grey stone arcade &amp; a &quot;measured&quot; rhythm of bays.');
    expect(email.html).toContain('lang="en-GB"');
  });

  it('a text that starts with a blank line keeps it in the HTML part (the newline after <pre> is the one browsers drop)', async () => {
    const email = await renderClipboard({ firstName: 'Ada', lastName: 'Lovelace', clipboardText: '\nsecond line' });
    expect(email.html).toMatch(/<pre[^>]*>\n\nsecond line<\/pre>/);
    expect(email.text).toContain('-----\n\nsecond line\n-----');
  });

  it('shows names and clipboard text as text in the HTML part, never as markup; the plain part keeps them as written', async () => {
    const clipboardText = `${XSS}\n<script>alert(2)</script>\nthird line`;
    const email = await renderClipboard({ firstName: XSS, lastName: '"Bobby" & <b>Co</b>', clipboardText });
    expect(email.html).not.toContain('<img src=x');
    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain('<b>Co</b>');
    expect(email.html).toContain('Hello &lt;img src=x onerror=alert(1)&gt;,');
    expect(email.html).toContain('&quot;Bobby&quot; &amp; &lt;b&gt;Co&lt;/b&gt;');
    expect(email.html).toContain('&lt;img src=x onerror=alert(1)&gt;\n&lt;script&gt;alert(2)&lt;/script&gt;\nthird line');
    expect(preText(email.html)).toBe(clipboardText);
    expect(email.text).toContain(`Hello ${XSS},`);
    expect(email.text).toContain(`\n${clipboardText}\n`);
  });

  it('is written in British English', async () => {
    const email = await renderClipboard({ firstName: 'Ada', lastName: 'Lovelace', clipboardText: 'Notes.' });
    expect(email.text).not.toMatch(AMERICAN);
    expect(email.html.replace(/<[^>]*>/g, ' ')).not.toMatch(AMERICAN);
  });

  it('renderEmail routes a clipboard job to it', async () => {
    const email = await renderEmail(
      {
        messageId: '00000000-0000-4000-8000-000000000014',
        to: 'ada@example.com',
        template: 'clipboard',
        data: { firstName: 'Ada', lastName: 'Lovelace', clipboardText: CLIPBOARD },
      },
      'unused: nothing is sealed in a clipboard message',
      'https://archlens.example',
    );
    expect(email.subject).toBe(CLIPBOARD_SUBJECT);
    expect(email.text).toContain(CLIPBOARD);
  });
});
