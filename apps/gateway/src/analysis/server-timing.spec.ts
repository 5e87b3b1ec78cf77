import { describe, expect, it } from '@jest/globals';
import { parseServerTiming, ServerTiming } from './server-timing.js';

describe('ServerTiming', () => {
  it('writes each phase as name;dur in milliseconds, in the order they ended', async () => {
    const timing = new ServerTiming();
    await new Promise((resolve) => setTimeout(resolve, 20));
    timing.mark('receive');
    timing.mark('validate');
    const header = timing.header();
    expect(header).toMatch(/^receive;dur=\d+\.\d, validate;dur=\d+\.\d$/);
    const phases = parseServerTiming(header);
    // The first phase spans the 20 ms wait; the second started where the first ended.
    expect(phases.receive).toBeGreaterThanOrEqual(19);
    expect(phases.validate).toBeLessThan(phases.receive!);
  });

  it('reads back the durations of a header, skipping entries without dur', () => {
    expect(parseServerTiming('receive;dur=5.2, cache;desc="hit", store;dur=31')).toEqual({ receive: 5.2, store: 31 });
    expect(parseServerTiming(undefined)).toEqual({});
  });
});
