import { parse } from 'content-disposition';

/**
 * The file name a `Content-Disposition` header gives an attachment (a PDF report, a CSV export),
 * read by the `content-disposition` parser, which never throws: `filename*` (RFC 8187, UTF-8) over
 * `filename`, quoted or not, with escapes undone.
 * @returns the name, or null when there is no header or it names no file
 */
export function attachmentFileName(header: string | null): string | null {
  return header ? parse(header).parameters.filename || null : null;
}
