// Test-only: read back what a report became: a PDF's text (poppler's pdftotext), its images
// (pdfimages), and the parts of an .eml file (nested multipart, decoded).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Runs a poppler tool on `pdf` written to a temporary file; returns its standard output. */
function poppler(tool: 'pdftotext' | 'pdfimages', pdf: Buffer, args: string[]): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'archlens-report-'));
  try {
    const file = path.join(dir, 'report.pdf');
    writeFileSync(file, pdf);
    return execFileSync(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The PDF's text as `pdftotext` reads it (UTF-8), every run of whitespace as one space. */
export function pdfText(pdf: Buffer): string {
  return normaliseSpace(poppler('pdftotext', pdf, ['-enc', 'UTF-8']));
}

/** How many images the PDF draws (`pdfimages -list`, one row per image after two header lines). */
export function pdfImageCount(pdf: Buffer): number {
  return poppler('pdfimages', pdf, ['-list']).trim().split('\n').slice(2).length;
}

/** Text with every run of whitespace as one space, trimmed. */
export function normaliseSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** One part of a MIME message: its headers (lower-cased names), type, file name, decoded body, sub-parts. */
export interface MimePart {
  headers: Record<string, string>;
  /** `type/subtype`, lower-cased. */
  type: string;
  filename: string | undefined;
  /** The body, transfer-decoded (base64, quoted-printable); empty for a multipart. */
  body: Buffer;
  parts: MimePart[];
}

/** Parses an RFC 5322 message with nested multiparts (what nodemailer's MailComposer writes). */
export function parseMime(raw: string): MimePart {
  const split = /\r?\n\r?\n/.exec(raw);
  const head = split ? raw.slice(0, split.index) : raw;
  const body = split ? raw.slice(split.index + split[0].length) : '';
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const contentType = headers['content-type'] ?? 'text/plain';
  const type = contentType.split(';')[0].trim().toLowerCase();
  const filename =
    /filename\*?="?([^";]+)"?/i.exec(headers['content-disposition'] ?? '')?.[1] ?? /\bname="?([^";]+)"?/i.exec(contentType)?.[1];
  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1] ?? '';
    const sections = body.split(new RegExp(`\\r?\\n?--${boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)).slice(1);
    const parts = sections.filter((s) => !s.startsWith('--')).map((s) => parseMime(s.replace(/^\r?\n/, '')));
    return { headers, type, filename, body: Buffer.alloc(0), parts };
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const decoded =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? Buffer.from(
            body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          )
        : Buffer.from(body, 'utf8');
  return { headers, type, filename, body: decoded, parts: [] };
}

/** Every leaf part of a message, depth first. */
export function leafParts(part: MimePart): MimePart[] {
  return part.parts.length === 0 ? [part] : part.parts.flatMap(leafParts);
}

/** Decodes the five entities `escapeHtml` writes, to compare HTML text with the text it shows. */
export function decodeEntities(html: string): string {
  return html.replace(/&(lt|gt|quot|#39|amp);/g, (_, e: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' })[e] ?? '');
}
