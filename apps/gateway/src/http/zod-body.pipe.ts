import { BadRequestException, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';

/**
 * Validates a request body against its contract schema (STYLE.md: the gateway's validation
 * imports the same schema as the SPA). The first issue's message, which for the auth forms is
 * the spec §5 text, becomes the 400's `{message}`.
 */
export class ZodBodyPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(private readonly schema: S) {}

  /** @returns the parsed body @throws BadRequestException with the first issue's message */
  transform(value: unknown): z.infer<S> {
    const parsed = this.schema.safeParse(value ?? {});
    if (parsed.success) return parsed.data;
    throw new BadRequestException(parsed.error.issues[0]?.message ?? 'Invalid request');
  }
}
