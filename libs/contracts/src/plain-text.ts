import type { z } from 'zod';

/**
 * Free text typed by people (names, usernames, passwords, the admin search, the clipboard, style
 * and analysis texts): which characters a field takes, when a value counts as blank, and how its
 * characters are counted, shared by every schema that takes such text and by the SPA.
 *
 * Why (not in the spec; found by probing a running instance): PostgreSQL refuses U+0000 in text,
 * so a NUL that passed validation failed later in a database write, after an e-mail had gone out;
 * control characters, lone UTF-16 surrogates (which no UTF-8 text can hold) and text made only of
 * invisible format characters (a zero-width space) are never what a person meant to type.
 *
 * No zod at run time (a type-only import): the SPA's counters and the constants-only modules
 * (`./generation-options`) load this without any schema.
 */

/**
 * How a field is written:
 * - `line`: one line (a name, a username, a search). Refuses every C0 control character (U+0000 to
 *   U+001F, tab, LF and CR included), DEL (U+007F), lone surrogates, the other line breaks (U+0085,
 *   U+2028, U+2029), and the bidirectional embedding, override and isolate controls (U+202A to
 *   U+202E, U+2066 to U+2069), which make a name read differently from what it holds ("\u202Eevil").
 * - `lines`: several lines (a description, a clipboard, an analysis). As `line`, but tab, LF and CR
 *   are allowed, and so are the bidirectional controls (right-to-left writing uses them).
 * - `secret`: a password. Refuses NUL only; every other character is the user's to choose.
 */
export type TextShape = 'line' | 'lines' | 'secret';

const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const DEL = 0x7f;

/**
 * True for what a one-line field refuses beyond control characters: the line breaks NEL, LS and PS,
 * and the bidirectional embedding, override and isolate controls (LRE, RLE, PDF, LRO, RLO, LRI,
 * RLI, FSI, PDI).
 */
function isRefusedInLine(code: number): boolean {
  return code === 0x85 || code === 0x2028 || code === 0x2029 || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);
}

/**
 * True when `text` holds a character its field refuses (see `TextShape`).
 * @param text the value as received (before or after trimming: the refused characters are not whitespace)
 * @param shape how the field is written
 */
export function hasUnusableCharacters(text: string, shape: TextShape): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0) return true;
    if (shape === 'secret') continue;
    if (code < 0x20 || code === DEL) {
      if (shape === 'line' || !(code === TAB || code === LF || code === CR)) return true;
      continue;
    }
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1); // NaN past the end
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      i++;
      continue;
    }
    if (code >= 0xdc00 && code <= 0xdfff) return true;
    if (shape === 'line' && isRefusedInLine(code)) return true;
  }
  return false;
}

/** Whitespace and format characters (Unicode category Cf: zero-width space, joiners, bidi controls, BOM…). */
const BLANK = /^[\s\p{Cf}]*$/u;

/**
 * True when `text` shows nothing: empty, or only whitespace and invisible format characters
 * (category Cf, e.g. U+200B zero-width space, U+202E right-to-left override). A required field
 * answers such a value with its spec §5 "required" text, as it does an empty one.
 */
export function isBlankText(text: string): boolean {
  return BLANK.test(text);
}

/** `text` with every CRLF or lone CR as LF (a multipart form sends a text area's line breaks as CRLF). */
export function normaliseLineBreaks(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/**
 * The number of characters of a text as the product counts them (spec §5, §9 "500 characters"):
 * Unicode code points of the text with line breaks normalised (`normaliseLineBreaks`) and leading
 * and trailing whitespace trimmed. An emoji (🏛, two UTF-16 units) is one character, a line break
 * one. The server's limits and the SPA's counters both use this, so a text the counter shows as
 * within a limit is within it on the server, and a stored text re-saves.
 * @returns 0 for a blank text
 */
export function countCharacters(text: string): number {
  let count = 0;
  // A string iterates by code points (a lone surrogate counts as one).
  for (const _ of normaliseLineBreaks(text).trim()) count++;
  return count;
}

/**
 * The `maxLength` attribute for a text input or area that takes up to `maxCharacters` characters
 * (`countCharacters`). Browsers count `maxLength` in UTF-16 units, in which a character takes one
 * or two, so the attribute is twice the limit: it never cuts a text within the limit, and the
 * limit itself is checked with `countCharacters`.
 */
export function inputMaxLength(maxCharacters: number): number {
  return maxCharacters * 2;
}

/** The refusal of a value holding a character its field refuses, e.g. 'First name contains characters that cannot be used.' */
export function unusableCharactersMessage(field: string): string {
  return `${field} contains characters that cannot be used.`;
}

/** What `plainText` checks a field for. */
export interface PlainTextRules {
  /** How the field is written (`TextShape`). */
  shape: TextShape;
  /** The refusal of a refused character, normally `unusableCharactersMessage(field)`. */
  unusable: string;
  /**
   * For a required field, its text when the value is blank (`isBlankText`): the field's spec §5
   * "required" text, so a value of only invisible characters reads as the empty value it looks like.
   */
  blank?: string;
}

/**
 * A string schema with the free-text rules added after its own checks: `rules.blank` for a value
 * that shows nothing, `rules.unusable` for a refused character (`hasUnusableCharacters`). The
 * field's own texts (missing, blank, too long) are unchanged and come first.
 * @param schema the field's `z.string()…` chain (trim it first where the field trims)
 * @example plainText(z.string().trim().min(1, required).max(100, tooLong), { shape: 'line', unusable, blank: required })
 */
export function plainText<S extends z.ZodString>(schema: S, rules: PlainTextRules): S {
  const checked = rules.blank === undefined ? schema : schema.refine((text) => !isBlankText(text), rules.blank);
  return checked.refine((text) => !hasUnusableCharacters(text, rules.shape), rules.unusable);
}
