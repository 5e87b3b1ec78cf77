import type { PreviousAnalysis } from '@archlens/contracts/analysis';
import { previousAnalysesShown, rememberAnalyses } from './previous-analyses';

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
  it('shows the 3 most recent when no analysis is in the results card', () => {
    expect(previousAnalysesShown(rememberAnalyses([], [a3, a2, a1]), null)).toEqual([a3, a2, a1]);
  });

  it('leaves out the analysis the results card shows, and still shows 3 from the list read before it', () => {
    // Read on arrival: 3, 2, 1. The new analysis 4 is made; the list read again is 4, 3, 2.
    const known = rememberAnalyses(rememberAnalyses([], [a3, a2, a1]), [a4, a3, a2]);
    expect(previousAnalysesShown(known, a4.id)).toEqual([a3, a2, a1]);
    // Before the list is read again, the card already shows 4, which is not in it.
    expect(previousAnalysesShown(rememberAnalyses([], [a3, a2, a1]), a4.id)).toEqual([a3, a2, a1]);
  });

  it('moves on with each new analysis made on the page', () => {
    let known = rememberAnalyses([], [a3, a2, a1]);
    known = rememberAnalyses(known, [a4, a3, a2]);
    known = rememberAnalyses(known, [a5, a4, a3]);
    expect(previousAnalysesShown(known, a5.id)).toEqual([a4, a3, a2]);
  });

  it('shows fewer when there are fewer, and none after a first analysis', () => {
    expect(previousAnalysesShown(rememberAnalyses([], [a2, a1]), a2.id)).toEqual([a1]);
    expect(previousAnalysesShown(rememberAnalyses([], [a1]), a1.id)).toEqual([]);
    expect(previousAnalysesShown([], null)).toEqual([]);
  });

  it('keeps each analysis once, newest first, the fetched copy winning', () => {
    const renamed = { ...a2, primaryDescription: 'Read again' };
    expect(rememberAnalyses([a1, a2], [renamed, a3])).toEqual([a3, renamed, a1]);
  });
});
