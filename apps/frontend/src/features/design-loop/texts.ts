import { tagsInWords as inWords, type TagComparison } from '@archlens/contracts/design-loop';

/** Every user-visible text of the design loop: "Use as style" on an analysis and "Analyse this render" on a render. */
export const DESIGN_LOOP_TEXTS = {
  useAsStyle: 'Use as style',
  useAsStyleHint: 'Write a style brief from this analysis and start a render with it in Image Generation',
  useAsStyleHintFree: 'Write a style brief from this analysis and add it to your Working Clipboard',
  /** The separator title of the brief in the Working Clipboard. */
  clipboardTitle: 'Style brief from an analysis',
  toasts: {
    briefAddedTitle: 'Style Brief Added',
    briefAdded: 'The style brief is in your Working Clipboard. Image Generation with it needs ArchLens Pro.',
    briefAddFailedTitle: 'Not Added',
    briefAddFailed: 'The style brief could not be saved in this browser. Allow site storage and try again.',
    briefEmptyTitle: 'Nothing to Use',
    briefEmpty: 'This analysis has no design description a renderer could follow.',
    analyseFailedTitle: 'Analysis Failed',
    analysedTitle: 'Render Analysed',
    analysed: 'The render is analysed and in your library.',
  },
  viewPro: 'View Pro',

  /** /create, when the style description came from an analysis. */
  fromAnalysisNote: 'This style description is a brief written from your analysis; the generation keeps a link to it.',
  openAnalysis: 'Open the analysis',
  unlinkAnalysis: 'Unlink',

  /** The recipe row on the library generation page. */
  recipeSourceLead: 'Style from ',
  recipeSourceLink: (date: string) => `the analysis of ${date}`,
  recipeSourceLoading: 'Style from an analysis of yours',
  recipeSourceGone: 'Style from an analysis no longer in your library.',

  analyseRender: 'Analyse this render',
  analysingRender: 'Analysing…',
  analyseRenderHint: 'Analyse this render as a photograph (free, counted in your analyses) and compare its tags',
  comparisonHeading: (n: number) => `Render ${n} analysed`,
  /** What the render's tags were compared with. */
  comparedWith: (against: TagComparison['against']) =>
    against === 'analysis'
      ? 'Compared with the tags of the analysis its style came from.'
      : 'Compared with the tags its style description names.',
  kept: (tags: readonly string[]) => `Kept: ${inWords(tags)}`,
  added: (tags: readonly string[]) => `Added: ${inWords(tags)}`,
  lost: (tags: readonly string[]) => `Lost: ${inWords(tags)}`,
  /** When no tag of the reference survived (and so no "Kept" line). */
  noneKept: (against: TagComparison['against']) =>
    against === 'analysis'
      ? 'None of the tags of the source analysis shows in this render.'
      : 'None of the qualities the style description names shows in this render.',
  /** When the style description names no tag of the vocabulary at all. */
  nothingToCompare: 'Its style description names none of the qualities ArchLens tags, so there is nothing to compare with.',
  renderTags: (tags: readonly string[]) => `Render tags: ${inWords(tags)}`,
  openNewAnalysis: 'Open the analysis',
} as const;

/**
 * The lines of a comparison in plain words, in the order kept, added, lost, each only when it has
 * tags; a sentence instead of "Kept" when nothing of the reference was kept.
 * @returns `[testId, text]` pairs
 */
export function comparisonLines(comparison: TagComparison, renderTags: readonly string[]): Array<[string, string]> {
  const T = DESIGN_LOOP_TEXTS;
  const { kept, added, lost, against } = comparison;
  if (kept.length === 0 && lost.length === 0)
    return [
      ['comparison-nothing', T.nothingToCompare],
      ['comparison-tags', T.renderTags(renderTags)],
    ];
  const lines: Array<[string, string]> = [];
  lines.push(kept.length > 0 ? ['comparison-kept', T.kept(kept)] : ['comparison-none-kept', T.noneKept(against)]);
  if (added.length > 0) lines.push(['comparison-added', T.added(added)]);
  if (lost.length > 0) lines.push(['comparison-lost', T.lost(lost)]);
  return lines;
}
