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
export async function mjmlToHtml(source: string): Promise<string> {
  const { html, errors } = await mjml2html(source, { validationLevel: 'strict', keepComments: false });
  if (errors.length > 0) throw new Error(`MJML template is invalid: ${errors.map((e) => e.formattedMessage).join('; ')}`);
  return html;
}
