import PDFDocument from 'pdfkit';
import type { ReportContent } from '@archlens/contracts/reports';
import {
  describeReportEngine,
  formatReportDate,
  parseReportBlocks,
  REPORT_LABELS,
  type ReportBlock,
} from '@archlens/contracts/report-text';
import { toWinAnsi, wrapAtSpaces } from './pdf-text.js';
import type { ReportThumbnail } from './report-thumbnails.js';

/** A4 in points (1/72 inch): 210 × 297 mm. */
const A4 = { width: 595.28, height: 841.89 } as const;
/** Page margin in points (about 20 mm). */
const MARGIN = 56;
const CONTENT_WIDTH = A4.width - 2 * MARGIN;
/** Thumbnails per row of the grid, and the gap between them, in points. */
const THUMBNAILS_PER_ROW = 4;
const THUMBNAIL_GAP = 8;
const COLOURS = { text: '#1f2933', muted: '#52606d', accent: '#0b6e4f', rule: '#d9dee3' } as const;

/** A run of text in one style: font, size in points, colour, line height as a multiple of the size. */
interface TextStyle {
  font: 'Helvetica' | 'Helvetica-Bold' | 'Helvetica-Oblique';
  size: number;
  colour: string;
  leading: number;
}
const STYLES = {
  product: { font: 'Helvetica-Bold', size: 24, colour: COLOURS.accent, leading: 1.2 },
  title: { font: 'Helvetica', size: 15, colour: COLOURS.text, leading: 1.3 },
  meta: { font: 'Helvetica', size: 10, colour: COLOURS.muted, leading: 1.4 },
  section: { font: 'Helvetica-Bold', size: 15, colour: COLOURS.accent, leading: 1.3 },
  heading: { font: 'Helvetica-Bold', size: 12.5, colour: COLOURS.text, leading: 1.3 },
  body: { font: 'Helvetica', size: 10.5, colour: COLOURS.text, leading: 1.45 },
  footer: { font: 'Helvetica', size: 8.5, colour: COLOURS.muted, leading: 1.2 },
} as const satisfies Record<string, TextStyle>;

/**
 * Writes a report onto a pdfkit document top to bottom, keeping its own cursor and starting a new
 * page when the next piece would not fit. Lines are broken by `wrapAtSpaces` and each is written
 * with pdfkit's standard fonts, so every word is real, selectable text.
 */
class ReportWriter {
  private y = MARGIN;
  private readonly bottom = A4.height - MARGIN;

  constructor(private readonly doc: PDFKit.PDFDocument) {}

  /** Starts a new page when less than `height` points are left on this one. */
  ensureSpace(height: number): void {
    if (this.y + height <= this.bottom) return;
    this.doc.addPage();
    this.y = MARGIN;
  }

  /** Moves the cursor down by `points`. */
  space(points: number): void {
    this.y += points;
  }

  /** The height of `lines` lines in `style`, in points. */
  linesHeight(style: TextStyle, lines: number): number {
    return lines * style.size * style.leading;
  }

  /**
   * Writes a paragraph in `style`, broken into lines across the content width (or `width`), each
   * line on this page or the next.
   * @param indent points from the left margin
   */
  text(text: string, style: TextStyle, indent = 0): void {
    const doc = this.doc.font(style.font).fontSize(style.size).fillColor(style.colour);
    const lineHeight = style.size * style.leading;
    for (const line of wrapAtSpaces(toWinAnsi(text), CONTENT_WIDTH - indent, (s) => doc.widthOfString(s))) {
      this.ensureSpace(lineHeight);
      doc.text(line, MARGIN + indent, this.y, { lineBreak: false });
      this.y += lineHeight;
    }
  }

  /** A section title with a rule under it, kept on the page of the first lines that follow it. */
  section(title: string): void {
    this.ensureSpace(this.linesHeight(STYLES.section, 1) + 6 + this.linesHeight(STYLES.body, 3));
    this.text(title, STYLES.section);
    this.doc
      .moveTo(MARGIN, this.y + 1)
      .lineTo(MARGIN + CONTENT_WIDTH, this.y + 1)
      .lineWidth(0.75)
      .strokeColor(COLOURS.rule)
      .stroke();
    this.space(8);
  }

  /** The blocks of a description: headings bold and larger, paragraphs, bulleted lists. */
  blocks(blocks: ReportBlock[]): void {
    for (const block of blocks) {
      if (block.kind === 'heading') {
        this.space(4);
        this.ensureSpace(this.linesHeight(STYLES.heading, 1) + this.linesHeight(STYLES.body, 2));
        this.text(block.text, STYLES.heading);
        this.space(2);
      } else if (block.kind === 'paragraph') {
        this.text(block.text, STYLES.body);
        this.space(6);
      } else {
        for (const item of block.items) {
          this.ensureSpace(this.linesHeight(STYLES.body, 1));
          this.doc.font(STYLES.body.font).fontSize(STYLES.body.size).fillColor(STYLES.body.colour);
          this.doc.text('•', MARGIN + 4, this.y, { lineBreak: false });
          this.text(item, STYLES.body, 16);
        }
        this.space(6);
      }
    }
  }

