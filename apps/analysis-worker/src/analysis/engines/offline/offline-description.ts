import { MAX_TAGS, PRIMARY_DESCRIPTION_WORDS, type AnalysisText } from '@archlens/contracts/analysis';
import { countWords } from '@archlens/contracts/words';
import { toBritishSpelling } from '../../british-spelling.js';
import type { AggregateFeatures, ImageFeatures, PaletteEntry } from './pixel-features.js';
import { expandTemplate, fitExactly, optionalSentence, type Candidate } from './word-budget.js';

/**
 * Writes the analysis text of the offline engine from measured pixel features only.
 *
 * It reads the numbers the way an architect reads an elevation (edge balance and symmetry as
 * massing, palette as materials, luminance and contrast as light, edge density and repetition as
 * detailing and rhythm) and says so honestly: it never names a building, a place or a style, and
 * the expanded description states that it was written from measured features without an AI model.
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
  /** Mean luma below: subdued; above `brightLight`: bright. */
  lowLight: 0.35,
  brightLight: 0.6,
  /** Luma standard deviation below: soft contrast; above `highContrast`: high. */
  softContrast: 0.17,
  highContrast: 0.26,
  /** Mean chroma of material colours below: restrained; above `vividColour`: saturated. */
  restrainedColour: 0.08,
  vividColour: 0.2,
  /** Warmth index at or above: warm; at or below its negative: cool. */
  warmth: 0.15,
  /** Edge density below: plain surfaces; above `denseDetail`: dense articulation. */
  plainDetail: 0.25,
  denseDetail: 0.42,
  /** Autocorrelation strength at or above which a repeat counts as a rhythm. */
  rhythm: 0.35,
  /** Sky share at or above: dominant; `skyBackdrop`: an open backdrop; `skySliver`: a sliver. */
  skyDominant: 0.35,
  skyBackdrop: 0.12,
  skySliver: 0.02,
  /** Vegetation share at or above: substantial; `someGreen`: some planting. */
  muchGreen: 0.15,
  someGreen: 0.03,
  /** A palette cluster with more than this share of its pixels in the sky or vegetation masks is read as setting, not material. */
  nonMaterial: 0.3,
} as const;

type Emphasis = 'strong-vertical' | 'vertical' | 'balanced' | 'horizontal' | 'strong-horizontal';

/** The design reading of a set of features: the classes the wording depends on. */
interface DesignReading {
  imageCount: number;
  ratio: number;
  emphasis: Emphasis;
  diagonal: boolean;
  symmetry: 'strong' | 'partial' | 'none';
  materials: PaletteEntry[];
  families: string[];
  temperature: 'warm' | 'cool' | 'neutral';
  materialChroma: number;
  colour: 'restrained' | 'muted' | 'saturated';
  light: 'subdued' | 'even' | 'bright';
  contrast: 'soft' | 'moderate' | 'high';
  detail: 'plain' | 'moderate' | 'dense';
  bays: number | null;
  tiers: number | null;
  sky: 'none' | 'sliver' | 'backdrop' | 'dominant';
  green: 'none' | 'some' | 'substantial';
  frame: 'portrait' | 'square' | 'landscape';
}

const T = READING_THRESHOLDS;

function emphasisOf(ratio: number): Emphasis {
  if (ratio >= T.strongEmphasis) return 'strong-vertical';
  if (ratio >= T.emphasis) return 'vertical';
  if (ratio <= 1 / T.strongEmphasis) return 'strong-horizontal';
  if (ratio <= 1 / T.emphasis) return 'horizontal';
  return 'balanced';
}

/** Palette entries that are not mostly sky or vegetation; the whole palette if none is left. */
function materialEntries(palette: readonly PaletteEntry[]): PaletteEntry[] {
  const materials = palette.filter((p) => p.skyShare + p.vegetationShare <= T.nonMaterial);
  return materials.length > 0 ? materials : [...palette];
}

