import { z } from 'zod';

/**
 * Every non-OK `/api` response carries this JSON body (issue #2), so that the SPA can show
 * `{status}: {body}` (spec §7) and a person can read the reason. An unexpected failure also names
 * the request id that the logs carry (issue 11); every response has it in `X-Request-Id`.
 */
export const errorResponseSchema = z.object({ message: z.string().min(1), requestId: z.string().optional() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
