/** One block of an expanded description (spec §3: `## ` headings and blank-line paragraphs). */
export type ExpandedBlock =
  { kind: 'heading'; level: 3 | 4; text: string } | { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

/**
 * Parses expanded-description text into blocks, to be rendered as React elements (never as
 * HTML). `#`/`##` lines become level-3 headings and deeper ones level 4; lines starting with
 * "- " or "* " become list items; other runs of lines separated by blank lines are paragraphs.
 */
export function parseExpandedDescription(text: string): ExpandedBlock[] {
  const blocks: ExpandedBlock[] = [];
  let paragraph: string[] = [];
  let list: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    if (list.length) blocks.push({ kind: 'list', items: list });
    paragraph = [];
    list = [];
  };

  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (!line) {
      flush();
      continue;
    }
    const heading = /^(#{1,6})\s+(.+)$/.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: heading[1].length <= 2 ? 3 : 4, text: heading[2].replace(/\s*#+$/, '') });
      continue;
    }
    const item = /^[-*•]\s+(.+)$/.exec(line);
    if (item) {
      if (paragraph.length) flush();
      list.push(item[1]);
      continue;
    }
    if (list.length) flush();
    paragraph.push(line);
  }
  flush();
  return blocks;
}

/** Splits `**bold**` runs out of a line of text: odd indexes are bold. */
export function splitBold(text: string): string[] {
  return text.split(/\*\*(.+?)\*\*/g);
}
