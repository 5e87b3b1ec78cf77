/**
 * The phases of one request, written as a `Server-Timing` response header (W3C Server Timing:
 * `name;dur=milliseconds`, comma-separated), so an operator reads where the time of an analysis
 * went in the browser's network panel and `npm run bench:analyze` can break the added latency down.
 */
export class ServerTiming {
  private readonly phases: Array<{ name: string; durationMs: number }> = [];
  private last = performance.now();

  /** Ends the phase running since the previous mark (or since construction) under `name` (a token). */
  mark(name: string): void {
    const now = performance.now();
    this.phases.push({ name, durationMs: now - this.last });
    this.last = now;
  }

  /** The header value, for example `receive;dur=5.2, validate;dur=1.4`; durations in ms, 0.1 ms steps. */
  header(): string {
    return this.phases.map((p) => `${p.name};dur=${p.durationMs.toFixed(1)}`).join(', ');
  }
}

/** Reads a `Server-Timing` header back into `{ name: ms }`; entries without `dur` are skipped. */
export function parseServerTiming(header: string | null | undefined): Record<string, number> {
  const timings: Record<string, number> = {};
  for (const entry of (header ?? '').split(',')) {
    const [name, ...params] = entry.trim().split(';');
    const dur = params.map((p) => p.trim().match(/^dur=([0-9.]+)$/)).find(Boolean);
    if (name && dur) timings[name] = Number(dur[1]);
  }
  return timings;
}
