import mjml2html from 'mjml';

/** A message rendered from its template: the subject and both bodies. */
export interface RenderedEmail {
  subject: string;
  /** The plain-text part. */
  text: string;
  /** The HTML part (from MJML: table layout and inline styles that mail clients render). */
  html: string;
}

/** Escapes text for HTML element content and attribute values (`&`, `<`, `>`, `"`, `'`). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/**
 * Compiles an MJML document to HTML, strictly: a template with invalid MJML fails loudly instead
 * of sending a broken message. Every value put into `source` must already be `escapeHtml`-ed.
 * (mjml 4 answers at once, mjml 5 and the typings with a promise: awaited either way.)
 * @throws Error listing MJML's validation errors
 */
async function mjmlToHtml(source: string): Promise<string> {
  const { html, errors } = await mjml2html(source, { validationLevel: 'strict', keepComments: false });
  if (errors.length > 0) throw new Error(`MJML template is invalid: ${errors.map((e) => e.formattedMessage).join('; ')}`);
  return html;
}

/**
 * The one frame of every ArchLens e-mail: the subject as title, a preview line, the house fonts and
 * colours, a white card headed "ArchLens" and signed "The ArchLens team", compiled with
 * `mjmlToHtml`. `preview` is escaped here; `body` is MJML whose values the template has escaped.
 * @throws Error listing MJML's validation errors
 */
export function renderEmailFrame(frame: { subject: string; preview: string; body: string }): Promise<string> {
  return mjmlToHtml(`<mjml lang="en-GB">
  <mj-head>
    <mj-title>${escapeHtml(frame.subject)}</mj-title>
    <mj-preview>${escapeHtml(frame.preview)}</mj-preview>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-text font-size="16px" line-height="24px" color="#1f2933" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f4f5f7">
    <mj-section background-color="#ffffff" padding="32px 24px">
      <mj-column>
        <mj-text font-size="24px" font-weight="bold" color="#0b6e4f">ArchLens</mj-text>
        ${frame.body}
        <mj-text>The ArchLens team</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`);
}
