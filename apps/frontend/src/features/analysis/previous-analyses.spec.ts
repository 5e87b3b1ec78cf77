import type { PreviousAnalysis } from '@archlens/contracts/analysis';
import { previousAnalysesShown } from './previous-analyses';

const analysis = (n: number): PreviousAnalysis => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  createdAt: new Date(Date.UTC(2026, 10, n)).toISOString(),
  imageCount: 1,
  primaryDescription: `Analysis ${n}`,
});
const [a1, a2, a3, a4, a5] = [1, 2, 3, 4, 5].map(analysis) as [
  PreviousAnalysis,
  PreviousAnalysis,
  PreviousAnalysis,
  PreviousAnalysis,
  PreviousAnalysis,
];

describe('previous analyses of /analyse (spec §2, §9: the 3 most recent previous analyses)', () => {
  it('shows the 3 most recent of the 4 listed when no analysis is in the results card', () => {
    expect(previousAnalysesShown([a4, a3, a2, a1], null)).toEqual([a4, a3, a2]);
  });

  it('leaves out the analysis the results card shows, and still shows 3', () => {
    expect(previousAnalysesShown([a5, a4, a3, a2], a5.id)).toEqual([a4, a3, a2]);
    // Before the list is read again, the card already shows 5, which is not in it.
    expect(previousAnalysesShown([a4, a3, a2, a1], a5.id)).toEqual([a4, a3, a2]);
  });

  it('shows fewer when there are fewer, and none after a first analysis', () => {
    expect(previousAnalysesShown([a2, a1], a2.id)).toEqual([a1]);
    expect(previousAnalysesShown([a1], a1.id)).toEqual([]);
    expect(previousAnalysesShown([], null)).toEqual([]);
  });
});
