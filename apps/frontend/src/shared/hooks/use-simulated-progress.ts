import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec §4/§9: starts at 10, rises every 1000 ms by up to ~15, capped at 90; 100 on reply. */
export const PROGRESS = { start: 10, tickMs: 1000, maxStep: 15, cap: 90, done: 100, resetAfterMs: 600 } as const;

/**
 * The progress bar's value of an analysis or a sketch reading, simulated as spec §4 and §9 say
 * (`PROGRESS`).
 * @returns `{ progress, start, complete, stop }`: `progress` is 0 to 100 (per cent); `start()`
 *   jumps to 10 and ticks every 1000 ms; `complete()` shows 100, then 0 after
 *   `PROGRESS.resetAfterMs` ms; `stop()` goes straight back to 0 (an error); timers are cleared
 *   on unmount
 */
export function useSimulatedProgress() {
  const [progress, setProgress] = useState(0);
  const tick = useRef<number | undefined>(undefined);
  const reset = useRef<number | undefined>(undefined);

  const clearTimers = useCallback(() => {
    window.clearInterval(tick.current);
    window.clearTimeout(reset.current);
  }, []);

  const start = useCallback(() => {
    clearTimers();
    setProgress(PROGRESS.start);
    tick.current = window.setInterval(() => {
      setProgress((p) => Math.min(PROGRESS.cap, p + Math.random() * PROGRESS.maxStep));
    }, PROGRESS.tickMs);
  }, [clearTimers]);

  /** 100 on the reply, then back to 0. */
  const complete = useCallback(() => {
    clearTimers();
    setProgress(PROGRESS.done);
    reset.current = window.setTimeout(() => setProgress(0), PROGRESS.resetAfterMs);
  }, [clearTimers]);

  /** Straight back to 0 (an error). */
  const stop = useCallback(() => {
    clearTimers();
    setProgress(0);
  }, [clearTimers]);

  useEffect(() => clearTimers, [clearTimers]);

  return { progress, start, complete, stop };
}
