/**
 * The Working Clipboard's stored text (spec §3 clipboard text, §4 clipboard): one string in the
 * browser's local storage under `CLIPBOARD_STORAGE_KEY`, starting from the default template; text
 * added from an analysis tool goes after a separator line holding a title and a timestamp; Make
 * Compact turns it into one generation prompt within a budget. Shared by the analysis tools' 'Add
 * to Clipboard' and the Working Clipboard dialog. No zod: the SPA loads it.
 */

/** Spec §3: one fixed local-storage key that ends in `clipboard_text`. */
export const CLIPBOARD_STORAGE_KEY = 'archlens_clipboard_text';

/** Spec §3: the base prompt of the default template, word for word. */
export const BASE_PROMPT =
  'Transform this architectural sketch. The sketch depicts a conceptual architectural design idea and intent. Create a hyper-photorealistic architectural visualisation in this design style:';

/** Spec §3: the placeholder line under the base prompt. */
export const DESIGN_LANGUAGE_PLACEHOLDER = '[PASTE YOUR DESIGN LANGUAGE HERE]';

/** Spec §3: the template's title. */
export const CLIPBOARD_TITLE = 'Working Clipboard - AI Generation Prompt Builder';

/** Spec §3: the default clipboard text, used when nothing is stored (and after Clear, spec §4). */
export const DEFAULT_CLIPBOARD_TEXT = `${CLIPBOARD_TITLE}\n\nPrompt you can use:\n${BASE_PROMPT}\n\n${DESIGN_LANGUAGE_PLACEHOLDER}\n`;

/** The part of a separator line before and after its title and timestamp. */
const SEPARATOR_RULE = '———';

/**
 * The heading of the last section of an analysis's expanded description, which lists the measured
 * figures behind the prose. A prompt leaves it out: an image model needs the design language,
 * not the measurements.
 */
export const MEASUREMENTS_HEADING = '## Measurements';

/** A sketch reading's point of figures: "Measurements: …" or "Measurements, second sketch: …", as a line or a list item. */
const MEASUREMENTS_POINT = /^(?:[-*•]\s+)?Measurements(?:, [^:]*)?:\s/i;

/**
 * `text` with what is not design language taken out, for whatever reaches an image model or a
 * prompt box: every `## Measurements` section (up to the next `## ` heading or separator line) and
 * every sketch-reading point headed "Measurements". Other lines are kept as they are; runs of
 * blank lines left behind become one.
 * @param text an analysis, a sketch reading, a style description or Working Clipboard text
 */
export function designLanguageOnly(text: string): string {
  const kept: string[] = [];
  let inMeasurements = false;
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const trimmed = line.trim();
    if (trimmed.toLowerCase() === MEASUREMENTS_HEADING.toLowerCase()) {
      inMeasurements = true;
      continue;
    }
    if (inMeasurements && (trimmed.startsWith('## ') || trimmed.startsWith(SEPARATOR_RULE))) inMeasurements = false;
    if (inMeasurements || MEASUREMENTS_POINT.test(trimmed)) continue;
    kept.push(line);
  }
  return kept
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * A separator line (spec §3): `——— {title} · {DD/MM/YYYY, HH:MM} ———`, in the browser's time zone
 * with British date order.
 * @param title what follows, e.g. 'Design Language Analysis'
 * @param at when it was added
 */
