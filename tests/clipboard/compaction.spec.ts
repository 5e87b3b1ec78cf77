import { readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  appendToClipboardText,
  BASE_PROMPT,
  compactPrompt,
  COMPACT_PROMPT_BUDGET,
  contentAfterBasePrompt,
  DEFAULT_CLIPBOARD_TEXT,
} from '@archlens/contracts/clipboard-text';
import { OfflineVisionEngine } from '@archlens/analysis-worker';
import { fixturePhoto, PHOTOS_DIR } from '../support/images.js';
const SENTENCE_ENDS = /[.!?]["'\u2019\u201d)\]]*(?=\s|$)/g;

/**
 * Make Compact on long real text, the expanded descriptions of the fixture photos (from
 * the offline engine) joined until over 10,000 characters, added to the clipboard in random slices
 * under random titles, compacted under random budgets up to the real one.
 */
describe('Make Compact on real analysis text (property tests, fast-check)', () => {
  let corpus = '';

  beforeAll(async () => {
    const engine = new OfflineVisionEngine();
    const names = readdirSync(PHOTOS_DIR).filter((name) => name.endsWith('.jpg') && !name.includes('7mb'));
    const expanded: string[] = [];
    for (const name of names) expanded.push((await engine.analyse([fixturePhoto(name)])).expandedDescription);
    while (corpus.length <= 10_000) corpus += `${expanded.join('\n\n')}\n\n`;
  }, 120_000);

  /** A clipboard: the default template plus 1 to 6 slices of the corpus, each under a separator. */
  const clipboards = () =>
    fc
      .array(
        fc.record({ start: fc.nat(), length: fc.integer({ min: 1, max: 12_000 }), title: fc.string({ minLength: 1, maxLength: 30 }) }),
        {
          minLength: 1,
          maxLength: 6,
        },
      )
      .map((entries) =>
        entries.reduce((text, { start, length, title }) => {
          const from = start % corpus.length;
          return appendToClipboardText(
            text,
            title.replace(/\s+/g, ' ').trim() || 'Entry',
            corpus.slice(from, from + length),
            new Date(2026, 10, 24),
          );
        }, DEFAULT_CLIPBOARD_TEXT),
      );
  const budgets = fc.integer({ min: BASE_PROMPT.length + 40, max: COMPACT_PROMPT_BUDGET });

  it('has a corpus of over 10,000 characters of real expanded descriptions', () => {
    expect(corpus.length).toBeGreaterThan(10_000);
    expect(corpus).toContain('## ');
  });

  it('is never longer than the budget and always starts with the base prompt and a newline (spec §9)', () => {
    fc.assert(
      fc.property(clipboards(), budgets, (text, budget) => {
        const result = compactPrompt(text, budget);
        // The only refusal possible here: every clipboard has the base prompt, so nothing after it.
        if (!result.ok) return result.reason === 'no-content' && contentAfterBasePrompt(text) === '';
        return result.prompt.length <= budget && result.prompt.startsWith(`${BASE_PROMPT}\n`);
      }),
      { numRuns: 1000 },
    );
  });

  it('never cuts inside a word: what it keeps is a prefix of the content that ends where a word ends', () => {
    fc.assert(
      fc.property(clipboards(), budgets, (text, budget) => {
        const result = compactPrompt(text, budget);
        if (!result.ok) return true;
        const content = contentAfterBasePrompt(text);
        const kept = result.prompt.slice(BASE_PROMPT.length + 1).replace(/…$/, '');
        const next = content.charAt(kept.length);
        return content.startsWith(kept) && (next === '' || /\s/.test(next));
      }),
      { numRuns: 1000 },
    );
  });

  it('ends at a sentence end whenever one fits, and with an ellipsis only when none does', () => {
    fc.assert(
      fc.property(clipboards(), budgets, (text, budget) => {
        const result = compactPrompt(text, budget);
        if (!result.ok) return true;
        const content = contentAfterBasePrompt(text);
        const room = budget - BASE_PROMPT.length - 1;
        if (content.length <= room) return result.prompt === `${BASE_PROMPT}\n${content}`;
        // A sentence end in the whole content (followed by a space or the end) that lies within the room.
        const sentenceFits = [...content.matchAll(SENTENCE_ENDS)].some((match) => match.index + match[0].length <= room);
        return sentenceFits ? /[.!?]["'\u2019\u201d)\]]*$/.test(result.prompt) : result.prompt.endsWith('…');
      }),
      { numRuns: 1000 },
    );
  });
});
