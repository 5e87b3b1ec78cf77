import { MAX_TAGS } from '@archlens/contracts/analysis';
import { toBritishSpelling } from '../../british-spelling.js';
import type { DesignReading } from './design-reading.js';

/** The tag of each stance of the elevation (`DesignReading.emphasis`). */
const EMPHASIS_TAGS = {
  'strong-vertical': 'strong vertical emphasis',
  vertical: 'vertical emphasis',
  balanced: 'orthogonal grid',
  horizontal: 'horizontal layering',
  'strong-horizontal': 'strong horizontal emphasis',
} as const satisfies Record<DesignReading['emphasis'], string>;

/** The tag of each degree of symmetry (`DesignReading.symmetry`). */
const SYMMETRY_TAGS = {
  strong: 'symmetrical elevation',
  partial: 'balanced composition',
  none: 'asymmetrical massing',
} as const satisfies Record<DesignReading['symmetry'], string>;

/** The tags of the surface, by its detail and contrast. */
const SURFACE_TAGS = {
  denseHigh: 'deep relief',
  dense: 'fine-grained detail',
  plainSoft: 'planar surfaces',
  plain: 'plain surfaces',
  articulated: 'articulated surfaces',
} as const;

/** The tag of each palette (`DesignReading.tone`). */
const TONE_TAGS = {
  colourful: 'strong colour',
  warm: 'warm palette',
  cool: 'cool palette',
  'two-tone': 'two-tone palette',
  pale: 'pale palette',
  dark: 'dark palette',
  sober: 'muted palette',
} as const satisfies Record<DesignReading['tone'], string>;

/** The tags of the light, by contrast and brightness. */
const LIGHT_TAGS = {
  hardBright: 'hard shadows',
  hard: 'strong shadow',
  soft: 'soft light',
  subdued: 'low-key light',
  even: 'even light',
} as const;

/** The tags that are there or not, each on one fact of the reading. */
const SINGLE_TAGS = {
  bays: 'bay rhythm',
  tiers: 'horizontal banding',
  tripartite: 'base, middle and top',
  restrained: 'monochrome palette',
  diagonal: 'oblique view',
  skyline: 'skyline silhouette',
  closeFraming: 'close framing',
  landscaped: 'landscaped setting',
  planted: 'planted edges',
  series: 'shared design language',
} as const;

/**
 * Every fixed tag `writeTags` can write, besides "<colour family> tones" (`COLOUR_FAMILY_NAMES`):
 * the vocabulary a style description is read against when a render's tags are compared with it.
 * Drawn from the same tables `writeTags` writes from, so the two cannot drift apart.
 */
export const OFFLINE_TAG_VOCABULARY: readonly string[] = [
  EMPHASIS_TAGS,
  SYMMETRY_TAGS,
  SURFACE_TAGS,
  TONE_TAGS,
  LIGHT_TAGS,
  SINGLE_TAGS,
].flatMap((table) => Object.values(table));

/**
 * The tags of the offline engine: the vocabulary an architect would search by, one or more per
 * class of the design reading (stance, order, rhythm, surface, palette, light, setting).
 * @returns 6 to 12 distinct lower-case tags (analysis contract: 5 to 12), most telling first
 */
export function writeTags(r: DesignReading): string[] {
  const out: string[] = [EMPHASIS_TAGS[r.emphasis], SYMMETRY_TAGS[r.symmetry]];
  if (r.bays !== null) out.push(SINGLE_TAGS.bays);
  if (r.tiers !== null) out.push(SINGLE_TAGS.tiers);
  if (r.elevation === 'plain-middle' || r.elevation === 'rich-middle') out.push(SINGLE_TAGS.tripartite);
  out.push(
    r.detail === 'dense'
      ? r.contrast === 'high'
        ? SURFACE_TAGS.denseHigh
        : SURFACE_TAGS.dense
      : r.detail === 'plain'
        ? r.contrast === 'soft'
          ? SURFACE_TAGS.plainSoft
          : SURFACE_TAGS.plain
        : SURFACE_TAGS.articulated,
  );
  out.push(TONE_TAGS[r.tone]);
  if (r.colour === 'restrained') out.push(SINGLE_TAGS.restrained);
  out.push(`${r.families[0] ?? 'grey'} tones`);
  out.push(
    r.contrast === 'high'
      ? r.light === 'bright'
        ? LIGHT_TAGS.hardBright
        : LIGHT_TAGS.hard
      : r.contrast === 'soft'
        ? LIGHT_TAGS.soft
        : r.light === 'subdued'
          ? LIGHT_TAGS.subdued
          : LIGHT_TAGS.even,
  );
  if (r.diagonal) out.push(SINGLE_TAGS.diagonal);
  if (r.sky === 'dominant') out.push(SINGLE_TAGS.skyline);
  else if (r.sky === 'none') out.push(SINGLE_TAGS.closeFraming);
  if (r.green === 'substantial') out.push(SINGLE_TAGS.landscaped);
  else if (r.green === 'some') out.push(SINGLE_TAGS.planted);
  if (r.imageCount > 1) out.push(SINGLE_TAGS.series);
  return [...new Set(out.map((t) => toBritishSpelling(t).toLowerCase()))].slice(0, MAX_TAGS);
}
