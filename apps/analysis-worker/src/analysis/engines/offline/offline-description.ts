import type { AnalysisText } from '@archlens/contracts/analysis';
import { toBritishSpelling } from '../../british-spelling.js';
import { writeTags } from './analysis-tags.js';
import { readDesign } from './design-reading.js';
import { writeExpandedDescription } from './expanded-description.js';
import type { AggregateFeatures } from './pixel-features.js';
import { writePrimaryDescription } from './primary-description.js';

/**
 * Writes the analysis text of the offline engine from measured pixel features only.
 *
 * The features are read as design classes (`readDesign`: stance and proportion, order and rhythm,
 * surface, palette, light, setting) and written up in the register of a building review: the
 * primary description and the expanded sections in prose, every figure in the expanded text's last
 * section, `## Measurements`. It never names a building, a place or a style.
 *
 * @param features the aggregate of 1 to 10 images (`aggregateFeatures`)
 * @returns `primaryDescription` of exactly 88 words (spec §9) with no figures, `expandedDescription`
 *   in plain text with `## ` headings and blank-line paragraphs (spec §3), and 6 to 12 lower-case
 *   tags; British spelling throughout (spec §1). Deterministic: the same features always give the
 *   same text.
 * @throws Error only on an internal defect (`writePrimaryDescription`)
 */
export function describeFeatures(features: AggregateFeatures): AnalysisText {
  const reading = readDesign(features);
  return {
    primaryDescription: writePrimaryDescription(reading),
    expandedDescription: toBritishSpelling(writeExpandedDescription(features, reading)),
    tags: writeTags(reading),
  };
}
