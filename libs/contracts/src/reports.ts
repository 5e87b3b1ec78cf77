import { z } from 'zod';
import { analysisEngineSchema } from './analysis.js';
import { AUTH_MESSAGES, MAX_EMAIL_LENGTH, MAX_NAME_LENGTH, nameField } from './auth.js';
import { errorText } from './errors.js';
import { maxJsonBodyBytes } from './http.js';
import { plainText, unusableCharactersMessage } from './plain-text.js';

/**
 * Analysis reports: the PDF of one stored analysis, downloaded by its owner or e-mailed
 * with its HTML twin, and the e-mail that also records a lead (spec §2 /analyse, §3, §7, §8).
 */

/** Longest analysis text accepted from the client (spec §3: primary, expanded and tags together). */
export const MAX_ANALYSIS_TEXT_CHARS = 20_000;

/** Spec §8 success toast and the body of a sent report; also the `{message}` of `POST /api/email-analysis`. */
export const REPORT_MESSAGES = {
  sent: 'The architectural analysis has been sent to your email.',
  /** Spec §8: the e-mail failure fallback. */
  failed: 'Failed to send email',
  analysisNotFound: errorText('report.analysis-not-found'),
  /** Spec §5: email, firstName and lastName all required. */
  missingFields: 'Please fill in all fields.',
  invalidEmail: 'Please enter a valid email address',
  /** The spec names no text for a value that is too long: the sign-up form's limits and texts. */
  emailTooLong: AUTH_MESSAGES.emailTooLong,
  firstNameTooLong: AUTH_MESSAGES.firstNameTooLong,
  lastNameTooLong: AUTH_MESSAGES.lastNameTooLong,
  /** A control character, a lone surrogate or a bidirectional override in a name (the sign-up form's texts). */
  firstNameUnusable: AUTH_MESSAGES.firstNameUnusable,
  lastNameUnusable: AUTH_MESSAGES.lastNameUnusable,
  /** Neither a stored analysis nor the analysis text was named. */
  noContent: errorText('report.no-content'),
  /** `analysisId` is not the id of an analysis (a UUID). */
  invalidAnalysisId: 'The analysis id is not valid.',
  /** `analysisText` is sent but empty, or only spaces and invisible characters. */
  analysisTextBlank: 'The analysis text is empty.',
  /** `analysisText` is not a string. */
  analysisTextNotText: 'The analysis text must be a string.',
  analysisTextTooLong: `The analysis text is longer than ${MAX_ANALYSIS_TEXT_CHARS} characters.`,
  /** `analysisText` holds a control character other than tab, LF and CR, or a lone surrogate. */
  analysisTextUnusable: unusableCharactersMessage('The analysis text'),
} as const;

/** The report's file name: `archlens-analysis-YYYY-MM-DD.pdf`, dated by the analysis (UTC). */
export function reportFileName(createdAt: Date | string): string {
  const date = new Date(createdAt).toISOString().slice(0, 10);
  return `archlens-analysis-${date}.pdf`;
}

/** Object key of a stored analysis's PDF: rendered once, then reused for downloads and e-mails. */
export function reportObjectKey(userId: string, analysisId: string): string {
  return `reports/${userId}/${analysisId}.pdf`;
}

/** Object key of a PDF rendered from free text (no stored analysis): one per e-mail. */
export function textReportObjectKey(userId: string, reportId: string): string {
  return `reports/${userId}/text-${reportId}.pdf`;
}

/**
 * `POST /api/email-analysis` body (spec §3 e-mail-analysis payload): who receives it and
 * which analysis, by the id of one of the user's stored analyses or, for the free-analysis send,
 * its text (primary, expanded and tags). Names are one line (`nameField`: spec §5 'Please fill in
 * all fields.' when blank or only invisible characters); the text may have several lines (tab, LF,
 * CR) but no other control character (`REPORT_MESSAGES.analysisTextUnusable`).
 */
