/**
 * The text of an analysis report, shared by the PDF (analysis-worker), the e-mail
 * (email-worker) and the free-analysis send (the SPA's `analysisText`): one way to write an
 * analysis as plain text and to read it back, and one way to cut an expanded description into
 * headings, paragraphs and list items. Framework-free: no Node, no DOM.
 */

/** One block of a report's body (spec §3: `## ` headings and blank-line paragraphs). */
export type ReportBlock = { kind: 'heading'; text: string } | { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

/** The three parts of an analysis as text (spec §3 analysis result). */
export interface AnalysisTextParts {
  primaryDescription: string;
  expandedDescription: string;
  tags: string[];
}

/** A heading line: one to six `#` then a space (`## Massing and Form`). */
const HEADING = /^#{1,6}\s+(.+?)\s*#*$/;
/** A list item line: `- `, `* ` or `• ` then the item. */
const LIST_ITEM = /^[-*•]\s+(.+)$/;
/** The tags line of `formatAnalysisText`: `Tags: a, b, c` (any case). */
const TAGS_LINE = /^tags\s*:\s*(.*)$/i;

/** Removes Markdown emphasis markers (`**bold**`, `__bold__`) a model may write; the words stay. */
function plain(text: string): string {
  return text.replace(/\*\*(.+?)\*\*/g, '$1').replace(/__(.+?)__/g, '$1');
}

/**
 * Cuts text into blocks: a `#`…`######` line is a heading, `- `/`* `/`• ` lines are list items, and
 * other lines run together into paragraphs, which blank lines end. Emphasis markers are dropped.
 * Whitespace inside a paragraph is normalised to single spaces.
 * @param text an expanded description (or any report text); CRLF or LF
 * @returns the blocks in order; [] for blank text
 */
export function parseReportBlocks(text: string): ReportBlock[] {
  const blocks: ReportBlock[] = [];
  let paragraph: string[] = [];
  let list: string[] = [];
  const flush = (): void => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: plain(paragraph.join(' ')) });
    if (list.length > 0) blocks.push({ kind: 'list', items: list });
    paragraph = [];
    list = [];
  };
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim().replace(/\s+/g, ' ');
    if (line === '') {
      flush();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: 'heading', text: plain(heading[1]) });
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      if (paragraph.length > 0) flush();
      list.push(plain(item[1]));
      continue;
    }
    if (list.length > 0) flush();
    paragraph.push(line);
  }
  flush();
  return blocks;
}

/**
 * An analysis as one plain text (the `analysisText` of `POST /api/email-analysis` and of
 * the `analysis.emailed` event, spec §3 "primary, expanded and tags"): the primary description, a
 * blank line, the expanded description with its `## ` headings, a blank line, `Tags: a, b, c`.
 * Empty parts are left out. `parseAnalysisText` reads it back.
 */
export function formatAnalysisText(parts: AnalysisTextParts): string {
  const tags = parts.tags.map((t) => t.trim()).filter((t) => t !== '');
  return [parts.primaryDescription.trim(), parts.expandedDescription.trim(), tags.length > 0 ? `Tags: ${tags.join(', ')}` : '']
    .filter((part) => part !== '')
    .join('\n\n');
}

/**
 * Reads an analysis text back into its parts (the free-analysis send names no stored
 * analysis, only its text). Text in `formatAnalysisText`'s shape splits exactly: everything before
 * the first heading line is the primary description, the rest the expanded description, and a last
 * `Tags:` line the comma-separated tags. Text in any other shape is kept whole as the primary
 * description (the report's body), with no expanded description and no tags.
 * @param text any text (already length-checked at the edge)
 */
export function parseAnalysisText(text: string): AnalysisTextParts {
  const lines = text.replace(/\r\n?/g, '\n').trim().split('\n');
  let tags: string[] = [];
  const last = lines.length > 0 ? TAGS_LINE.exec(lines[lines.length - 1].trim()) : null;
  if (last) {
    tags = last[1]
      .split(',')
      .map((t) => t.trim().replace(/^#/, '').trim())
      .filter((t) => t !== '');
    lines.pop();
  }
  const firstHeading = lines.findIndex((line) => HEADING.test(line.trim()));
  if (firstHeading < 0) return { primaryDescription: lines.join('\n').trim(), expandedDescription: '', tags };
  return {
    primaryDescription: lines.slice(0, firstHeading).join('\n').trim(),
    expandedDescription: lines.slice(firstHeading).join('\n').trim(),
    tags,
  };
}

/** The headings a report gives its parts, in the PDF and the e-mail alike (British English). */
export const REPORT_LABELS = {
  title: 'Design language analysis',
  primary: 'Primary description',
  expanded: 'Expanded description',
  tags: 'Tags',
  /** A free-analysis text that did not split into parts: its whole body. */
  body: 'Analysis',
} as const;

/**
 * Which engine wrote the analysis, as the report says it ("which engine wrote it": the offline
 * engine is labelled as such).
 * @param engine `openai`, `offline`, or null for a free-analysis text the user sent
 * @param model the engine's model, e.g. `gpt-4o` or `offline-measures-v1`
 */
export function describeReportEngine(engine: 'openai' | 'offline' | null, model: string | null): string {
  if (engine === 'openai') return `Written by an OpenAI vision model (engine: openai, model: ${model ?? 'unknown'}).`;
  if (engine === 'offline')
    return `Written by the ArchLens measuring engine, not an AI model, from the photographs' proportion, order, palette and light (engine: offline, model: ${model ?? 'unknown'}).`;
  return 'Written from the analysis text sent with this report.';
}

/**
 * The analysis date as a report shows it, in UTC like the report's file name (`reportFileName`):
 * `24 November 2026`.
 */
export function formatReportDate(createdAt: Date | string): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(createdAt));
}