function readDesign(f: AggregateFeatures): DesignReading {
  const materials = materialEntries(f.palette);
  const families = [...new Set(materials.map((m) => m.family))].slice(0, 3);
  const weight = materials.reduce((s, m) => s + m.share, 0);
  const materialChroma = weight > 0 ? materials.reduce((s, m) => s + m.share * m.chroma, 0) / weight : 0;
  const repeats = (period: number) => Math.max(2, Math.round(1 / period));
  return {
    imageCount: f.imageCount,
    ratio: f.verticalToHorizontal,
    emphasis: emphasisOf(f.verticalToHorizontal),
    diagonal: f.edges.diagonal >= T.diagonal,
    symmetry: f.symmetry >= T.strongSymmetry ? 'strong' : f.symmetry >= T.partialSymmetry ? 'partial' : 'none',
    materials,
    families,
    temperature: f.warmth >= T.warmth ? 'warm' : f.warmth <= -T.warmth ? 'cool' : 'neutral',
    materialChroma,
    colour: materialChroma < T.restrainedColour ? 'restrained' : materialChroma > T.vividColour ? 'saturated' : 'muted',
    light: f.luminance < T.lowLight ? 'subdued' : f.luminance > T.brightLight ? 'bright' : 'even',
    contrast: f.contrast < T.softContrast ? 'soft' : f.contrast > T.highContrast ? 'high' : 'moderate',
    detail: f.edgeDensity < T.plainDetail ? 'plain' : f.edgeDensity > T.denseDetail ? 'dense' : 'moderate',
    bays: f.verticalRhythm.strength >= T.rhythm && f.verticalRhythm.period > 0 ? repeats(f.verticalRhythm.period) : null,
    tiers: f.horizontalRhythm.strength >= T.rhythm && f.horizontalRhythm.period > 0 ? repeats(f.horizontalRhythm.period) : null,
    sky: f.sky >= T.skyDominant ? 'dominant' : f.sky >= T.skyBackdrop ? 'backdrop' : f.sky >= T.skySliver ? 'sliver' : 'none',
    green: f.vegetation >= T.muchGreen ? 'substantial' : f.vegetation >= T.someGreen ? 'some' : 'none',
    frame: f.aspectRatio < 0.87 ? 'portrait' : f.aspectRatio > 1.15 ? 'landscape' : 'square',
  };
}

// ---------------------------------------------------------------------------------------------
// Formatting helpers

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

function numberWord(n: number): string {
  return NUMBER_WORDS[n] ?? String(n);
}

/** A share 0..1 as a whole percentage, e.g. "42 per cent". */
function percent(share: number): string {
  return `${Math.round(share * 100)} per cent`;
}

/** A ratio with one decimal, e.g. "1.7" (read "1.7 to 1"). */
function ratioText(r: number): string {
  return r.toFixed(1);
}

function score2(x: number): string {
  return x.toFixed(2);
}