export const emailAnalysisRequestSchema = z
  .object({
    firstName: nameField(REPORT_MESSAGES.missingFields, REPORT_MESSAGES.firstNameTooLong, REPORT_MESSAGES.firstNameUnusable),
    lastName: nameField(REPORT_MESSAGES.missingFields, REPORT_MESSAGES.lastNameTooLong, REPORT_MESSAGES.lastNameUnusable),
    email: z
      .string({ error: REPORT_MESSAGES.missingFields })
      .trim()
      .min(1, REPORT_MESSAGES.missingFields)
      .max(MAX_EMAIL_LENGTH, REPORT_MESSAGES.emailTooLong)
      .pipe(z.email(REPORT_MESSAGES.invalidEmail)),
    analysisId: z.uuid({ error: REPORT_MESSAGES.invalidAnalysisId }).optional(),
    analysisText: plainText(
      z
        .string({ error: REPORT_MESSAGES.analysisTextNotText })
        .trim()
        .min(1, REPORT_MESSAGES.analysisTextBlank)
        .max(MAX_ANALYSIS_TEXT_CHARS, REPORT_MESSAGES.analysisTextTooLong),
      { shape: 'lines', unusable: REPORT_MESSAGES.analysisTextUnusable, blank: REPORT_MESSAGES.analysisTextBlank },
    ).optional(),
  })
  .refine((body) => body.analysisId !== undefined || body.analysisText !== undefined, { message: REPORT_MESSAGES.noContent });
export type EmailAnalysisRequest = z.infer<typeof emailAnalysisRequestSchema>;

/**
 * The largest JSON body of `POST /api/email-analysis` whose fields are within their limits, in
 * bytes (`maxJsonBodyBytes`: 12 bytes a character at worst, an emoji sent as two `\uXXXX`
 * escapes): 247,432 in all, as 20,000 characters of analysis text alone can take 240,000 bytes. The gateway's JSON
 * body limit for this route must be at least this, or a valid text is refused with 413.
 */
export const EMAIL_ANALYSIS_BODY_BYTES = maxJsonBodyBytes({
  firstName: MAX_NAME_LENGTH,
  lastName: MAX_NAME_LENGTH,
  email: MAX_EMAIL_LENGTH,
  analysisId: 36,
  analysisText: MAX_ANALYSIS_TEXT_CHARS,
});

/** `POST /api/email-analysis` answer: `{message: REPORT_MESSAGES.sent}` once the e-mail is queued. */
export const emailAnalysisResponseSchema = z.object({ message: z.string() });
export type EmailAnalysisResponse = z.infer<typeof emailAnalysisResponseSchema>;

/** `analysis.render-report`: the owner's stored analysis as a PDF in object storage (rendered once). */
export const renderReportJobSchema = z.object({ userId: z.string().uuid(), analysisId: z.string().uuid() });
/** Where the PDF is and what the download is called; `report.analysis-not-found` when the user owns no such analysis. */
export const renderReportResultSchema = z.object({ key: z.string().min(1), fileName: z.string().min(1), bytes: z.number().int().min(1) });
export type RenderReportResult = z.infer<typeof renderReportResultSchema>;

/**
 * `analysis.email-report`: renders (or reuses) the PDF, queues `email.send` with the
 * `analysis-report` template and the PDF attached, and publishes `analysis.emailed` for the leads
 * service. `report.analysis-not-found` when `analysisId` names no analysis of `userId`.
 */
export const emailReportJobSchema = z.object({
  userId: z.string().uuid(),
  firstName: z.string().min(1).max(100),
  lastName: z.string().min(1).max(100),
  email: z.string().email().max(254),
  analysisId: z.string().uuid().optional(),
  analysisText: z.string().min(1).max(MAX_ANALYSIS_TEXT_CHARS).optional(),
});
export const emailReportResultSchema = z.object({ messageId: z.string().uuid() });

/** What a report shows (PDF and e-mail alike): a stored analysis, or free text with no images. */
export const reportContentSchema = z.object({
  createdAt: z.string(),
  primaryDescription: z.string(),
  expandedDescription: z.string(),
  tags: z.array(z.string()),
  /** Which engine wrote it and its model, e.g. `offline` / `offline-measures-v1`; null for free text. */
  engine: analysisEngineSchema.nullable(),
  model: z.string().nullable(),
  imageCount: z.number().int().min(0),
});
export type ReportContent = z.infer<typeof reportContentSchema>;

/** A PDF of free text is kept this long after its e-mail was queued, in seconds (the e-mail's retries end within a minute). */
export const TEXT_REPORT_MAX_AGE_SECONDS = 24 * 3600;

/**
 * `analysis.sweep-text-reports` (a scheduled job): PDFs rendered from free text
 * (`textReportObjectKey`) older than `olderThanSeconds` are removed; a stored analysis's PDF stays.
 */
export const sweepTextReportsJobSchema = z.object({ olderThanSeconds: z.number().int().min(0) });
/** Result of `analysis.sweep-text-reports`: how many text PDFs were old enough and removed. */
export const sweepTextReportsResultSchema = z.object({ removed: z.number().int() });
