/** Small wording helpers shared by the offline texts. */

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

/** 0..10 as a word ("four"); larger numbers as "many", so prose never carries a digit. */
export function numberWord(n: number): string {
  return NUMBER_WORDS[n] ?? 'many';
}

/** 1..10 as an ordinal word ("third"); larger as "next". */
export function ordinalWord(n: number): string {
  return ORDINALS[n - 1] ?? 'next';
}

/** "a", "a and b", "a, b and c". */
export function listPhrase(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The text with its first letter in upper case. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "a" or "an" before `word`, by its first letter (the offline texts use no words where sound and letter disagree). */
export function article(word: string): 'a' | 'an' {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}
