import { countWords } from '@archlens/contracts/words';

/**
 * Exact word budgets for generated text (spec §9: the primary description has exactly 88 words,
 * counted by `countWords`).
 *
 * Text is written as sentence templates whose optional chunks are in square brackets. Every
 * subset of a template's chunks is a candidate rendering of that sentence; a dynamic programme then
 * picks one candidate per sentence so that the total is exactly the target, preferring the
 * renderings that keep the most valuable chunks.
 */

/** One rendering of a sentence. */
export interface Candidate {
  text: string;
  /** `countWords(text)`. */
  words: number;
  /** Value of the optional chunks kept: per word, 1 for `[…]`, 3 for `[!…]`, 5 for `[!!…]`. */
  score: number;
}

/** Weight per word of a chunk, by its marker: `[…]` 1, `[!…]` 3 (important), `[!!…]` 5 (essential detail). */
const CHUNK_WEIGHTS = [1, 3, 5] as const;
/** Most optional chunks one template may have (candidates grow as 2^n). */
const MAX_CHUNKS = 10;

interface Part {
  text: string;
  optional: boolean;
  weight: number;
}

function parseTemplate(template: string): Part[] {
  const parts: Part[] = [];
  const pattern = /\[(!{0,2})([^[\]]*)\]/g;
  let last = 0;
  for (let m = pattern.exec(template); m !== null; m = pattern.exec(template)) {
    if (m.index > last) parts.push({ text: template.slice(last, m.index), optional: false, weight: 0 });
    const text = m[2] ?? '';
    parts.push({ text, optional: true, weight: countWords(text) * CHUNK_WEIGHTS[(m[1] ?? '').length as 0 | 1 | 2] });
    last = m.index + m[0].length;
  }
  if (last < template.length) parts.push({ text: template.slice(last), optional: false, weight: 0 });
  if (
    /[[\]]/.test(
      parts
        .filter((p) => !p.optional)
        .map((p) => p.text)
        .join(''),
    )
  ) {
    throw new Error(`Unbalanced brackets in template: ${template}`);
  }
  return parts;
}

/** Tidies the spacing left by dropped chunks and capitalises the first letter. */
function tidy(text: string): string {
  const t = text
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.;:)])/g, '$1')
    .replace(/\(\s+/g, '(')
    .replace(/,{2,}/g, ',')
    .replace(/,\./g, '.')
    .trim();
  return t.charAt(0).toUpperCase() + t.slice(1);
}

/**
 * Expands a template into its candidates, one per word count (the best-scoring one), longest first.
 * `[chunk]` is optional, `[!chunk]` optional and valuable, `[!!chunk]` optional and most valuable;
 * text outside brackets is always kept.
 * @throws Error for unbalanced brackets or more than 10 optional chunks
 */
export function expandTemplate(template: string): Candidate[] {
  const parts = parseTemplate(template);
  const optional = parts.filter((p) => p.optional);
  if (optional.length > MAX_CHUNKS) throw new Error(`Too many optional chunks (${optional.length}) in: ${template}`);
  const byWords = new Map<number, Candidate>();
  for (let mask = (1 << optional.length) - 1; mask >= 0; mask--) {
    let o = 0;
    let score = 0;
    let text = '';
    for (const p of parts) {
      if (!p.optional) {
        text += p.text;
        continue;
      }
      if (mask & (1 << o)) {
        text += p.text;
        score += p.weight;
      }
      o++;
    }
    const tidied = tidy(text);
    const words = countWords(tidied);
    const best = byWords.get(words);
    if (!best || score > best.score) byWords.set(words, { text: tidied, words, score });
  }
  return [...byWords.values()].sort((a, b) => b.words - a.words);
}

/**
 * Chooses one candidate per slot so that the word counts add up to exactly `target`, maximising
 * the total score (ties go to the earlier slot's longer candidate).
 * @param slots for each sentence, its candidates (an optional sentence includes an empty candidate)
 * @returns the chosen texts in slot order, or null when no combination reaches the target
 */
export function fitExactly(slots: readonly Candidate[][], target: number): string[] | null {
  const NONE = -Infinity;
  // best[i][w]: best score of slots i.. with exactly w words; choice[i][w]: candidate index.
  const best: number[][] = Array.from({ length: slots.length + 1 }, () => new Array<number>(target + 1).fill(NONE));
  const choice: number[][] = Array.from({ length: slots.length }, () => new Array<number>(target + 1).fill(-1));
  best[slots.length][0] = 0;
  for (let i = slots.length - 1; i >= 0; i--) {
    const candidates = slots[i];
    for (let w = 0; w <= target; w++) {
      candidates.forEach((c, k) => {
        if (c.words > w) return;
        const rest = best[i + 1][w - c.words];
        if (rest === NONE) return;
        if (rest + c.score > best[i][w]) {
          best[i][w] = rest + c.score;
          choice[i][w] = k;
        }
      });
    }
  }
  if (best[0][target] === NONE) return null;
  const texts: string[] = [];
  let w = target;
  for (let i = 0; i < slots.length; i++) {
    const c = slots[i][choice[i][w]];
    texts.push(c.text);
    w -= c.words;
  }
  return texts;
}

/** The empty rendering of an optional sentence. */
export const OMITTED: Candidate = { text: '', words: 0, score: 0 };

/**
 * Candidates of a sentence that may be left out altogether: those of `expandTemplate`, each worth
 * `coreWeight` more per word of its fixed text (by default more than a `[!…]` chunk, so a whole
 * sentence is kept in preference to the lesser clauses of another), plus the empty rendering.
 */
export function optionalSentence(template: string, coreWeight = 4): Candidate[] {
  const candidates = expandTemplate(template);
  const coreWords = Math.min(...candidates.map((c) => c.words));
  return [...candidates.map((c) => ({ ...c, score: c.score + coreWords * coreWeight })), OMITTED];
}
