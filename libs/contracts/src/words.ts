/**
 * The word-count rule of the product (spec §9 "exactly 88-word primary descriptions"):
 * a word is a maximal run of non-whitespace characters. "mid-century" is one word, "2.1" is one
 * word, and an em dash standing between spaces is a word of its own.
 *
 * @param text any string; leading, trailing and repeated whitespace are ignored
 * @returns the number of words, 0 for an empty or blank string
 */
export function countWords(text: string): number {
  const matches = text.match(/\S+/g);
  return matches ? matches.length : 0;
}
