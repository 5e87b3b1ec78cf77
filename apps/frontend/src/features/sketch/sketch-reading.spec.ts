import { formatDuration, sketchPointsOf, sketchPointsText, withArticle } from './sketch-reading';
import { SKETCH_TEXTS } from './texts';

describe('sketchPointsOf (spec §3: details are a list or one string)', () => {
  it('keeps a list, trimmed, without blank points', () => {
    expect(sketchPointsOf([' Long bar plan. ', '', 'Central stair core.'])).toEqual(['Long bar plan.', 'Central stair core.']);
  });

  it('reads one string one point per line, dropping list markers', () => {
    expect(sketchPointsOf('- Symmetric facade.\r\n* Three storeys.\n\n2) Pitched roof.\n• Deep eaves.\n10. Ten')).toEqual([
      'Symmetric facade.',
      'Three storeys.',
      'Pitched roof.',
      'Deep eaves.',
      'Ten',
    ]);
  });

  it('keeps a hyphen or a number that is part of the text', () => {
    expect(sketchPointsOf(['-2 m level change', '3 bays of 6 m'])).toEqual(['-2 m level change', '3 bays of 6 m']);
  });
});

describe('sketchPointsText', () => {
  it('puts one point per line', () => {
    expect(sketchPointsText(['One.', 'Two.', 'Three.'])).toBe('One.\nTwo.\nThree.');
  });
});

describe('formatDuration', () => {
  it('gives seconds to one decimal under a minute', () => {
    expect(formatDuration(2_400)).toBe('2.4 s');
    expect(formatDuration(2_449)).toBe('2.4 s');
    expect(formatDuration(380)).toBe('0.4 s');
    expect(formatDuration(0)).toBe('0.0 s');
    expect(formatDuration(-5)).toBe('0.0 s');
    expect(formatDuration(59_940)).toBe('59.9 s');
  });

  it('gives minutes and seconds from a minute on', () => {
    expect(formatDuration(59_960)).toBe('1 min 0 s');
    expect(formatDuration(65_000)).toBe('1 min 5 s');
    expect(formatDuration(125_400)).toBe('2 min 5 s');
  });
});

describe('withArticle', () => {
  it('chooses a or an', () => {
    expect(withArticle('plan')).toBe('a plan');
    expect(withArticle('elevation')).toBe('an elevation');
    expect(withArticle('axonometric')).toBe('an axonometric');
    expect(withArticle('perspective')).toBe('a perspective');
  });
});

describe('SKETCH_TEXTS', () => {
  it('says how long the reading took, with the server’s own time when known', () => {
    expect(SKETCH_TEXTS.completedIn(2_400)).toBe('Completed in 2.4 s');
    expect(SKETCH_TEXTS.completedIn(2_400, 900)).toBe('Completed in 2.4 s (0.9 s on the server)');
  });

  it('names the drawing type and the engine in the caption', () => {
    expect(SKETCH_TEXTS.caption('plan', 1, 'offline', 'offline-lines')).toMatch(/^Read as a plan \(estimated from the measured lines\)/);
    expect(SKETCH_TEXTS.caption('plan', 1, 'offline', 'offline-lines')).not.toMatch(/AI vision model|analyser/);
    expect(SKETCH_TEXTS.caption('elevation', 1, 'openai', 'gpt-4o-mini')).toBe(
      'Read as an elevation · Written by the AI vision model gpt-4o-mini.',
    );
    expect(SKETCH_TEXTS.caption('plan', 3, 'openai', 'gpt-4o-mini')).toBe(
      'Sketch 1 read as a plan · Written by the AI vision model gpt-4o-mini.',
    );
  });

  it('prefixes a failure with the spec §8 text', () => {
    expect(SKETCH_TEXTS.toasts.failed('422: "x.png" could not be read as an image.')).toBe(
      'Failed to analyze sketch: 422: "x.png" could not be read as an image.',
    );
  });

  it('titles the Working Clipboard entry after the tab', () => {
    expect(SKETCH_TEXTS.textActions('Detailed Analysis').clipboardTitle).toBe('Sketch Reading (Detailed Analysis)');
  });
});
