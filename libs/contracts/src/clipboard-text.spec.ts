import { describe, expect, it } from '@jest/globals';
import {
  addToClipboard,
  canCompact,
  compactPrompt,
  COMPACT_MESSAGES,
  COMPACT_PROMPT_BUDGET,
  appendToClipboardText,
  BASE_PROMPT,
  CLIPBOARD_STORAGE_KEY,
  DEFAULT_CLIPBOARD_TEXT,
  designLanguageOnly,
  readClipboardText,
  separatorLine,
  type ClipboardStorage,
} from './clipboard-text.js';

function memoryStorage(initial: Record<string, string> = {}): ClipboardStorage & { values: Map<string, string> } {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

const AT = new Date(2026, 10, 24, 9, 5);

describe('Working Clipboard text (spec §3, §4)', () => {
  it('stores under a key ending in clipboard_text, and starts from the spec template with its base prompt and placeholder', () => {
    expect(CLIPBOARD_STORAGE_KEY.endsWith('clipboard_text')).toBe(true);
    expect(DEFAULT_CLIPBOARD_TEXT.startsWith('Working Clipboard - AI Generation Prompt Builder\n')).toBe(true);
    expect(DEFAULT_CLIPBOARD_TEXT).toContain(`Prompt you can use:\n${BASE_PROMPT}\n\n[PASTE YOUR DESIGN LANGUAGE HERE]`);
    expect(readClipboardText(memoryStorage())).toBe(DEFAULT_CLIPBOARD_TEXT);
  });

  it('writes a separator line with the title and a British date and time', () => {
    expect(separatorLine(' Design Language Analysis ', AT)).toBe('——— Design Language Analysis · 24/11/2026, 09:05 ———');
  });

  it('adds to the default template when nothing is stored, after a blank line and the separator', () => {
    const storage = memoryStorage();
    const saved = addToClipboard(storage, 'Design Language Analysis', '  A calm brick elevation.  ', AT);
    expect(saved).toBe(
      `${DEFAULT_CLIPBOARD_TEXT.trimEnd()}\n\n——— Design Language Analysis · 24/11/2026, 09:05 ———\nA calm brick elevation.\n`,
    );
    expect(storage.values.get(CLIPBOARD_STORAGE_KEY)).toBe(saved);
  });

  it('appends to what is stored, keeping earlier additions in order', () => {
    const storage = memoryStorage({ [CLIPBOARD_STORAGE_KEY]: 'My own notes\n\n\n' });
    addToClipboard(storage, 'First', 'one', AT);
    const saved = addToClipboard(storage, 'Second', 'two', new Date(2026, 10, 24, 10, 0));
    expect(saved).toBe('My own notes\n\n——— First · 24/11/2026, 09:05 ———\none\n\n——— Second · 24/11/2026, 10:00 ———\ntwo\n');
    expect(appendToClipboardText(saved, 'Third', 'three', AT).split('———').length).toBe(7);
  });
});

describe('Make Compact (spec §2, §5, §8)', () => {
  const entry = (title: string, text: string) => appendToClipboardText(null, title, text, AT);

  it('is not possible without the start of the base prompt, nor with nothing after it', () => {
    expect(canCompact('My own notes only.')).toBe(false);
    expect(compactPrompt('My own notes only.')).toEqual({ ok: false, reason: 'no-base-prompt' });
    expect(canCompact(DEFAULT_CLIPBOARD_TEXT)).toBe(true);
    expect(compactPrompt(DEFAULT_CLIPBOARD_TEXT)).toEqual({ ok: false, reason: 'no-content' });
    expect(COMPACT_MESSAGES.noContent).toBe('Please add content after the base prompt first.');
  });

  it('is the base prompt, a newline, then what follows as one paragraph, without separators, placeholder or heading marks (spec §9)', () => {
    const text = entry('Design Language Analysis (Expanded)', '## Massing\nLong, low volumes.\n\n## Light\nEven and soft.');
    const result = compactPrompt(text);
    expect(result).toEqual({ ok: true, prompt: `${BASE_PROMPT}\nMassing: Long, low volumes. Light: Even and soft.` });
    expect(COMPACT_MESSAGES.created(result.ok ? result.prompt.length : 0)).toMatch(/^Generated \d+ character prompt$/);
  });

  it('trims at the last sentence end that fits the budget', () => {
    const text = entry('A', 'One two three. Four five six. Seven eight nine ten eleven.');
    const budget = BASE_PROMPT.length + 1 + 'One two three. Four five six. Seven'.length;
    expect(compactPrompt(text, budget)).toEqual({ ok: true, prompt: `${BASE_PROMPT}\nOne two three. Four five six.` });
  });

  it('with no sentence end in reach, trims at a word boundary and adds an ellipsis', () => {
    const text = entry('A', 'alpha beta gamma delta epsilon zeta');
    const budget = BASE_PROMPT.length + 1 + 'alpha beta gamm'.length;
    expect(compactPrompt(text, budget)).toEqual({ ok: true, prompt: `${BASE_PROMPT}\nalpha beta…` });
  });

  it('does not take a decimal point at the edge of the room for a sentence end', () => {
    const text = entry('A', 'Mean luminance is 0.4 overall here');
    const budget = BASE_PROMPT.length + 1 + 'Mean luminance is 0.'.length;
    expect(compactPrompt(text, budget)).toEqual({ ok: true, prompt: `${BASE_PROMPT}\nMean luminance is…` });
  });

  it('sets the budget at 4900 − 50 characters', () => {
    expect(COMPACT_PROMPT_BUDGET).toBe(4850);
  });

  it('keeps the whole prompt, the newline included, within 4850 characters', () => {
    const room = COMPACT_PROMPT_BUDGET - BASE_PROMPT.length - 1;
    // Short words, no sentence end, exactly `room` characters: they fit untouched; one word more does not.
    const fits = `${'abcde '.repeat(room).slice(0, room - 1)}z`;
    expect(fits).toHaveLength(room);
    const exact = compactPrompt(entry('A', fits));
    expect(exact).toEqual({ ok: true, prompt: `${BASE_PROMPT}\n${fits}` });
    expect(exact.ok && exact.prompt.length).toBe(COMPACT_PROMPT_BUDGET);
    const over = compactPrompt(entry('A', `${fits} more`));
    expect(over.ok && over.prompt.length).toBeLessThanOrEqual(COMPACT_PROMPT_BUDGET);
    expect(over.ok && over.prompt.startsWith(`${BASE_PROMPT}\n`)).toBe(true);
    expect(over.ok && over.prompt.endsWith('…')).toBe(true);
  });
});

describe('designLanguageOnly: what reaches an image model or a prompt box', () => {
  const expanded = [
    '## Massing and Form',
    '',
    'A tall, upright frontage.',
    '',
    '## Measurements',
    '',
    'Measured without an AI model.',
    '',
    '- Vertical to horizontal edge weight: 1.75 to 1.',
    '- Sky: 24% of the frame.',
  ].join('\n');

  it('drops the Measurements section of an expanded description and keeps the prose', () => {
    expect(designLanguageOnly(expanded)).toBe('## Massing and Form\n\nA tall, upright frontage.');
  });

  it('ends the Measurements section at the next heading or separator line', () => {
    const text = `${expanded}\n\n## Setting\n\nOpen sky frames the building.\n\n${expanded}\n\n${separatorLine('Sketch Reading', new Date(2026, 0, 2, 3, 4))}\nReads as a plan: a layout.`;
    const kept = designLanguageOnly(text);
    expect(kept).toContain('## Setting\n\nOpen sky frames the building.');
    expect(kept).toContain('Reads as a plan: a layout.');
    expect(kept).not.toMatch(/Measurements|\d+%|AI model|to 1/);
  });

  it("drops a sketch reading's Measurements points, one sketch or several", () => {
    const points = [
      'Order: horizontals lead, a layered order.',
      'Measurements: ink 13% of the sheet.',
      'Measurements, second sketch: ink 8% of the sheet.',
      '- Measurements: ink 9% of the sheet.',
    ].join('\n');
    expect(designLanguageOnly(points)).toBe('Order: horizontals lead, a layered order.');
  });

  it('leaves ordinary text alone, the word "measurements" in a sentence included', () => {
    const style = 'Warm brick and oak; measurements taken on site guide the proportions.\n\n## Materials\n\nBrick.';
    expect(designLanguageOnly(style)).toBe(style);
  });

  it('keeps the figures out of Make Compact', () => {
    const clipboard = appendToClipboardText(null, 'Design Language Analysis', expanded, new Date(2026, 0, 2, 3, 4));
    const result = compactPrompt(clipboard);
    expect(result).toEqual({ ok: true, prompt: `${BASE_PROMPT}\nMassing and Form: A tall, upright frontage.` });
  });
});