  /** The thumbnails in a grid of `THUMBNAILS_PER_ROW`, each scaled into its cell, rows kept whole. */
  thumbnails(thumbnails: ReportThumbnail[]): void {
    const cellWidth = (CONTENT_WIDTH - (THUMBNAILS_PER_ROW - 1) * THUMBNAIL_GAP) / THUMBNAILS_PER_ROW;
    const cellHeight = cellWidth * 0.75;
    for (let row = 0; row * THUMBNAILS_PER_ROW < thumbnails.length; row++) {
      this.ensureSpace(cellHeight);
      thumbnails.slice(row * THUMBNAILS_PER_ROW, (row + 1) * THUMBNAILS_PER_ROW).forEach((thumbnail, column) => {
        const x = MARGIN + column * (cellWidth + THUMBNAIL_GAP);
        this.doc.image(thumbnail.jpeg, x, this.y, { fit: [cellWidth, cellHeight], align: 'center', valign: 'center' });
      });
      this.y += cellHeight + THUMBNAIL_GAP;
    }
  }
}

/**
 * Renders an analysis report as a PDF: A4; the product name and the analysis date; the
 * thumbnails of the analysed photos; the primary description; the expanded description with its
 * `## ` headings as headings (bold, larger) and its paragraphs; the tags; which engine and model
 * wrote it; a page footer. pdfkit's standard fonts write real text, so the report is selectable and
 * `pdftotext` reads it back. A free-analysis text that did not split into parts (no expanded
 * description, no tags) is shown whole under "Analysis".
 * @param content what the report shows (`reportContentSchema`)
 * @param thumbnails small JPEGs of the photos, in upload order ([] for a text report)
 * @returns the PDF's bytes (`%PDF-…`)
 * @throws Error from pdfkit when a thumbnail is not a JPEG it can embed (a programming error)
 */
export async function renderReportPdf(content: ReportContent, thumbnails: ReportThumbnail[]): Promise<Buffer> {
  const date = formatReportDate(content.createdAt);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    lang: 'en-GB',
    info: { Title: `ArchLens ${REPORT_LABELS.title.toLowerCase()}, ${date}`, Author: 'ArchLens', Creator: 'ArchLens' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const writer = new ReportWriter(doc);
  writer.text('ArchLens', STYLES.product);
  writer.text(REPORT_LABELS.title, STYLES.title);
  const images = content.imageCount === 1 ? '1 photo' : `${content.imageCount} photos`;
  writer.text(content.imageCount > 0 ? `Analysed on ${date} from ${images}` : `Analysed on ${date}`, STYLES.meta);
  writer.space(12);
  if (thumbnails.length > 0) {
    writer.thumbnails(thumbnails);
    writer.space(8);
  }

  const bodyOnly = content.expandedDescription.trim() === '' && content.tags.length === 0;
  if (content.primaryDescription.trim() !== '') {
    writer.section(bodyOnly ? REPORT_LABELS.body : REPORT_LABELS.primary);
    writer.blocks(parseReportBlocks(content.primaryDescription));
    writer.space(8);
  }
  if (content.expandedDescription.trim() !== '') {
    writer.section(REPORT_LABELS.expanded);
    writer.blocks(parseReportBlocks(content.expandedDescription));
    writer.space(8);
  }
  if (content.tags.length > 0) {
    writer.section(REPORT_LABELS.tags);
    writer.text(content.tags.join(', '), STYLES.body);
    writer.space(14);
  }
  writer.ensureSpace(writer.linesHeight(STYLES.meta, 2));
  writer.text(describeReportEngine(content.engine, content.model), STYLES.meta);

  // Footers last, once the page count is known; the bottom margin is lifted so pdfkit does not
  // start a page for text written inside it.
  const pages = doc.bufferedPageRange();
  for (let i = pages.start; i < pages.start + pages.count; i++) {
    doc.switchToPage(i);
    doc.page.margins.bottom = 0;
    doc.font(STYLES.footer.font).fontSize(STYLES.footer.size).fillColor(STYLES.footer.colour);
    doc.text(`ArchLens · ${date} · page ${i - pages.start + 1} of ${pages.count}`, MARGIN, A4.height - MARGIN / 2 - STYLES.footer.size, {
      lineBreak: false,
    });
  }
  doc.flushPages();
  doc.end();
  return finished;
}
