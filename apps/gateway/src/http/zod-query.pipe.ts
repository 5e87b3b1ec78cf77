import type { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { apiError } from './api-error.js';

/**
 * Validates a request's query string against its contract schema (e.g. `leadsListQuerySchema`).
 * Query values arrive as text, so the schema coerces numbers itself. A refusal is
 * `request.invalid` whose message names the parameter and what is wrong with it, e.g. `pageSize:
 * Too big: expected number to be <=100`; a parameter given twice arrives as a list and is refused
 * the same way.
 */
export class ZodQueryPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(private readonly schema: S) {}

  /** @returns the parsed query @throws ApiException `request.invalid` naming the first wrong parameter */
  transform(value: unknown): z.infer<S> {
    const parsed = this.schema.safeParse(value ?? {});
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const name = issue?.path.join('.');
    throw apiError('request.invalid', { reason: issue ? `${name ? `${name}: ` : ''}${issue.message}` : 'Invalid query' });
  }
}
