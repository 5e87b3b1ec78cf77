import type { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { apiError } from './api-error.js';
import { UnreadBody } from './body-parsers.js';

/**
 * Validates a request body against its contract schema, the same schema the SPA imports. The
 * first issue's message, which for the auth forms is
 * the spec §5 text, becomes the message of `request.invalid`. A body of the wrong type as a whole
 * (a JSON list, `null`) answers `request.not-an-object`, not the schema's wording; no body at all
 * is read as `{}`, so each missing field gets its own text. A body of another content type than
 * JSON (`UnreadBody`, see `bodyParsers`) answers `request.not-json` before any field is checked: a
 * JSON body sent as text/plain is refused as such, not as a form with no email.
 */
export class ZodBodyPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(private readonly schema: S) {}

  /**
   * @returns the parsed body
   * @throws ApiException `request.not-json` for an `UnreadBody`; `request.not-an-object`;
   *   `request.invalid` with the first issue's message
   */
  transform(value: unknown): z.infer<S> {
    if (value instanceof UnreadBody) throw apiError('request.not-json');
    const parsed = this.schema.safeParse(value === undefined ? {} : value);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    if (issue?.code === 'invalid_type' && issue.path.length === 0) throw apiError('request.not-an-object');
    throw apiError('request.invalid', { reason: issue?.message || 'Invalid request' });
  }
}
