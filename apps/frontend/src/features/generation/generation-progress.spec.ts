import {
  generationProgressReducer as reduce,
  IDLE_PROGRESS,
  isProgressShown,
  progressCaption,
  type GenerationProgressState,
  type ProgressAction,
  type ProgressEvent,
} from './generation-progress';

const JOB = '7b0c2f4e-3a59-4d0e-9d3c-1f2e3d4c5b6a';
const OTHER = '0e7a9b1c-2d3e-4f50-8a6b-7c8d9e0f1a2b';

const run = (...actions: ProgressAction[]): GenerationProgressState => actions.reduce(reduce, IDLE_PROGRESS);
const event = (stage: ProgressEvent['stage'], percent: number, extra: Partial<ProgressEvent> = {}): ProgressAction => ({
  type: 'event',
  event: { jobId: JOB, stage, percent, ...extra },
});
const start: ProgressAction = { type: 'start', jobId: JOB };

describe('generation progress from the worker’s events', () => {
  it('waits for the first event at 0, then follows the stages and image counts', () => {
    expect(run(start)).toMatchObject({ source: 'waiting', percent: 0, stage: null });
    const rendering = run(start, event('queued', 5), event('reserving', 10), event('rendering', 40, { imagesDone: 1, imagesTotal: 4 }));
    expect(rendering).toMatchObject({ source: 'live', percent: 40, stage: 'rendering', imagesDone: 1, imagesTotal: 4 });
    expect(progressCaption(rendering)).toBe('Rendering image 2 of 4…');
    const storing = reduce(rendering, event('storing', 92, { imagesDone: 4 }));
    expect(storing).toMatchObject({ stage: 'storing', imagesDone: 4, imagesTotal: 4 });
    expect(progressCaption(storing)).toBe('Saving your renders…');
  });

  it('never goes back, and ignores another job’s events', () => {
    const at60 = run(start, event('rendering', 60));
    expect(reduce(at60, event('rendering', 30)).percent).toBe(60);
    expect(reduce(at60, { type: 'event', event: { jobId: OTHER, stage: 'failed', percent: 100 } })).toBe(at60);
  });

  it('ignores events before a start and after the answer', () => {
    expect(run(event('rendering', 50))).toEqual(IDLE_PROGRESS);
    const done = run(start, event('rendering', 50), { type: 'complete' });
    expect(reduce(done, event('storing', 95))).toBe(done);
  });

  it('ignores simulated ticks while live', () => {
    const live = run(start, event('queued', 5));
    expect(reduce(live, { type: 'tick', step: 15 })).toBe(live);
    expect(reduce(live, { type: 'fallback' })).toBe(live);
  });
});

describe('simulated progress as the fallback (spec §4, §9)', () => {
  it('starts at 10 when no event came in time and rises by each tick, capped at 90', () => {
    const simulated = run(start, { type: 'fallback' });
    expect(simulated).toMatchObject({ source: 'simulated', percent: 10 });
    expect(progressCaption(simulated)).toBe('Generating. Live progress is not available, so this bar is an estimate.');
    expect(reduce(simulated, { type: 'tick', step: 12.5 }).percent).toBe(22.5);
    const capped = run(start, { type: 'fallback' }, ...Array.from({ length: 10 }, (): ProgressAction => ({ type: 'tick', step: 15 })));
    expect(capped.percent).toBe(90);
  });

  it('gives way to live events that arrive late', () => {
    const late = run(start, { type: 'fallback' }, { type: 'tick', step: 15 }, event('rendering', 50, { imagesDone: 0, imagesTotal: 1 }));
    expect(late).toMatchObject({ source: 'live', percent: 50, stage: 'rendering' });
    expect(progressCaption(late)).toBe('Rendering image 1 of 1…');
  });

  it('ticks do nothing before the fallback', () => {
    const waiting = run(start);
    expect(reduce(waiting, { type: 'tick', step: 10 })).toBe(waiting);
  });
});

describe('the end of a generation (spec §4: 100 on the answer, then 0)', () => {
  it('shows 100 on the answer, then goes back to idle', () => {
    const done = run(start, { type: 'fallback' }, { type: 'complete' });
    expect(done).toMatchObject({ source: 'done', percent: 100 });
    expect(isProgressShown(done)).toBe(true);
    expect(progressCaption(done)).toBe('Finished.');
    expect(reduce(done, { type: 'reset' })).toEqual(IDLE_PROGRESS);
    expect(isProgressShown(IDLE_PROGRESS)).toBe(false);
  });

  it('a complete without a start changes nothing', () => {
    expect(run({ type: 'complete' })).toEqual(IDLE_PROGRESS);
  });

  it('captions each stage', () => {
    expect(progressCaption(run(start))).toBe('Starting the generation…');
    expect(progressCaption(run(start, event('queued', 2)))).toBe('Waiting for a free generation worker…');
    expect(progressCaption(run(start, event('reserving', 8)))).toBe('Reserving your credits…');
    expect(progressCaption(run(start, event('rendering', 20)))).toBe('Rendering…');
    expect(progressCaption(run(start, event('rendering', 88, { imagesDone: 2, imagesTotal: 2 })))).toBe('All 2 rendered');
  });
});
