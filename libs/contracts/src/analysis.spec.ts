import { describe, expect, it } from '@jest/globals';
import { analysisTextSchema, analyseImagesJobSchema, fitWithin, formatBytes, planImageOptimisation, retryQualityFor } from './analysis.js';

const KB = 1024;
const MB = 1024 * 1024;

describe('browser-side optimisation parameters (spec §9)', () => {
  it('sends files under 500 KB unchanged', () => {
    expect(planImageOptimisation(90 * KB)).toEqual({ action: 'send-unchanged' });
    expect(planImageOptimisation(500 * KB - 1)).toEqual({ action: 'send-unchanged' });
  });

  it('resizes larger files to 1024 px at quality 0.85, or 0.7 when over 5 MB', () => {
    expect(planImageOptimisation(500 * KB)).toEqual({ action: 'resize', maxLongestSidePx: 1024, quality: 0.85 });
    expect(planImageOptimisation(3.8 * MB)).toEqual({ action: 'resize', maxLongestSidePx: 1024, quality: 0.85 });
    expect(planImageOptimisation(5 * MB)).toEqual({ action: 'resize', maxLongestSidePx: 1024, quality: 0.85 });
    expect(planImageOptimisation(7.8 * MB)).toEqual({ action: 'resize', maxLongestSidePx: 1024, quality: 0.7 });
  });

  it('retries at 0.5 only when the result is over 2 MB and the quality was above 0.5', () => {
    expect(retryQualityFor(2 * MB + 1, 0.85)).toBe(0.5);
    expect(retryQualityFor(2 * MB + 1, 0.7)).toBe(0.5);
    expect(retryQualityFor(2 * MB, 0.85)).toBeNull();
    expect(retryQualityFor(3 * MB, 0.5)).toBeNull();
  });

  it('fits the longest side within 1024 px keeping the aspect ratio, never enlarging', () => {
    expect(fitWithin(2000, 3008, 1024)).toEqual({ width: 681, height: 1024 });
    expect(fitWithin(4000, 6016, 1024)).toEqual({ width: 681, height: 1024 });
    expect(fitWithin(800, 533, 1024)).toEqual({ width: 800, height: 533 });
  });

  it('formats sizes for the spec §5 messages', () => {
    expect(formatBytes(51 * MB)).toBe('51.0 MB');
    expect(formatBytes(1536)).toBe('1.5 KB');
  });
});

describe('analysisTextSchema (spec §9 output rules)', () => {
  const expanded = [
    '## Massing and Form',
    'a',
    '## Materials and Palette',
    'b',
    '## Light and Atmosphere',
    'c',
    '## Detailing and Rhythm',
    'd',
  ].join('\n\n');
  const tags = ['vertical emphasis', 'warm palette', 'high contrast', 'symmetrical', 'stone'];
  const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');

  it('accepts exactly 88 words, four sections and 5 lower-case tags', () => {
    expect(analysisTextSchema.safeParse({ primaryDescription: words(88), expandedDescription: expanded, tags }).success).toBe(true);
  });

  it('refuses 87 or 89 words, three sections, four tags or an upper-case tag', () => {
    const base = { primaryDescription: words(88), expandedDescription: expanded, tags };
    expect(analysisTextSchema.safeParse({ ...base, primaryDescription: words(87) }).success).toBe(false);
    expect(analysisTextSchema.safeParse({ ...base, primaryDescription: words(89) }).success).toBe(false);
    expect(analysisTextSchema.safeParse({ ...base, expandedDescription: expanded.split('## Detailing')[0] }).success).toBe(false);
    expect(analysisTextSchema.safeParse({ ...base, tags: tags.slice(0, 4) }).success).toBe(false);
    expect(analysisTextSchema.safeParse({ ...base, tags: [...tags.slice(1), 'Stone'] }).success).toBe(false);
  });
});

describe('analyseImagesJobSchema (thin payloads: object keys and file names only)', () => {
  const user = '6f1c2b7e-0a4d-4c8e-9b1a-2d3e4f5a6b7c';
  it('accepts upload keys with their file names and refuses anything else', () => {
    const image = { key: `uploads/${user}/0b8f7c6d-1e2f-4a3b-8c9d-0e1f2a3b4c5d.jpg`, fileName: 'facade.jpg' };
    expect(analyseImagesJobSchema.safeParse({ userId: user, images: [image] }).success).toBe(true);
    expect(analyseImagesJobSchema.safeParse({ userId: user, images: [{ ...image, key: '../etc/passwd' }] }).success).toBe(false);
    expect(analyseImagesJobSchema.safeParse({ userId: user, images: [{ ...image, fileName: '' }] }).success).toBe(false);
    expect(analyseImagesJobSchema.safeParse({ userId: user, images: [] }).success).toBe(false);
    expect(analyseImagesJobSchema.safeParse({ userId: user, images: Array(11).fill(image) }).success).toBe(false);
  });
});
