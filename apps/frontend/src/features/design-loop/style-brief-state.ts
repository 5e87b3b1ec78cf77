import { z } from 'zod';

/** The route of Image Generation. */
export const CREATE_PATH = '/create';

/** The router state "Use as style" opens /create with: the brief and the analysis it was written from. */
export interface StyleBriefState {
  styleBrief: { text: string; analysisId: string };
}

const styleBriefStateSchema = z.object({
  styleBrief: z.object({ text: z.string().min(1), analysisId: z.string().uuid() }),
});

/** The brief of a location's state, when it carries one (anything else, e.g. a reload's stale or foreign state, is none). */
export function styleBriefOfState(state: unknown): StyleBriefState['styleBrief'] | null {
  const parsed = styleBriefStateSchema.safeParse(state);
  return parsed.success ? parsed.data.styleBrief : null;
}
