import { describe, expect, it } from '@jest/globals';
import { comparisonLines } from './texts';

describe('comparisonLines (a render read back, in plain words)', () => {
  it('says what was kept, added and lost, each line only when it has tags', () => {
    expect(
      comparisonLines({ kept: ['vertical emphasis', 'bay rhythm'], added: [], lost: ['monochrome palette'], against: 'analysis' }, []),
    ).toEqual([
      ['comparison-kept', 'Kept: vertical emphasis and bay rhythm'],
      ['comparison-lost', 'Lost: monochrome palette'],
    ]);
  });

  it('says so in a sentence when nothing was kept', () => {
    expect(comparisonLines({ kept: [], added: ['soft light'], lost: ['deep relief'], against: 'style' }, ['soft light'])).toEqual([
      ['comparison-none-kept', 'None of the qualities the style description names shows in this render.'],
      ['comparison-added', 'Added: soft light'],
      ['comparison-lost', 'Lost: deep relief'],
    ]);
  });

  it('lists the render’s tags when the style named nothing to compare with', () => {
    expect(
      comparisonLines({ kept: [], added: ['soft light', 'bay rhythm'], lost: [], against: 'style' }, ['soft light', 'bay rhythm']),
    ).toEqual([
      ['comparison-nothing', 'Its style description names none of the qualities ArchLens tags, so there is nothing to compare with.'],
      ['comparison-tags', 'Render tags: soft light and bay rhythm'],
    ]);
  });
});
