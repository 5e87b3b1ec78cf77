import type { AggregateFeatures, PaletteEntry } from './pixel-features.js';

/**
 * The design reading of measured features: the classes every sentence of the offline text is
 * written from. Each class names the feature and the threshold behind it, so every phrase the
 * text uses can be traced back to a measurement (the unit tests tie each phrase to its class).
 */

/** Where each reading changes its wording. Ratios are vertical ÷ horizontal edge weight. */
export const READING_THRESHOLDS = {
  /** V/H at or above: strong vertical emphasis; at or below the reciprocal: strong horizontal. */
  strongEmphasis: 1.5,
  /** V/H at or above: vertical lean; at or below the reciprocal: horizontal lean. */
  emphasis: 1.15,
  /** Diagonal share of edges at or above which diagonals are worth a sentence. */
  diagonal: 0.38,
  /** Symmetry at or above: close to mirror-symmetrical; at or above `partialSymmetry`: partial. */
  strongSymmetry: 0.6,
  partialSymmetry: 0.35,
  /** Best mirror axis further than this from the centre (fraction of the width) is "off centre". */
  axisOffCentre: 0.02,
  /** Mean luma below: subdued; above `brightLight`: bright. */
  lowLight: 0.35,
  brightLight: 0.6,
  /** Luma standard deviation below: soft contrast; above `highContrast`: high. */
  softContrast: 0.17,
  highContrast: 0.26,
  /** Mean chroma of material colours below: restrained; above `vividColour`: saturated. */
  restrainedColour: 0.08,
  vividColour: 0.2,
  /** Warmth at or above: warm; at or below its negative: cool. */
  warmth: 0.15,
  /** Material colours at or above this lightness count as pale, at or below `darkMaterial` as dark. */
  paleMaterial: 0.62,
  darkMaterial: 0.33,
  /** Pale and dark material colours each at least this share of the material weight: a two-tone palette. */
  twoTone: 0.25,
  /** Edge density below: plain surfaces; above `denseDetail`: dense articulation. */
  plainDetail: 0.25,
  denseDetail: 0.42,
  /** Autocorrelation strength at or above which a repeat counts as a rhythm. */
  rhythm: 0.35,
  /** The middle third's edge density at least this many times both neighbours' (or at most the reciprocal): base, middle and top. */
  tripartite: 1.2,
  /** One end third's edge density at least this many times the other's: detail gathers there. */
  gathers: 1.4,
  /** Sky share at or above: dominant; `skyBackdrop`: an open backdrop; `skySliver`: a sliver. */
  skyDominant: 0.35,
  skyBackdrop: 0.12,
  skySliver: 0.02,
  /** Vegetation share at or above: substantial; `someGreen`: some planting. */
  muchGreen: 0.15,
  someGreen: 0.03,
  /** A palette cluster with more than this share of its pixels in the sky or vegetation masks is read as setting, not material. */
  nonMaterial: 0.3,
  /** Frame width ÷ height below: portrait; above `landscapeFrame`: landscape. */
  portraitFrame: 0.87,
  landscapeFrame: 1.15,
} as const;

const T = READING_THRESHOLDS;

export type Emphasis = 'strong-vertical' | 'vertical' | 'balanced' | 'horizontal' | 'strong-horizontal';

/**
 * The feature a critic notices first, which the opening sentence is built around, chosen by these
 * rules in order: strong symmetry (`axial`), strong vertical or horizontal emphasis (`soaring`,
 * `long`), dominant sky (`skyline`), substantial planting (`planted`), dense detail under high
 * contrast (`relief`), else the milder emphasis (`upright`, `layered`, `gridded`).
 */
export type Lead = 'axial' | 'soaring' | 'long' | 'skyline' | 'planted' | 'relief' | 'upright' | 'layered' | 'gridded';

/** How the colours of the built surfaces read as a whole. */
export type Tone = 'colourful' | 'warm' | 'cool' | 'two-tone' | 'pale' | 'dark' | 'sober';

/** How detail is distributed down the height (`AggregateFeatures.bands`). */
export type ElevationOrder = 'plain-middle' | 'rich-middle' | 'top-heavy' | 'base-heavy' | 'even';

/** The design reading of a set of features: the classes the wording depends on. */
export interface DesignReading {
  imageCount: number;
  ratio: number;
  emphasis: Emphasis;
  diagonal: boolean;
  symmetry: 'strong' | 'partial' | 'none';
  axisOffCentre: boolean;
  /** Palette entries read as built surfaces (not mostly sky or planting), largest first. */
  materials: PaletteEntry[];
  /** Up to three distinct colour families of `materials`, largest first. */
  families: string[];
  temperature: 'warm' | 'cool' | 'neutral';
  materialChroma: number;
  /** Share-weighted lightness of the material colours, 0..1. */
  materialLightness: number;
  colour: 'restrained' | 'muted' | 'saturated';
  tone: Tone;
  light: 'subdued' | 'even' | 'bright';
  contrast: 'soft' | 'moderate' | 'high';
  detail: 'plain' | 'moderate' | 'dense';
  /** Approximate number of bays across the width when vertical edges repeat; null when they do not. */
  bays: number | null;
  /** Approximate number of tiers down the height when horizontal edges repeat; null when they do not. */
  tiers: number | null;
  elevation: ElevationOrder;
  sky: 'none' | 'sliver' | 'backdrop' | 'dominant';
  green: 'none' | 'some' | 'substantial';
  frame: 'portrait' | 'square' | 'landscape';
  lead: Lead;
}

