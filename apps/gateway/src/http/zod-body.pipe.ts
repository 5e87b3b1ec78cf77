import { BadRequestException, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { BODY_MESSAGES } from './body-parsers.js';

/**
 * Validates a request body against its contract schema (STYLE.md: the gateway's validation
 * imports the same schema as the SPA). The first issue's message, which for the auth forms is
 * the spec §5 text, becomes the 400's `{message}`. A body of the wrong type as a whole (a JSON
 * list, `null`) answers `BODY_MESSAGES.notAnObject`, not the schema's wording; no body at all is
 * read as `{}`, so each missing field gets its own text.
 */
export class ZodBodyPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(private readonly schema: S) {}

  /** @returns the parsed body @throws BadRequestException with the first issue's message */
  transform(value: unknown): z.infer<S> {
    const parsed = this.schema.safeParse(value === undefined ? {} : value);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    if (issue?.code === 'invalid_type' && issue.path.length === 0) throw new BadRequestException(BODY_MESSAGES.notAnObject);
    throw new BadRequestException(issue?.message ?? 'Invalid request');
  }
}