export function separatorLine(title: string, at: Date): string {
  const stamp = at.toLocaleString('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
  return `${SEPARATOR_RULE} ${title.trim()} · ${stamp} ${SEPARATOR_RULE}`;
}

/**
 * `current` (or the default template when nothing is stored) with `text` appended after a blank
 * line and a separator line.
 * @returns the new clipboard text, ending with one newline
 */
export function appendToClipboardText(current: string | null, title: string, text: string, at: Date): string {
  const base = (current ?? DEFAULT_CLIPBOARD_TEXT).trimEnd();
  return `${base}\n\n${separatorLine(title, at)}\n${text.trim()}\n`;
}

/** The part of the Web Storage API the clipboard uses (`window.localStorage` in the browser, a map in tests). */
export interface ClipboardStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The stored clipboard text, or the default template when nothing is stored (spec §4). */
export function readClipboardText(storage: ClipboardStorage): string {
  return storage.getItem(CLIPBOARD_STORAGE_KEY) ?? DEFAULT_CLIPBOARD_TEXT;
}

/**
 * Appends `text` under a separator to the stored clipboard text and saves it at once (spec §4:
 * every edit is saved).
 * @returns the saved text
 * @throws DOMException when the browser refuses to store it (quota or privacy settings)
 */
export function addToClipboard(storage: ClipboardStorage, title: string, text: string, at: Date = new Date()): string {
  const next = appendToClipboardText(storage.getItem(CLIPBOARD_STORAGE_KEY), title, text, at);
  storage.setItem(CLIPBOARD_STORAGE_KEY, next);
  return next;
}

/** Spec §5: Make Compact is enabled when the text contains the start of the base prompt (its first sentence). */
export const BASE_PROMPT_START = 'Transform this architectural sketch.';

/** A compact prompt is at most 4900 − 50 characters (a generator's 4900 limit, 50 kept in hand). */
export const COMPACT_PROMPT_BUDGET = 4900 - 50;

/** Spec §8 texts of Make Compact. */
export const COMPACT_MESSAGES = {
  noContentTitle: 'No Content Found',
  noContent: 'Please add content after the base prompt first.',
  createdTitle: 'Compact Prompt Created',
  created: (length: number) => `Generated ${length} character prompt`,
} as const;

/** True when Make Compact applies to `text` (spec §5: the start of the base prompt is present). */
export function canCompact(text: string): boolean {
  return text.includes(BASE_PROMPT_START);
}

export type CompactResult = { ok: true; prompt: string } | { ok: false; reason: 'no-base-prompt' | 'no-content' };

const SEPARATOR_PATTERN = new RegExp(`^${SEPARATOR_RULE} .* ${SEPARATOR_RULE}$`);
/** A sentence ends at `.`, `!` or `?` (closing quotes or brackets may follow) before a space or the end. */
const SENTENCE_END = /[.!?]["'\u2019\u201d)\]]*(?=\s|$)/g;

/**
 * What Make Compact keeps after the base prompt's line, before trimming: design language only
 * (`designLanguageOnly`), separator lines, the placeholder and blank lines dropped, `## ` headings turned into `Heading:` lead-ins, every run of
 * whitespace one space. Empty when `text` has no base prompt or nothing after it.
 */
export function contentAfterBasePrompt(text: string): string {
  if (!canCompact(text)) return '';
  const lines = designLanguageOnly(text.slice(text.indexOf(BASE_PROMPT_START)).split('\n').slice(1).join('\n')).split('\n');
  return lines
    .map((line) => line.trim())
    .filter((line) => line !== '' && line !== DESIGN_LANGUAGE_PLACEHOLDER && !SEPARATOR_PATTERN.test(line))
    .map((line) => (line.startsWith('## ') ? `${line.slice(3).trim()}:` : line))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * `content` cut to at most `room` characters: at the last sentence end that fits, else at the last
 * word boundary that fits with an ellipsis (`…`); never inside a word.
 */
function trimToRoom(content: string, room: number): string {
  if (content.length <= room) return content;
  // Sentence ends are found in the whole content, so "0.4" cut to "0." never passes for one.
  let sentenceEnd = 0;
  for (const match of content.matchAll(SENTENCE_END)) {
    const end = match.index + match[0].length;
    if (end > room) break;
    sentenceEnd = end;
  }
  if (sentenceEnd > 0) return content.slice(0, sentenceEnd);
  // Room for the ellipsis; cut at the last space, so the kept text ends with a whole word.
  const lastSpace = content.lastIndexOf(' ', room - 1);
  return lastSpace > 0 ? `${content.slice(0, lastSpace).trimEnd()}…` : '';
}

/** Spec §9: what joins the base prompt and the trimmed content of a compact prompt. */
export const COMPACT_PROMPT_JOINER = '\n';

/**
 * Make Compact (spec §2, §5, §8, §9): the base prompt's line, a newline, then everything
 * after it as one paragraph (`contentAfterBasePrompt`), within `COMPACT_PROMPT_BUDGET` characters in
 * all (the newline counts), trimmed at a sentence end where one fits, else at a word boundary with
 * an ellipsis. Spec §9: "The compact prompt is the base prompt, a newline, then the trimmed content."
 * @returns the prompt, or why there is none: no base prompt (`canCompact` is false) or nothing after it
 */
export function compactPrompt(text: string, budget: number = COMPACT_PROMPT_BUDGET): CompactResult {
  if (!canCompact(text)) return { ok: false, reason: 'no-base-prompt' };
  const content = contentAfterBasePrompt(text);
  if (content === '') return { ok: false, reason: 'no-content' };
  const lineStart = text.lastIndexOf('\n', text.indexOf(BASE_PROMPT_START)) + 1;
  const lineEnd = text.indexOf('\n', lineStart);
  const joiner = COMPACT_PROMPT_JOINER.length;
  let head = text.slice(lineStart, lineEnd === -1 ? undefined : lineEnd).trim();
  // A base-prompt line edited until nothing else fits falls back to the base prompt itself.
  if (head.length >= budget - joiner) head = BASE_PROMPT.length < budget - joiner ? BASE_PROMPT : BASE_PROMPT_START;
  const kept = trimToRoom(content, budget - head.length - joiner);
  if (kept === '') return { ok: false, reason: 'no-content' };
  return { ok: true, prompt: `${head}${COMPACT_PROMPT_JOINER}${kept}` };
}