function listPhrase(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** FNV-1a: a stable hash so that wording varies with the features but never between runs. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** Chooses one of several equivalent wordings, stably for the same features. */
type WordingPicker = <T>(key: string, options: readonly T[]) => T;

function picker(f: AggregateFeatures): WordingPicker {
  const seed = [f.verticalToHorizontal, f.symmetry, f.luminance, f.contrast, f.sky, f.edgeDensity].map((x) => x.toFixed(3)).join('|');
  return <T>(key: string, options: readonly T[]): T => options[fnv1a(`${seed}#${key}`) % options.length];
}

/** Hedged material reading of a colour family: what such a tone usually is on a building. */
function materialHint(family: string): string {
  if (/^(white|off-white|warm off-white|light grey|beige|sand|straw|pale olive)$/.test(family)) return 'pale stone, render or concrete';
  if (/^(warm grey|mid grey|khaki|taupe|olive grey)$/.test(family)) return 'stone or concrete';
  if (/^(cool grey|dark grey|dark slate|slate blue|pale blue-grey|grey-green|mauve grey)$/.test(family))
    return 'concrete, metal or glazing';
  if (/^(charcoal|black)$/.test(family)) return 'deep shadow, dark metal or glass';
  if (/^(terracotta|brick red|rust|tan|brown|dark brown|oxblood|umber|olive brown|deep red|red)$/.test(family))
    return 'brick, terracotta or timber';
  if (/^(ochre|bronze|yellow|peach|apricot|orange|coral|dusty pink|dusty rose|pink|pale pink)$/.test(family))
    return 'painted render or warm-toned stone';
  if (/(blue|navy|teal|aqua)/.test(family)) return 'glazing or painted surfaces';
  if (/(green|sage|olive|lime)/.test(family)) return 'planting or green-painted surfaces';
  return 'painted or clad surfaces';
}

function designAdjectives(r: DesignReading): string[] {
  const direction: Record<Emphasis, string> = {
    'strong-vertical': 'emphatically upright',
    vertical: 'upright',
    balanced: 'gridded',
    horizontal: 'grounded',
    'strong-horizontal': 'long and layered',
  };
  const order = { strong: 'formal', partial: 'balanced', none: 'informal' }[r.symmetry];
  const palette =
    r.colour === 'saturated'
      ? 'colourful'
      : r.temperature === 'warm'
        ? 'warm-toned'
        : r.temperature === 'cool'
          ? 'cool-toned'
          : 'tonally sober';
  const light = { soft: 'softly lit', moderate: 'evenly modelled', high: 'crisply modelled' }[r.contrast];
  return [direction[r.emphasis], order, palette, light];
}

// ---------------------------------------------------------------------------------------------
// Primary description: sentence templates fitted to exactly 88 words

function primarySlots(f: AggregateFeatures, r: DesignReading, pick: WordingPicker): Candidate[][] {
  const british = (t: string) => toBritishSpelling(t);
  const required = (t: string) => expandTemplate(british(t));
  const optional = (t: string) => optionalSentence(british(t));
  const slots: Candidate[][] = [];
  const v = ratioText(r.ratio);
  const h = ratioText(1 / r.ratio);
  const lead =
    r.imageCount > 1
      ? `[!!Across the ${numberWord(r.imageCount)} images,]`
      : pick('lead', ['[Read from its lines alone,]', '[Read purely as line and tone,]', '[Taken line by line,]']);

  slots.push(
    required(
      {
        'strong-vertical': `${lead} vertical edges outweigh horizontal ones by ${v} to 1[!!, so the massing reads with a pronounced upward emphasis].`,
        vertical: `${lead} vertical edges outweigh horizontal ones by ${v} to 1[!, a measured upward pull rather than a soaring one].`,
        balanced: `${lead} vertical and horizontal edges are in [!close] balance at ${v} to 1[!, giving the elevation a steady, gridded order].`,
        horizontal: `${lead} horizontal edges outweigh vertical ones by ${h} to 1[!, so the massing reads as low and layered].`,
        'strong-horizontal': `${lead} horizontal edges outweigh vertical ones by ${h} to 1[!!, so the massing reads as long, low and stratified].`,
      }[r.emphasis],
    ),
  );

  if (r.diagonal) {
    slots.push(optional(`[!Raking] diagonals take ${percent(f.edges.diagonal)} of the edges[!, from perspective or inclined planes].`));
  }

  const offset = f.symmetryAxisOffset;
  const axis = Math.abs(offset) < 0.02 ? 'near the centre' : `slightly ${offset > 0 ? 'right' : 'left'} of centre`;
  slots.push(
    required(
      {
        strong: `The frame is close to mirror-symmetrical[ about a central axis][!, formal and ordered].`,
        partial: `A partial symmetry organises the frame[! about an axis ${axis}].`,
        none: `The arrangement is [frankly] asymmetrical[!, its weight distributed freely].`,
      }[r.symmetry],
    ),
  );

  const [f1 = 'grey', f2, f3] = r.families;
  const support = f3 !== undefined ? `${f2} and ${f3}` : f2;
  const range = `a ${r.temperature}, ${r.colour} range`;
  slots.push(
    required(
      support !== undefined
        ? `The [material] palette is led by ${f1}[!, with ${support} in support][!, ${range}].`
        : `The [material] palette is [almost] entirely ${f1}[!, ${range}].`,
    ),
  );
  slots.push(optional(`${pick('hint', ['[!Read from colour alone,]', '[!Judged on colour alone,]'])} ${f1} suggests ${materialHint(f1)}.`));

  const lightWord = { subdued: 'subdued', even: 'even', bright: 'bright' }[r.light];
  const lightStart = pick('light', ['Light is', 'The light is']);
  slots.push(
    required(
      {
        high: `${lightStart} ${lightWord} and contrast [!notably] high[!, so shadow models the relief sharply].`,
        moderate: `${lightStart} ${lightWord} and contrast moderate[!, with enough shadow to model the surfaces].`,
        soft: `${lightStart} ${lightWord} and contrast soft[!, so form is read through tone rather than shadow].`,
      }[r.contrast],
    ),
  );

  const edges = percent(f.edgeDensity);
  const detail = {
    dense: `Surfaces are densely articulated[!, with edges on ${edges} of the frame]`,
    moderate: `Surfaces are moderately articulated[!, with edges on ${edges} of the frame]`,
    plain: `Surfaces are broad and largely plain[!, with edges on only ${edges} of the frame]`,
  }[r.detail];
  const rhythm =
    r.bays !== null
      ? `[!!, and vertical elements repeat in roughly ${numberWord(r.bays)} bays]`
      : r.tiers !== null
        ? `[!!, and horizontal bands recur in roughly ${numberWord(r.tiers)} tiers]`
        : `[!, without a strongly regular repeat]`;
  slots.push(required(`${detail}${rhythm}.`));

  const s = percent(f.sky);
  const skyPart = {
    dominant: `Sky fills [about] ${s} of the frame[!, so the built form is read against it]`,
    backdrop: `Open sky takes [about] ${s} of the frame`,
    sliver: `Only [about] ${s} of the frame is sky`,
    none: `No sky is measured[!, the framing held close]`,
  }[r.sky];
  const g = percent(f.vegetation);
  const greenPart = {
    substantial: `[! while planting covers ${g}]`,
    some: `[!, with planting at ${g}]`,
    none: `[!, and planting is all but absent]`,
  }[r.green];
  slots.push(required(`${skyPart}${greenPart}.`));

  const [a1, a2, a3, a4] = designAdjectives(r);
  slots.push(optional(`[!Taken together,] the design language reads as ${a1}, ${a2}[!, ${a3}] and ${a4}[, on the measured evidence].`));
  return slots;
}

/**
 * The primary description: exactly `PRIMARY_DESCRIPTION_WORDS` (88, spec §9) words by `countWords`.
 * @throws Error if the sentence plan cannot reach 88 words (a defect: the unit tests run hundreds of
 *   random feature sets and every fixture to show that it cannot happen)
 */
function primaryDescription(f: AggregateFeatures, r: DesignReading, pick: WordingPicker): string {
  const slots = primarySlots(f, r, pick);
  const chosen = fitExactly(slots, PRIMARY_DESCRIPTION_WORDS);
  if (chosen === null) throw new Error(`The offline description cannot be fitted to ${PRIMARY_DESCRIPTION_WORDS} words`);
  const text = chosen.filter((t) => t.length > 0).join(' ');
  if (countWords(text) !== PRIMARY_DESCRIPTION_WORDS) {
    throw new Error(`The offline description has ${countWords(text)} words, not ${PRIMARY_DESCRIPTION_WORDS}`);
  }
  return text;
}

// ---------------------------------------------------------------------------------------------
// Expanded description

function massingSection(f: AggregateFeatures, r: DesignReading): string {
  const e = f.edges;
  const balance =
    r.emphasis === 'balanced'
      ? `the two directions are in balance at ${ratioText(r.ratio)} to 1`
      : r.ratio >= 1
        ? `vertical edges outweigh horizontal ones by ${ratioText(r.ratio)} to 1`
        : `horizontal edges outweigh vertical ones by ${ratioText(1 / r.ratio)} to 1`;
  const reading = {
    'strong-vertical':
      'Vertical lines dominate the elevation, so the massing reads upward first, with horizontal lines acting as secondary ties rather than as the organising structure.',
    vertical: 'Verticals lead without overwhelming: the massing reads as upright, with horizontals still present as a secondary order.',
    balanced:
      'Neither direction dominates, which suggests a gridded elevation in which vertical and horizontal lines carry similar weight.',
    horizontal: 'Horizontals lead: the massing reads as layered and grounded, with verticals acting as interruptions within long bands.',
    'strong-horizontal':
      'Horizontal lines dominate, so the massing reads as long and stratified, its bands carrying the eye across the frame rather than up it.',
  }[r.emphasis];
  const diagonal = r.diagonal
    ? `Diagonals are unusually strong at ${percent(e.diagonal)}, which points to perspective recession, inclined planes or pitched elements in view.`
    : e.diagonal < 0.2
      ? `Diagonals are scarce at ${percent(e.diagonal)}, which suggests a near-frontal view of orthogonal forms.`
      : `Diagonals take ${percent(e.diagonal)}, an ordinary share for a photographed building seen with some perspective.`;

  const offset = f.symmetryAxisOffset;
  const axis =
    Math.abs(offset) < 0.01 ? 'at the centre of the frame' : `${percent(Math.abs(offset))} ${offset > 0 ? 'right' : 'left'} of centre`;
  const symmetry = {
    strong: 'the composition is close to mirror-symmetrical and reads as formal and axial.',
    partial: 'there is a partial symmetry, balanced but not strict, with the two halves answering rather than repeating each other.',
    none: 'the composition is asymmetrical, its masses weighted freely rather than paired about an axis.',
  }[r.symmetry];

  const frameName = { portrait: 'portrait', square: 'close to square', landscape: 'landscape' }[r.frame];
  const frameEffect =
    r.frame === 'portrait'
      ? r.ratio >= 1
        ? 'which reinforces the vertical reading'
        : 'which works against the horizontal bands and compresses them'
      : r.frame === 'landscape'
        ? r.ratio >= 1
          ? 'so the verticals rise within a wide field'
          : 'which reinforces the horizontal reading'
        : 'which favours neither direction';
  const count = r.imageCount > 1 ? ` Averaged over the ${numberWord(r.imageCount)} images, the frames are ` : ' The frame is ';
  return [
    '## Massing and Form',
    '',
    `Of the edges found by a Sobel pass over the ${r.imageCount > 1 ? 'images' : 'image'}, ${percent(e.vertical)} run vertical, ${percent(e.horizontal)} horizontal and ${percent(e.diagonal)} diagonal, so ${balance}. ${reading} ${diagonal}`,
    '',
    `Mirror symmetry scores ${score2(f.symmetry)} on a scale from 0 to 1${r.symmetry === 'none' ? '' : `, with the best axis ${axis}`}: ${symmetry}${count}${frameName} (${f.aspectRatio.toFixed(2)} to 1), ${frameEffect}.`,
  ].join('\n');
}

function paletteEntryText(p: PaletteEntry): string {
  return `${p.family} ${p.hex} (nearest named colour ${p.name}) at ${percent(p.share)}`;
}

function paletteSection(f: AggregateFeatures, r: DesignReading): string {
  const entries = f.palette.map(paletteEntryText);
  const nonMaterial = f.palette.filter((p) => !r.materials.includes(p));
  const skyOnes = nonMaterial.filter((p) => p.skyShare >= p.vegetationShare).map((p) => p.family);
  const greenOnes = nonMaterial.filter((p) => p.skyShare < p.vegetationShare).map((p) => p.family);
  const excluded: string[] = [];
  if (skyOnes.length > 0) excluded.push(`${listPhrase([...new Set(skyOnes)])} ${skyOnes.length > 1 ? 'lie' : 'lies'} mostly in the sky`);
  if (greenOnes.length > 0)
    excluded.push(`${listPhrase([...new Set(greenOnes)])} ${greenOnes.length > 1 ? 'lie' : 'lies'} mostly in planting`);
  const exclusion =
    excluded.length > 0
      ? ` Of these, ${listPhrase(excluded)}, so ${nonMaterial.length > 1 ? 'they are' : 'it is'} read as setting rather than material.`
      : '';

  const [lead = 'grey', second] = r.families;
  const secondHint =
    second !== undefined && materialHint(second) !== materialHint(lead) ? `, while ${second} suggests ${materialHint(second)}` : '';
  const temperature = {
    warm: 'warm, leaning to reds, ochres and browns',
    cool: 'cool, leaning to blues and blue-greys',
    neutral: 'neutral, with warm and cool tints in balance',
  }[r.temperature];
  const colour = {
    restrained: 'so colour is restrained, close to monochrome, and the design relies on tone and texture',
    muted: 'so colour is muted and supports rather than leads the design',
    saturated: 'so colour is saturated and becomes a design element in its own right',
  }[r.colour];
  return [
    '## Materials and Palette',
    '',
    `Clustering the pixels into up to five colours (k-means on RGB) gives, by share of the frame: ${listPhrase(entries)}.${exclusion}`,
    '',
    `The material tones are led by ${listPhrase(r.families)}. ${lead.charAt(0).toUpperCase()}${lead.slice(1)} suggests ${materialHint(lead)}${secondHint}; this is a reading of colour alone, which the pixels cannot confirm. The temperature of the built surfaces is ${temperature} (index ${f.warmth.toFixed(2)} on a scale from -1 cool to +1 warm), and their mean chroma is ${score2(r.materialChroma)}, ${colour}.`,
  ].join('\n');
}

function lightSection(f: AggregateFeatures, r: DesignReading): string {
  const key = `${r.light}/${r.contrast}`;
  const readings: Record<string, string> = {
    'bright/high': 'This is bright, hard light: sunlit planes and deep shadow sit side by side, so relief and depth are modelled sharply.',
    'bright/moderate': 'The light is bright but not harsh; surfaces read clearly, with shadow enough to show depth.',
    'bright/soft': 'The light is bright and diffuse, close to high-key: surfaces read as pale planes and depth is carried by outline.',
    'even/high': 'Mid-tones dominate, yet contrast is high: strong darks, in shadow or in dark materials, punctuate the surfaces.',
    'even/moderate': 'The light is even and balanced, with shadows that model the surfaces without dramatising them.',
    'even/soft':
      'The light is even and diffuse, as under cloud or in open shade; form is carried by tone and outline rather than by cast shadow.',
    'subdued/high': 'The light is low-key and dramatic: a few lit surfaces stand out against large areas of shadow or dark material.',
    'subdued/moderate': 'The light is subdued, so the surfaces read as heavy and close, with modest modelling.',
    'subdued/soft': 'The light is dim and flat, so the atmosphere is quiet and the forms merge into one another.',
  };
  return [
    '## Light and Atmosphere',
    '',
    `Mean luminance is ${score2(f.luminance)} (0 is black, 1 is white) and its standard deviation, the measure of contrast used here, is ${score2(f.contrast)}. ${readings[key] ?? ''} Across the whole frame, sky included, mean chroma is ${score2(f.saturation)}.`,
  ].join('\n');
}

function rhythmSection(f: AggregateFeatures, r: DesignReading): string {
  const density = {
    dense: 'a densely worked surface, with much fine relief or subdivision catching the light',
    moderate: 'a moderately articulated surface, where openings and joints are present without crowding the planes',
    plain: 'broad, quiet planes, with detail concentrated at a few lines rather than spread across the surfaces',
  }[r.detail];
  const vr = f.verticalRhythm;
  const hr = f.horizontalRhythm;
  const vertical =
    r.bays !== null
      ? `Vertical edges repeat across the width at a spacing of ${percent(vr.period)} of the frame (autocorrelation ${score2(vr.strength)}), about ${numberWord(r.bays)} bays: a regular rhythm that sets the pace of the elevation.`
      : `Vertical edges show no strong repeat across the width (best autocorrelation ${score2(vr.strength)}), so the bays, if any, are irregular or masked by perspective.`;
  const horizontal =
    r.tiers !== null
      ? `Horizontal edges recur down the height every ${percent(hr.period)} of the frame (autocorrelation ${score2(hr.strength)}), about ${numberWord(r.tiers)} tiers of floors, courses or bands.`
      : `Horizontal edges recur only weakly down the height (autocorrelation ${score2(hr.strength)}), so layering is not strictly regular.`;
  return [
    '## Detailing and Rhythm',
    '',
    `Edges above the detection threshold cover ${percent(f.edgeDensity)} of the frame: ${density}.`,
    '',
    `${vertical} ${horizontal}`,
  ].join('\n');
}

function settingSection(f: AggregateFeatures, r: DesignReading): string {
  const sky = {
    dominant: 'The sky is a major part of the composition, so the built form is read largely in silhouette and outline against it.',
    backdrop: 'The sky forms an open backdrop that frames the building without dominating it.',
    sliver: 'Little sky is visible, so the building fills the view and is read from its surfaces rather than its outline.',
    none: 'No sky is measured; the framing is close and the surfaces themselves carry the image.',
  }[r.sky];
  const green = {
    substantial: 'Planting is substantial and softens the relationship between building and ground.',
    some: 'Some planting is present, enough to soften the edges of the view.',
    none: 'Planting is all but absent, so the built surfaces meet the ground or the frame directly.',
  }[r.green];
  return [
    '## Setting',
    '',
    `The sky mask (smooth blue or bright near-grey pixels connected to the top of the frame) covers ${percent(f.sky)}, and vegetation (green hues with enough saturation) ${percent(f.vegetation)}. ${sky} ${green}`,
  ].join('\n');
}

function imagesSection(images: readonly ImageFeatures[]): string {
  const lines = images.map((im, i) => {
    const materials = materialEntries(im.palette);
    const lead = materials[0]?.family ?? 'grey';
    return `Image ${i + 1}: vertical to horizontal ${ratioText(im.verticalToHorizontal)} to 1, symmetry ${score2(im.symmetry)}, sky ${percent(im.sky)}, edges on ${percent(im.edgeDensity)} of the frame, led by ${lead}.`;
  });
  const ratios = images.map((im) => im.verticalToHorizontal);
  const agree = ratios.every((x) => x >= 1) || ratios.every((x) => x < 1);
  const summary = agree
    ? 'The images agree on the dominant direction, so the combined reading holds for the set.'
    : 'The images disagree on the dominant direction, so the combined reading is an average and each image should also be read on its own.';
  return ['## Images Compared', '', lines.join('\n'), '', summary].join('\n');
}

const METHOD_SECTION = [
  '## Method',
  '',
  'This analysis was written from measured image features (colour clustering, Sobel edge orientation, mirror symmetry, and sky and vegetation masks) without an AI model. It reports what the pixels show and does not identify buildings, places or named styles.',
].join('\n');

function expandedDescription(f: AggregateFeatures, r: DesignReading): string {
  const sections = [massingSection(f, r), paletteSection(f, r), lightSection(f, r), rhythmSection(f, r), settingSection(f, r)];
  if (f.imageCount > 1) sections.push(imagesSection(f.images));
  sections.push(METHOD_SECTION);
  return sections.join('\n\n');
}

// ---------------------------------------------------------------------------------------------
// Tags

function tags(f: AggregateFeatures, r: DesignReading): string[] {
  const out: string[] = [
    {
      'strong-vertical': 'strong vertical emphasis',
      vertical: 'vertical emphasis',
      balanced: 'balanced grid',
      horizontal: 'horizontal emphasis',
      'strong-horizontal': 'strong horizontal emphasis',
    }[r.emphasis],
    { strong: 'symmetrical', partial: 'partly symmetrical', none: 'asymmetrical' }[r.symmetry],
    `${r.temperature} palette`,
    r.families[0] ?? 'grey',
    `${r.contrast} contrast`,
    { subdued: 'low-key light', even: 'even light', bright: 'bright light' }[r.light],
  ];
  if (r.colour !== 'muted') out.push(r.colour === 'saturated' ? 'saturated colour' : 'restrained colour');
  if (r.detail !== 'moderate') out.push(r.detail === 'dense' ? 'dense detailing' : 'plain surfaces');
  if (r.bays !== null) out.push('regular bay rhythm');
  else if (r.tiers !== null) out.push('layered horizontal bands');
  if (r.diagonal) out.push('strong diagonals');
  if (r.sky === 'dominant') out.push('sky-dominant');
  else if (r.sky === 'none') out.push('close framing');
  if (r.green !== 'none') out.push(r.green === 'substantial' ? 'green setting' : 'some planting');
  if (f.imageCount > 1) out.push('multi-image reading');
  return [...new Set(out.map((t) => toBritishSpelling(t).toLowerCase()))].slice(0, MAX_TAGS);
}

/**
 * Writes the analysis text for the features of one analysis.
 *
 * @param features the aggregate of 1 to 10 images (`aggregateFeatures`)
 * @returns `primaryDescription` of exactly 88 words (spec §9), `expandedDescription` in plain text
 *   with `## ` headings and blank-line paragraphs (spec §3, at least four sections: Massing and
 *   Form, Materials and Palette, Light and Atmosphere, Detailing and Rhythm, Setting, Method, plus
 *   Images Compared for several images) and 5 to 12 lower-case tags; British spelling throughout
 *   (spec §1). Deterministic: the same features always give the same text.
 * @throws Error only on an internal defect (see `primaryDescription`)
 */
export function describeFeatures(features: AggregateFeatures): AnalysisText {
  const reading = readDesign(features);
  const pick = picker(features);
  return {
    primaryDescription: toBritishSpelling(primaryDescription(features, reading, pick)),
    expandedDescription: toBritishSpelling(expandedDescription(features, reading)),
    tags: tags(features, reading),
  };
}
