import { countCharacters, isBlankText } from '@archlens/contracts/plain-text';
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
