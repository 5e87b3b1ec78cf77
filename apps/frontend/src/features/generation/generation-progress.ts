import { PROGRESS } from '../../shared/hooks/use-simulated-progress';
import { GENERATION_TEXTS } from './texts';

/**
 * The progress of one generation, shown from the worker's events, with the simulated progress of
 * spec §4 and §9 only as the fallback. A pure reducer, so the rules are unit tested; the hook
 * `useGenerationProgress` feeds it the server-sent events, the fallback and the ticks.
 */

/** The stages a generation reports (`generationProgressSchema` of `@archlens/contracts/generation`). */
export type ProgressStage = 'queued' | 'reserving' | 'rendering' | 'storing' | 'succeeded' | 'failed';

/** One progress event as the reducer reads it (a parsed `generationProgressSchema`). */
export interface ProgressEvent {
  jobId: string;
  stage: ProgressStage;
  percent: number;
  imagesDone?: number;
  imagesTotal?: number;
}

export interface GenerationProgressState {
  /** The job followed, or null when idle. */
  jobId: string | null;
  /**
   * `idle`; `waiting` for the first event; `live` once an event arrived; `simulated` when none came
   * in time; `done` at 100 after the answer.
   */
  source: 'idle' | 'waiting' | 'live' | 'simulated' | 'done';
  /** 0 to 100; never goes down while a job runs. */
  percent: number;
  stage: ProgressStage | null;
  imagesDone: number | null;
  imagesTotal: number | null;
}

export type ProgressAction =
  | { type: 'start'; jobId: string }
  | { type: 'event'; event: ProgressEvent }
  /** No event arrived in time, or the stream failed before any: simulate (spec §4: from 10). */
  | { type: 'fallback' }
  /** One simulated tick (spec §9: every 1000 ms, a random step of up to about 15, capped at 90). */
  | { type: 'tick'; step: number }
  /** The answer arrived: 100. */
  | { type: 'complete' }
  /** Back to idle (spec §4: 0 after success or on an error). */
  | { type: 'reset' };

export const IDLE_PROGRESS: GenerationProgressState = {
  jobId: null,
  source: 'idle',
  percent: 0,
  stage: null,
  imagesDone: null,
  imagesTotal: null,
};

const clamp = (value: number) => Math.min(PROGRESS.done, Math.max(0, value));

/** The worker's events, or the simulated progress as the fallback; see `ProgressAction` for each step. */
export function generationProgressReducer(state: GenerationProgressState, action: ProgressAction): GenerationProgressState {
  switch (action.type) {
    case 'start':
      return { ...IDLE_PROGRESS, jobId: action.jobId, source: 'waiting' };
    case 'event': {
      const { event } = action;
      // Another job's event, or one arriving after the answer: ignored.
      if (event.jobId !== state.jobId || state.source === 'idle' || state.source === 'done') return state;
      return {
        ...state,
        source: 'live',
        percent: Math.max(state.percent, clamp(event.percent)),
        stage: event.stage,
        imagesDone: event.imagesDone ?? state.imagesDone,
        imagesTotal: event.imagesTotal ?? state.imagesTotal,
      };
    }
    case 'fallback':
      if (state.source !== 'waiting') return state;
      return { ...state, source: 'simulated', percent: Math.max(state.percent, PROGRESS.start) };
    case 'tick':
      if (state.source !== 'simulated') return state;
      return { ...state, percent: Math.max(state.percent, Math.min(PROGRESS.cap, state.percent + action.step)) };
    case 'complete':
      if (state.source === 'idle') return state;
      return { ...state, source: 'done', percent: PROGRESS.done };
    case 'reset':
      return IDLE_PROGRESS;
  }
}

/** True while the progress card should show (a job running, or at 100 a moment after the answer). */
export function isProgressShown(state: GenerationProgressState): boolean {
  return state.source !== 'idle';
}

/** The line under the progress bar: the worker's stage when live, the estimate note when simulated. */
export function progressCaption(state: GenerationProgressState): string {
  const T = GENERATION_TEXTS.progress;
  if (state.source === 'done') return T.succeeded;
  if (state.source === 'simulated') return T.simulated;
  if (state.source === 'waiting' || state.stage === null) return T.waiting;
  if (state.stage === 'rendering') return T.rendering(state.imagesDone, state.imagesTotal);
  return T[state.stage];
}
