import { z } from 'zod';

/**
 * The style profile (issue 15 point 5; spec §3 "Style profile: description", §5 style description
 * editor, §7 `GET/POST /api/style-profile`, §8 style save): the user's own design-style
 * description, owned by auth-service.
 */

/** Spec §5, §9: style description maximum 500 characters. */
export const MAX_STYLE_DESCRIPTION_CHARS = 500;

/** Spec §5, §8 texts, word for word. */
export const STYLE_PROFILE_MESSAGES = {
  requiredTitle: 'Description Required',
  required: 'Please enter a style description.',
  tooLongTitle: 'Description Too Long',
  tooLong: 'Please keep your description under 500 characters.',
  saveFailedTitle: 'Save Failed',
} as const;

/** The description as stored: trimmed, not blank, at most 500 characters (spec §5). */
const description = z
  .string({ error: STYLE_PROFILE_MESSAGES.required })
  .trim()
  .min(1, STYLE_PROFILE_MESSAGES.required)
  .max(MAX_STYLE_DESCRIPTION_CHARS, STYLE_PROFILE_MESSAGES.tooLong);

/** `POST /api/style-profile` body (spec §7: JSON {text}). */
export const saveStyleProfileRequestSchema = z.object({ text: description });
export type SaveStyleProfileRequest = z.infer<typeof saveStyleProfileRequestSchema>;

/** `GET` and `POST /api/style-profile` answer (spec §3): the description, an empty string when none was saved. */
export const styleProfileResponseSchema = z.object({ description: z.string().max(MAX_STYLE_DESCRIPTION_CHARS) });
export type StyleProfileResponse = z.infer<typeof styleProfileResponseSchema>;

/** Payload of `auth.get-style-profile`: the session's user id. */
export const getStyleProfileCommandSchema = z.object({ userId: z.string().uuid() });
/** Payload of `auth.save-style-profile`: the session's user id and the validated description. */
export const saveStyleProfileCommandSchema = z.object({ userId: z.string().uuid(), description });
export type SaveStyleProfileCommand = z.infer<typeof saveStyleProfileCommandSchema>;
/** Result of both style-profile commands: the description as stored. */
export const styleProfileResultSchema = styleProfileResponseSchema;