function emphasisOf(ratio: number): Emphasis {
  if (ratio >= T.strongEmphasis) return 'strong-vertical';
  if (ratio >= T.emphasis) return 'vertical';
  if (ratio <= 1 / T.strongEmphasis) return 'strong-horizontal';
  if (ratio <= 1 / T.emphasis) return 'horizontal';
  return 'balanced';
}

/** Palette entries that are not mostly sky or vegetation; the whole palette if none is left. */
export function materialEntries(palette: readonly PaletteEntry[]): PaletteEntry[] {
  const materials = palette.filter((p) => p.skyShare + p.vegetationShare <= T.nonMaterial);
  return materials.length > 0 ? materials : [...palette];
}

function elevationOf({ top, middle, bottom }: AggregateFeatures['bands']): ElevationOrder {
  const least = 1e-3;
  const [t, m, b] = [Math.max(top, least), Math.max(middle, least), Math.max(bottom, least)];
  if (m >= T.tripartite * Math.max(t, b)) return 'rich-middle';
  if (m * T.tripartite <= Math.min(t, b)) return 'plain-middle';
  if (t >= T.gathers * b) return 'top-heavy';
  if (b >= T.gathers * t) return 'base-heavy';
  return 'even';
}

function toneOf(colour: DesignReading['colour'], temperature: DesignReading['temperature'], materials: readonly PaletteEntry[]): Tone {
  if (colour === 'saturated') return 'colourful';
  if (temperature === 'warm') return 'warm';
  if (temperature === 'cool') return 'cool';
  const weight = materials.reduce((s, m) => s + m.share, 0) || 1;
  const pale = materials.filter((m) => m.lightness >= T.paleMaterial).reduce((s, m) => s + m.share, 0) / weight;
  const dark = materials.filter((m) => m.lightness <= T.darkMaterial).reduce((s, m) => s + m.share, 0) / weight;
  if (pale >= T.twoTone && dark >= T.twoTone) return 'two-tone';
  const lightness = materials.reduce((s, m) => s + m.share * m.lightness, 0) / weight;
  if (lightness >= T.paleMaterial) return 'pale';
  if (lightness <= T.darkMaterial) return 'dark';
  return 'sober';
}

function leadOf(r: Omit<DesignReading, 'lead'>): Lead {
  if (r.symmetry === 'strong') return 'axial';
  if (r.emphasis === 'strong-vertical') return 'soaring';
  if (r.emphasis === 'strong-horizontal') return 'long';
  if (r.sky === 'dominant') return 'skyline';
  if (r.green === 'substantial') return 'planted';
  if (r.detail === 'dense' && r.contrast === 'high') return 'relief';
  if (r.emphasis === 'vertical') return 'upright';
  if (r.emphasis === 'horizontal') return 'layered';
  return 'gridded';
}

/**
 * Reads the measured features as design classes, by `READING_THRESHOLDS`.
 * @param f the aggregate features of one analysis (`aggregateFeatures`)
 */
export function readDesign(f: AggregateFeatures): DesignReading {
  const materials = materialEntries(f.palette);
  const families = [...new Set(materials.map((m) => m.family))].slice(0, 3);
  const weight = materials.reduce((s, m) => s + m.share, 0);
  const materialChroma = weight > 0 ? materials.reduce((s, m) => s + m.share * m.chroma, 0) / weight : 0;
  const materialLightness = weight > 0 ? materials.reduce((s, m) => s + m.share * m.lightness, 0) / weight : 0.5;
  const repeats = (period: number) => Math.max(2, Math.round(1 / period));
  const colour = materialChroma < T.restrainedColour ? 'restrained' : materialChroma > T.vividColour ? 'saturated' : 'muted';
  const temperature = f.warmth >= T.warmth ? 'warm' : f.warmth <= -T.warmth ? 'cool' : 'neutral';
  const reading: Omit<DesignReading, 'lead'> = {
    imageCount: f.imageCount,
    ratio: f.verticalToHorizontal,
    emphasis: emphasisOf(f.verticalToHorizontal),
    diagonal: f.edges.diagonal >= T.diagonal,
    symmetry: f.symmetry >= T.strongSymmetry ? 'strong' : f.symmetry >= T.partialSymmetry ? 'partial' : 'none',
    axisOffCentre: Math.abs(f.symmetryAxisOffset) > T.axisOffCentre,
    materials,
    families,
    temperature,
    materialChroma,
    materialLightness,
    colour,
    tone: toneOf(colour, temperature, materials),
    light: f.luminance < T.lowLight ? 'subdued' : f.luminance > T.brightLight ? 'bright' : 'even',
    contrast: f.contrast < T.softContrast ? 'soft' : f.contrast > T.highContrast ? 'high' : 'moderate',
    detail: f.edgeDensity < T.plainDetail ? 'plain' : f.edgeDensity > T.denseDetail ? 'dense' : 'moderate',
    bays: f.verticalRhythm.strength >= T.rhythm && f.verticalRhythm.period > 0 ? repeats(f.verticalRhythm.period) : null,
    tiers: f.horizontalRhythm.strength >= T.rhythm && f.horizontalRhythm.period > 0 ? repeats(f.horizontalRhythm.period) : null,
    elevation: elevationOf(f.bands),
    sky: f.sky >= T.skyDominant ? 'dominant' : f.sky >= T.skyBackdrop ? 'backdrop' : f.sky >= T.skySliver ? 'sliver' : 'none',
    green: f.vegetation >= T.muchGreen ? 'substantial' : f.vegetation >= T.someGreen ? 'some' : 'none',
    frame: f.aspectRatio < T.portraitFrame ? 'portrait' : f.aspectRatio > T.landscapeFrame ? 'landscape' : 'square',
  };
  return { ...reading, lead: leadOf(reading) };
}
