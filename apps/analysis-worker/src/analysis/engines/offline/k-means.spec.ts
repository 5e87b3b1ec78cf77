import { describe, expect, it } from '@jest/globals';
import { kMeans, nearestCentre } from './k-means.js';

describe('kMeans', () => {
  it('finds two separated groups and weighs their shares', () => {
    // Three dark points of weight 1 and one light point of weight 3.
    const points = new Float64Array([10, 10, 10, 12, 12, 12, 14, 14, 14, 240, 240, 240]);
    const weights = new Float64Array([1, 1, 1, 3]);
    const { centres, shares, assignment } = kMeans(points, weights, 2);
    expect([...centres]).toEqual([12, 12, 12, 240, 240, 240]);
    expect([...shares]).toEqual([0.5, 0.5]);
    expect([...assignment]).toEqual([0, 0, 0, 1]);
  });

  it('is deterministic', () => {
    const points = Float64Array.from({ length: 300 }, (_, i) => (i * 7919) % 256);
    const weights = new Float64Array(100).fill(1);
    expect(kMeans(points, weights, 5)).toEqual(kMeans(points, weights, 5));
  });
});

describe('nearestCentre', () => {
  it('names the nearest centre and writes the squared distance to it', () => {
    const centres = new Float64Array([0, 0, 0, 100, 100, 100]);
    const distance = new Float64Array(1);
    expect(nearestCentre(centres, 2, 90, 100, 100, distance)).toBe(1);
    expect(distance[0]).toBe(100);
  });
});
