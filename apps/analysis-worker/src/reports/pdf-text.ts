/**
 * Text as the PDF report can write it with pdfkit's standard fonts (Helvetica), which encode
 * WinAnsi (Windows-1252) only: anything outside it would come out as wrong glyphs, and wrong
 * text for `pdftotext` and for copy and paste (the report's text is selectable).
 */

/** The characters WinAnsi adds in 0x80–0x9F beyond Latin-1 (curly quotes, dashes, bullet, euro…). */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Common characters outside WinAnsi with a faithful WinAnsi spelling. */
const REPLACEMENTS: Record<string, string> = {
  '\u2010': '-', // hyphen
  '\u2011': '-', // non-breaking hyphen
  '\u2012': '–', // figure dash
  '\u2015': '—', // horizontal bar
  '\u2212': '-', // minus sign
  '\u2032': "'", // prime
  '\u2033': '"', // double prime
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2248': '~',
  '\u2192': '->',
  '\u2190': '<-',
  '\u00a0': ' ',
  '\u2009': ' ',
  '\u200a': ' ',
  '\u202f': ' ',
  '\u2002': ' ',
  '\u2003': ' ',
  '\u200b': '',
  '\ufeff': '',
};

/** True when the standard fonts can write `c` (printable ASCII, Latin-1 or WinAnsi's extras). */
function isWinAnsi(c: string): boolean {
  const code = c.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(c);
}

/**
 * `text` in characters the standard fonts can write: WinAnsi characters as they are (a no-break
 * space as a space), common others by their WinAnsi spelling (`≥` → `>=`), accented letters outside Latin-1 without their accent
 * (`ą` → `a`), control characters as a space, anything else as `?`.
 */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const c of text) {
    if (c in REPLACEMENTS) out += REPLACEMENTS[c];
    else if (isWinAnsi(c)) out += c;
    else if (/[\t\n\r\f\v]/.test(c)) out += ' ';
    else {
      const base = c.normalize('NFKD').replace(/\p{M}/gu, '');
      out += base !== '' && [...base].every(isWinAnsi) ? base : '?';
    }
  }
  return out;
}

/**
 * Greedy line breaking at spaces only. pdfkit's own wrapper also breaks after hyphens, which would
 * cut "mid-century" into "mid-" and "century" and change the words a reader copies or `pdftotext`
 * reads back (the 88 words must come back as written). A word wider than the line stands on a
 * line of its own.
 * @param text one paragraph; runs of whitespace count as one space
 * @param maxWidth the line's width, in the unit `widthOf` answers in (points)
 * @param widthOf the width of a string in the current font and size
 * @returns the lines, without leading or trailing spaces; [] for blank text
 */
export function wrapAtSpaces(text: string, maxWidth: number, widthOf: (s: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (line !== '' && widthOf(candidate) > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}
