import { z } from 'zod';
import { countCharacters, inputMaxLength, normaliseLineBreaks, plainText, unusableCharactersMessage } from './plain-text.js';

/**
 * The style profile (spec §3 "Style profile: description", §5 style description
 * editor, §7 `GET/POST /api/style-profile`, §8 style save): the user's own design-style
 * description, owned by auth-service.
 */

/**
 * Spec §5, §9: style description maximum 500 characters, counted by `countCharacters` (code points
 * once trimmed, a line break one) on the server and in the SPA's counters alike.
 */
export const MAX_STYLE_DESCRIPTION_CHARS = 500;

/**
 * The `maxLength` attribute of a style description's text area: browsers count UTF-16 units, so
 * 1000 (`inputMaxLength`) lets 500 emoji in; the 500-character limit is `countCharacters`'.
 */
export const STYLE_DESCRIPTION_INPUT_MAX_LENGTH = inputMaxLength(MAX_STYLE_DESCRIPTION_CHARS);

/** True when `text` is within spec §5's 500 characters (`countCharacters`: once trimmed, by code point). */
export function isStyleDescriptionWithinLimit(text: string): boolean {
  return countCharacters(text) <= MAX_STYLE_DESCRIPTION_CHARS;
}

/** Spec §5, §8 texts, word for word. */
export const STYLE_PROFILE_MESSAGES = {
  requiredTitle: 'Description Required',
  required: 'Please enter a style description.',
  tooLongTitle: 'Description Too Long',
  tooLong: 'Please keep your description under 500 characters.',
  saveFailedTitle: 'Save Failed',
  /** Not in the spec: a control character other than tab, LF and CR, or a lone surrogate. */
  unusable: unusableCharactersMessage('The style description'),
} as const;

/**
 * The description as stored: line breaks as LF, trimmed, not blank nor only invisible characters
 * (spec §5 'Please enter a style description.'), at most 500 characters by `countCharacters`
 * ('Please keep your description under 500 characters.'), no control character but tab and line
 * breaks (`STYLE_PROFILE_MESSAGES.unusable`).
 */
const description = plainText(
  z
    .string({ error: STYLE_PROFILE_MESSAGES.required })
    .overwrite(normaliseLineBreaks)
    .trim()
    .min(1, STYLE_PROFILE_MESSAGES.required)
    .refine(isStyleDescriptionWithinLimit, STYLE_PROFILE_MESSAGES.tooLong),
  { shape: 'lines', unusable: STYLE_PROFILE_MESSAGES.unusable, blank: STYLE_PROFILE_MESSAGES.required },
);

/** `POST /api/style-profile` body (spec §7: JSON {text}). */
export const saveStyleProfileRequestSchema = z.object({ text: description });
export type SaveStyleProfileRequest = z.infer<typeof saveStyleProfileRequestSchema>;

/** `GET` and `POST /api/style-profile` answer (spec §3): the description, an empty string when none was saved. */
export const styleProfileResponseSchema = z.object({ description: z.string().refine(isStyleDescriptionWithinLimit) });
export type StyleProfileResponse = z.infer<typeof styleProfileResponseSchema>;

/** Payload of `auth.get-style-profile`: the session's user id. */
export const getStyleProfileCommandSchema = z.object({ userId: z.string().uuid() });
/** Payload of `auth.save-style-profile`: the session's user id and the validated description. */
export const saveStyleProfileCommandSchema = z.object({ userId: z.string().uuid(), description });
export type SaveStyleProfileCommand = z.infer<typeof saveStyleProfileCommandSchema>;
/** Result of both style-profile commands: the description as stored. */
export const styleProfileResultSchema = styleProfileResponseSchema;
