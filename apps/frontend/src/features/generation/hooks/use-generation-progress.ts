import { generationEventsPath, generationProgressSchema } from '@archlens/contracts/generation';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { PROGRESS } from '../../../shared/hooks/use-simulated-progress';
import { generationProgressReducer, IDLE_PROGRESS, type ProgressEvent } from '../generation-progress';

/** With no event from the worker in this time, the spec's simulated progress takes over. */
export const LIVE_PROGRESS_WAIT_MS = 2_000;
/** `begin` waits at most this long for the event stream to open before the request is sent. */
export const STREAM_OPEN_WAIT_MS = 1_000;

/** One server-sent event's `data` as a progress event, or null when it is not one. */
export function parseProgressEvent(data: unknown): ProgressEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = generationProgressSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The progress of a generation: `begin(jobId)` opens `GET /api/generations/{jobId}/events`
 * (server-sent events) before the request is posted and shows the worker's stages as they come;
 * when none arrives within `LIVE_PROGRESS_WAIT_MS`, or the stream fails first, the simulated
 * progress of spec §4 and §9 runs instead (10, then a random step of up to 15 a second, capped at
 * 90). `finish()` shows 100, then hides the card; `abort()` hides it at once (an error).
 * @returns `{ state, begin, finish, abort }`; `begin` resolves once the stream is open (or failed,
 *   or after `STREAM_OPEN_WAIT_MS`)
 */
export function useGenerationProgress() {
  const [state, dispatch] = useReducer(generationProgressReducer, IDLE_PROGRESS);
  const stream = useRef<EventSource | null>(null);
  const timers = useRef<{ fallback?: number; tick?: number; reset?: number; open?: number }>({});

  const stopFollowing = useCallback(() => {
    stream.current?.close();
    stream.current = null;
    window.clearTimeout(timers.current.fallback);
    window.clearTimeout(timers.current.open);
    window.clearInterval(timers.current.tick);
  }, []);

  const begin = useCallback(
    (jobId: string) =>
      new Promise<void>((resolve) => {
        stopFollowing();
        window.clearTimeout(timers.current.reset);
        dispatch({ type: 'start', jobId });
        const fallback = () => dispatch({ type: 'fallback' });
        timers.current.fallback = window.setTimeout(fallback, LIVE_PROGRESS_WAIT_MS);
        // Ticks are ignored by the reducer unless the progress is simulated.
        timers.current.tick = window.setInterval(() => dispatch({ type: 'tick', step: Math.random() * PROGRESS.maxStep }), PROGRESS.tickMs);
        if (typeof EventSource === 'undefined') {
          fallback();
          resolve();
          return;
        }

        const source = new EventSource(generationEventsPath(jobId));
        stream.current = source;
        const ready = () => {
          window.clearTimeout(timers.current.open);
          resolve();
        };
        timers.current.open = window.setTimeout(ready, STREAM_OPEN_WAIT_MS);
        source.onopen = ready;
        source.onmessage = (message: MessageEvent<unknown>) => {
          const event = parseProgressEvent(message.data);
          if (!event) return;
          dispatch({ type: 'event', event });
          // The job is over: no reconnection.
          if (event.stage === 'succeeded' || event.stage === 'failed') source.close();
        };
        source.onerror = () => {
          ready();
          // Before any event the simulation starts now (the reducer ignores this once live);
          // the browser may still reconnect, and live events take over again if they come.
          fallback();
        };
      }),
    [stopFollowing],
  );

  /** The answer arrived: 100, then back to idle. */
  const finish = useCallback(() => {
    stopFollowing();
    dispatch({ type: 'complete' });
    timers.current.reset = window.setTimeout(() => dispatch({ type: 'reset' }), PROGRESS.resetAfterMs);
  }, [stopFollowing]);

  /** An error: straight back to idle. */
  const abort = useCallback(() => {
    stopFollowing();
    dispatch({ type: 'reset' });
  }, [stopFollowing]);

  useEffect(
    () => () => {
      stopFollowing();
      window.clearTimeout(timers.current.reset);
    },
    [stopFollowing],
  );

  return { state, begin, finish, abort };
}
