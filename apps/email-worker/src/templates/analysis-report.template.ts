import {
  describeReportEngine,
  formatReportDate,
  parseReportBlocks,
  REPORT_LABELS,
  type ReportBlock,
} from '@archlens/contracts/report-text';
import type { ReportContent } from '@archlens/contracts/reports';
import { escapeHtml, renderEmailFrame, type RenderedEmail } from './rendered-email.js';

/** Subject of the analysis-report message. */
export const ANALYSIS_REPORT_SUBJECT = 'Your ArchLens design language analysis';

/** What the analysis-report message says: who it is for and the report (`reportContentSchema`). */
export interface AnalysisReportContent {
  firstName: string;
  lastName: string;
  report: ReportContent;
}

/** "1 photo", "3 photos". */
function photos(n: number): string {
  return n === 1 ? '1 photo' : `${n} photos`;
}

/** The report's parts in order, each with its label and blocks; empty parts are left out (as in the PDF). */
function reportParts(report: ReportContent): Array<{ label: string; blocks: ReportBlock[] }> {
  const bodyOnly = report.expandedDescription.trim() === '' && report.tags.length === 0;
  const parts: Array<{ label: string; blocks: ReportBlock[] }> = [];
  if (report.primaryDescription.trim() !== '')
    parts.push({ label: bodyOnly ? REPORT_LABELS.body : REPORT_LABELS.primary, blocks: parseReportBlocks(report.primaryDescription) });
  if (report.expandedDescription.trim() !== '')
    parts.push({ label: REPORT_LABELS.expanded, blocks: parseReportBlocks(report.expandedDescription) });
  if (report.tags.length > 0) parts.push({ label: REPORT_LABELS.tags, blocks: [{ kind: 'paragraph', text: report.tags.join(', ') }] });
  return parts;
}

/** The plain-text form of blocks: headings on a line of their own, underlined; list items bulleted. */
function blocksAsText(blocks: ReportBlock[]): string[] {
  return blocks.flatMap((block) => {
    if (block.kind === 'heading') return [block.text, '-'.repeat(Math.min(block.text.length, 60)), ''];
    if (block.kind === 'paragraph') return [block.text, ''];
    return [...block.items.map((item) => `  • ${item}`), ''];
  });
}

/** The MJML form of blocks, every text `escapeHtml`-ed: headings bold and larger, paragraphs, lists. */
function blocksAsMjml(blocks: ReportBlock[]): string {
  return blocks
    .map((block) => {
      if (block.kind === 'heading')
        return `<mj-text font-size="18px" font-weight="bold" padding-top="16px">${escapeHtml(block.text)}</mj-text>`;
      if (block.kind === 'paragraph') return `<mj-text>${escapeHtml(block.text)}</mj-text>`;
      return `<mj-text><ul style="margin:0;padding-left:20px">${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul></mj-text>`;
    })
    .join('\n        ');
}

/**
 * The analysis-report message (spec §2 "Email Analysis Report"): a greeting by first name, the
 * same content as the attached PDF (the analysis date, the primary description, the expanded
 * description with its headings as headings, the tags, which engine and model wrote it) and a line
 * saying the PDF is attached. British English. Every piece of user text (names and the report) is
 * HTML-escaped where the HTML part places it, so a name such as `<img src=x onerror=alert(1)>`
 * reads as text; the plain-text part keeps it as written.
 * @returns the subject, the plain-text part and the HTML part
 * @throws Error when the MJML is invalid (a programming error)
 */
export async function renderAnalysisReport(content: AnalysisReportContent): Promise<RenderedEmail> {
  const { report } = content;
  const date = formatReportDate(report.createdAt);
  const about =
    report.imageCount > 0
      ? `Here is the ArchLens design language analysis of ${photos(report.imageCount)}, written on ${date}.`
      : `Here is the ArchLens design language analysis you sent on ${date}.`;
  const attached = 'The full report is attached as a PDF, ready to print or share.';
  const engine = describeReportEngine(report.engine, report.model);
  const parts = reportParts(report);

  const text = [
    `Hello ${content.firstName},`,
    '',
    about,
    attached,
    '',
    ...parts.flatMap((part) => [part.label.toUpperCase(), '', ...blocksAsText(part.blocks)]),
    engine,
    '',
    `Prepared for ${content.firstName} ${content.lastName}.`,
    'The ArchLens team',
    '',
  ].join('\n');

  const sections = parts
    .map(
      (part) => `<mj-text font-size="20px" font-weight="bold" color="#0b6e4f" padding-top="24px">${escapeHtml(part.label)}</mj-text>
        <mj-divider border-width="1px" border-color="#d9dee3" padding="4px 25px 8px" />
        ${blocksAsMjml(part.blocks)}`,
    )
    .join('\n        ');
  const html = await renderEmailFrame({
    subject: ANALYSIS_REPORT_SUBJECT,
    preview: about,
    body: `<mj-text color="#52606d" font-size="14px">${escapeHtml(REPORT_LABELS.title)} · ${escapeHtml(date)}</mj-text>
        <mj-text>Hello ${escapeHtml(content.firstName)},</mj-text>
        <mj-text>${escapeHtml(about)} ${escapeHtml(attached)}</mj-text>
        ${sections}
        <mj-text color="#52606d" font-size="14px" padding-top="24px">${escapeHtml(engine)}</mj-text>
        <mj-text color="#52606d" font-size="14px">Prepared for ${escapeHtml(content.firstName)} ${escapeHtml(content.lastName)}.</mj-text>`,
  });
  return { subject: ANALYSIS_REPORT_SUBJECT, text, html };
}
