import { toBritishSpelling } from '../../british-spelling.js';
import { OFFLINE_TAG_VOCABULARY } from './analysis-tags.js';
import { COLOUR_FAMILY_NAMES } from './colour-naming.js';

/** The whole vocabulary, longest first, so that "strong vertical emphasis" is read before "vertical emphasis". */
const VOCABULARY: readonly string[] = [...OFFLINE_TAG_VOCABULARY, ...COLOUR_FAMILY_NAMES.map((family) => `${family} tones`)].sort(
  (a, b) => b.length - a.length,
);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The tags a style description names, read against the offline engine's tag vocabulary
 * (`OFFLINE_TAG_VOCABULARY` and "<colour family> tones"): each phrase found as whole words,
 * case-insensitively, in British spelling, with any run of spaces or hyphens between its words;
 * a longer phrase takes its words before a shorter one inside it can ("strong vertical emphasis",
 * not also "vertical emphasis").
 * @returns the tags in the order the description names them, each once (possibly none)
 */
export function styleTagsOf(styleDescription: string): string[] {
  let text = ` ${toBritishSpelling(styleDescription).toLowerCase().replace(/\s+/g, ' ')} `;
  const found: Array<{ tag: string; at: number }> = [];
  for (const tag of VOCABULARY) {
    const words = tag.split(/[\s-]+/).map(escapeRegExp);
    const pattern = new RegExp(`(?<![a-z])${words.join('[\\s-]+')}(?![a-z])`);
    const match = pattern.exec(text);
    if (!match) continue;
    found.push({ tag, at: match.index });
    // Blank the words out (same length), so a shorter phrase inside them is not read again.
    text = text.slice(0, match.index) + ' '.repeat(match[0].length) + text.slice(match.index + match[0].length);
  }
  return found.sort((a, b) => a.at - b.at).map((entry) => entry.tag);
}
