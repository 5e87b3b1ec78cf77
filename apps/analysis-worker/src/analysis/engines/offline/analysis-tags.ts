import { MAX_TAGS } from '@archlens/contracts/analysis';
import { toBritishSpelling } from '../../british-spelling.js';
import type { DesignReading } from './design-reading.js';

/**
 * Every fixed tag `writeTags` can write, besides "<colour family> tones" (`COLOUR_FAMILY_NAMES`):
 * the vocabulary a style description is read against when a render's tags are compared with it.
 * Keep in step with `writeTags`.
 */
export const OFFLINE_TAG_VOCABULARY: readonly string[] = [
  'strong vertical emphasis',
  'vertical emphasis',
  'orthogonal grid',
  'horizontal layering',
  'strong horizontal emphasis',
  'symmetrical elevation',
  'balanced composition',
  'asymmetrical massing',
  'bay rhythm',
  'horizontal banding',
  'base, middle and top',
  'deep relief',
  'fine-grained detail',
  'planar surfaces',
  'plain surfaces',
  'articulated surfaces',
  'strong colour',
  'warm palette',
  'cool palette',
  'two-tone palette',
  'pale palette',
  'dark palette',
  'muted palette',
  'monochrome palette',
  'hard shadows',
  'strong shadow',
  'soft light',
  'low-key light',
  'even light',
  'oblique view',
  'skyline silhouette',
  'close framing',
  'landscaped setting',
  'planted edges',
  'shared design language',
];

/**
 * The tags of the offline engine: the vocabulary an architect would search by, one or more per
 * class of the design reading (stance, order, rhythm, surface, palette, light, setting).
 * @returns 6 to 12 distinct lower-case tags (analysis contract: 5 to 12), most telling first
 */
export function writeTags(r: DesignReading): string[] {
  const out: string[] = [
    {
      'strong-vertical': 'strong vertical emphasis',
      vertical: 'vertical emphasis',
      balanced: 'orthogonal grid',
      horizontal: 'horizontal layering',
      'strong-horizontal': 'strong horizontal emphasis',
    }[r.emphasis],
    { strong: 'symmetrical elevation', partial: 'balanced composition', none: 'asymmetrical massing' }[r.symmetry],
  ];
  if (r.bays !== null) out.push('bay rhythm');
  if (r.tiers !== null) out.push('horizontal banding');
  if (r.elevation === 'plain-middle' || r.elevation === 'rich-middle') out.push('base, middle and top');
  out.push(
    r.detail === 'dense'
      ? r.contrast === 'high'
        ? 'deep relief'
        : 'fine-grained detail'
      : r.detail === 'plain'
        ? r.contrast === 'soft'
          ? 'planar surfaces'
          : 'plain surfaces'
        : 'articulated surfaces',
  );
  out.push(
    {
      colourful: 'strong colour',
      warm: 'warm palette',
      cool: 'cool palette',
      'two-tone': 'two-tone palette',
      pale: 'pale palette',
      dark: 'dark palette',
      sober: 'muted palette',
    }[r.tone],
  );
  if (r.colour === 'restrained') out.push('monochrome palette');
  out.push(`${r.families[0] ?? 'grey'} tones`);
  out.push(
    r.contrast === 'high'
      ? r.light === 'bright'
        ? 'hard shadows'
        : 'strong shadow'
      : r.contrast === 'soft'
        ? 'soft light'
        : r.light === 'subdued'
          ? 'low-key light'
          : 'even light',
  );
  if (r.diagonal) out.push('oblique view');
  if (r.sky === 'dominant') out.push('skyline silhouette');
  else if (r.sky === 'none') out.push('close framing');
  if (r.green === 'substantial') out.push('landscaped setting');
  else if (r.green === 'some') out.push('planted edges');
  if (r.imageCount > 1) out.push('shared design language');
  return [...new Set(out.map((t) => toBritishSpelling(t).toLowerCase()))].slice(0, MAX_TAGS);
}
