import { countCharacters, isBlankText, normaliseLineBreaks } from '@archlens/contracts/plain-text';
import { isStyleDescriptionWithinLimit, MAX_STYLE_DESCRIPTION_CHARS } from '@archlens/contracts/style-profile';
import { countWords } from '@archlens/contracts/words';
import { ACCOUNT_TEXTS } from './texts';

/** A toast's title and text. */
export interface StyleDescriptionToast {
  title: string;
  description: string;
}

/**
 * Spec §5 style description editor: the counts shown under the text area, counted as the server
 * counts them (`countCharacters`: code points once trimmed, so an emoji is one character and a
 * description the server stored is never shown as over the limit).
 * @returns characters, words, and whether the characters are over the 500 limit
 */
export function styleDescriptionCounts(text: string): { characters: number; words: number; overLimit: boolean } {
  const characters = countCharacters(text);
  return { characters, words: countWords(text), overLimit: characters > MAX_STYLE_DESCRIPTION_CHARS };
}

/**
 * Spec §5: the check made before a style description is saved: empty (or only invisible
 * characters) gives 'Description Required' / 'Please enter a style description.', over 500
 * characters 'Description Too Long' / 'Please keep your description under 500 characters.', by
 * the same rules as the server's `saveStyleProfileRequestSchema`.
 * @returns the toast to show, or null when the description may be sent
 */
export function styleDescriptionRefusal(text: string): StyleDescriptionToast | null {
  if (isBlankText(text)) return { title: ACCOUNT_TEXTS.requiredTitle, description: ACCOUNT_TEXTS.required };
  if (!isStyleDescriptionWithinLimit(text)) return { title: ACCOUNT_TEXTS.tooLongTitle, description: ACCOUNT_TEXTS.tooLong };
  return null;
}

/**
 * Spec §5, §9: a style description text area takes no more than 500 characters, counted as the
 * server counts them (`countCharacters`). Applied to each edit, as a text area's `maxLength` would
 * be if browsers counted characters rather than UTF-16 units: an edit that keeps the text within
 * 500 is kept as typed; one that goes past (a key at the limit, a long paste) keeps the text around
 * the edit and as much of what was inserted as fits, so a paste is cut at 500 and a key pressed at
 * the limit does nothing.
 * @param previous the text before the edit (at most 500 characters, or anything when loaded so)
 * @param next the text the edit made
 * @returns the text to show: `next`, or `next` with its inserted part cut to fit
 */
export function limitStyleDescriptionEdit(previous: string, next: string): string {
  if (countCharacters(next) <= MAX_STYLE_DESCRIPTION_CHARS) return next;
  // The edit replaced previous[start, previous.length - end) with next[start, next.length - end).
  let start = 0;
  while (start < previous.length && start < next.length && previous[start] === next[start]) start++;
  let end = 0;
  while (end < previous.length - start && end < next.length - start && previous.at(-1 - end) === next.at(-1 - end)) end++;
  const before = next.slice(0, start);
  const after = next.slice(next.length - end);
  let inserted = [...normaliseLineBreaks(next.slice(start, next.length - end))];
  if (countCharacters(before + after) > MAX_STYLE_DESCRIPTION_CHARS) {
    // Already over without the insertion: the first 500 characters of the result.
    return firstCharacters(normaliseLineBreaks(next), MAX_STYLE_DESCRIPTION_CHARS);
  }
  inserted = inserted.slice(0, Math.max(0, MAX_STYLE_DESCRIPTION_CHARS - countCharacters(before + after)));
  // Whitespace at the edges that trimming no longer removes may count now: drop from the end until it fits.
  while (inserted.length > 0 && countCharacters(before + inserted.join('') + after) > MAX_STYLE_DESCRIPTION_CHARS) inserted.pop();
  return before + inserted.join('') + after;
}

/** `text` up to and including its `max`-th counted character (leading whitespace, which is not counted, kept). */
function firstCharacters(text: string, max: number): string {
  const lead = text.length - text.trimStart().length;
  return text.slice(0, lead) + [...text.slice(lead)].slice(0, max).join('');
}
