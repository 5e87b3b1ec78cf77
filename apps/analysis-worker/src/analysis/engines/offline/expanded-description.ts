import { MEASUREMENTS_HEADING } from '@archlens/contracts/clipboard-text';
import { materialEntries, READING_THRESHOLDS, type DesignReading } from './design-reading.js';
import { materialHint } from './material-reading.js';
import type { AggregateFeatures, ImageFeatures, PaletteEntry } from './pixel-features.js';
import { SAMPLE_LONGEST_SIDE } from './pixel-features.js';
import { capitalise, listPhrase, numberWord, ordinalWord } from './prose.js';

/**
 * The expanded description of the offline engine (spec §3: `## ` headings and blank-line
 * paragraphs): the reading in prose, section by section, with every figure kept for one last
 * section, `## Measurements`, which lists each measured value with what it measures so that the
 * reading stays checkable. Nothing before that section carries a digit.
 */

function massingSection(f: AggregateFeatures, r: DesignReading): string {
  const reading = {
    'strong-vertical':
      'Vertical lines dominate the elevation, so the massing reads upward first, with horizontal lines acting as secondary ties rather than as the organising structure.',
    vertical: 'Verticals lead without overwhelming: the massing reads as upright, with horizontals still present as a secondary order.',
    balanced:
      'Neither direction dominates, which suggests a gridded elevation in which vertical and horizontal lines carry similar weight.',
    horizontal: 'Horizontals lead: the massing reads as layered and grounded, with verticals acting as interruptions within long bands.',
    'strong-horizontal':
      'Horizontal lines dominate, so the massing reads as long and stratified, its bands carrying the eye across the view rather than up it.',
  }[r.emphasis];
  const raking = r.diagonal
    ? 'Raking lines are unusually strong, which points to an oblique view, inclined planes or pitched elements.'
    : f.edges.diagonal < 0.2
      ? 'Raking lines are scarce, which suggests a near-frontal view of orthogonal forms.'
      : 'Raking lines are present in the ordinary measure of a building seen with some perspective.';
  const several = r.imageCount > 1;
  const [it, is] = several ? ['they', 'are'] : ['it', 'is'];
  const frame = {
    portrait: `taller than ${it} ${is} wide, ${r.ratio >= 1 ? 'which reinforces the vertical reading' : 'which compresses the horizontal bands'}`,
    landscape: `wider than ${it} ${is} tall, ${r.ratio >= 1 ? 'so the verticals rise within a broad field' : 'which reinforces the horizontal reading'}`,
    square: 'close to square, favouring neither direction',
  }[r.frame];
  const views = several ? 'On average the views are' : 'The view is';
  const side = f.symmetryAxisOffset > 0 ? 'right' : 'left';
  const symmetry = {
    strong: 'The composition is close to mirror-symmetrical about a central axis and reads as formal and axial.',
    partial: `There is a partial symmetry, balanced but not strict, the two halves answering rather than repeating each other${r.axisOffCentre ? ` about an axis a little ${side} of centre` : ''}.`,
    none: 'The composition is asymmetrical, its masses weighted freely rather than paired about an axis.',
  }[r.symmetry];
  return ['## Massing and Form', '', `${reading} ${views} ${frame}. ${raking}`, '', symmetry].join('\n');
}

function paletteSection(f: AggregateFeatures, r: DesignReading): string {
  const [lead = 'grey', ...support] = r.families;
  const led =
    support.length > 0
      ? `The built surfaces are led by ${lead}, with ${listPhrase(support)} in support.`
      : `The built surfaces are almost entirely ${lead}.`;
  const setting = f.palette.filter((p) => !r.materials.includes(p));
  const skyTones = [...new Set(setting.filter((p) => p.skyShare >= p.vegetationShare).map((p) => p.family))];
  const greenTones = [...new Set(setting.filter((p) => p.skyShare < p.vegetationShare).map((p) => p.family))];
  const excluded: string[] = [];
  if (skyTones.length > 0) excluded.push(`the ${listPhrase(skyTones)} of the sky`);
  if (greenTones.length > 0) excluded.push(`the ${listPhrase(greenTones)} of the planting`);
  const exclusion = excluded.length > 0 ? ` ${capitalise(listPhrase(excluded))} belong to the setting rather than the building.` : '';
  const second = support.find((family) => materialHint(family) !== materialHint(lead));
  const likely = `${capitalise(lead)} is consistent with ${materialHint(lead)}${second !== undefined ? `, while ${second} suggests ${materialHint(second)}` : ''}; read from colour alone, these are likelihoods rather than findings.`;
  const temperature = {
    warm: 'The tones are warm, leaning to reds, ochres and browns',
    cool: 'The tones are cool, leaning to blues and blue-greys',
    neutral: 'The tones are neutral, warm and cool tints in balance',
  }[r.temperature];
  const colour = {
    restrained: 'and colour is restrained, close to monochrome, so the design relies on tone and texture.',
    muted: 'and colour is muted, supporting rather than leading the design.',
    saturated: 'and colour is saturated, a design element in its own right.',
  }[r.colour];
  return ['## Materials and Palette', '', `${led}${exclusion}`, '', `${likely} ${temperature}, ${colour}`].join('\n');
}

function lightSection(r: DesignReading): string {
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
  return ['## Light and Atmosphere', '', readings[`${r.light}/${r.contrast}`]].join('\n');
}

function rhythmSection(r: DesignReading): string {
  const density = {
    dense: 'The surfaces are densely worked, with much fine relief or subdivision catching the light.',
    moderate: 'The surfaces are moderately articulated: openings and joints are present without crowding the planes.',
    plain: 'The surfaces are broad and quiet, with detail concentrated at a few lines rather than spread across the planes.',
  }[r.detail];
  const bays =
    r.bays !== null
      ? `Vertical elements repeat at a regular spacing across the width, some ${numberWord(r.bays)} bays, a rhythm that sets the pace of the elevation.`
      : 'Vertical elements show no strong repeat across the width, so the bays, if any, are irregular or masked by perspective.';
  const tiers =
    r.tiers !== null
      ? `Horizontal lines recur down the height at a regular spacing, some ${numberWord(r.tiers)} tiers of floors, courses or bands.`
      : 'Horizontal lines recur only weakly down the height, so the layering is not strictly regular.';
  const elevation = {
    'plain-middle':
      'Down the height, the top and bottom are more worked than the middle: a clear base, middle and top, the plainer body framed by a heavier base and a crowning band.',
    'rich-middle': 'Down the height, the middle band is the most worked, between a quieter base and top, as a principal storey would be.',
    'top-heavy': 'Detail gathers towards the top, and the lower part of the view is quieter.',
    'base-heavy': 'Detail and weight gather at the base, and the upper part is quieter.',
    even: 'Detail is spread evenly down the height, with no band singled out.',
  }[r.elevation];
  return ['## Detailing and Rhythm', '', density, '', `${bays} ${tiers} ${elevation}`].join('\n');
}

function settingSection(r: DesignReading): string {
  const sky = {
    dominant: 'The sky is a major part of the composition, so the built form is read largely in silhouette and outline against it.',
    backdrop: 'The sky forms an open backdrop that frames the building without dominating it.',
    sliver: 'Little sky is visible, so the building fills the view and is read from its surfaces rather than its outline.',
    none: 'No sky is visible; the framing is close and the surfaces themselves carry the image.',
  }[r.sky];
  const green = {
    substantial: 'Planting is substantial and softens the relationship between building and ground.',
    some: 'Some planting is present, enough to soften the edges of the view.',
    none: 'Planting is all but absent, so the built surfaces meet the ground or the edge of the view directly.',
  }[r.green];
  return ['## Setting', '', `${sky} ${green}`].join('\n');
}

function imagesSection(images: readonly ImageFeatures[]): string {
  const indexOfBest = (score: (im: ImageFeatures) => number) =>
    images.reduce((best, im, i) => (score(im) > score(images[best]) ? i : best), 0);
  // Each photograph that stands out, with what it stands out for, in the order of the set.
  const standouts = new Map<number, string[]>();
  const note = (index: number, quality: string) => standouts.set(index, [...(standouts.get(index) ?? []), quality]);
  note(
    indexOfBest((im) => im.verticalToHorizontal),
    'the most upright',
  );
  note(
    indexOfBest((im) => 1 / im.verticalToHorizontal),
    'the most horizontal',
  );
  note(
    indexOfBest((im) => im.symmetry),
    'the most symmetrical',
  );
  note(
    indexOfBest((im) => im.edgeDensity),
    'the most densely detailed',
  );
  const clauses = [...standouts.entries()]
    .sort(([a], [b]) => a - b)
    .map(
      ([index, qualities], i) =>
        `${i === 0 ? `The ${ordinalWord(index + 1)} photograph` : `the ${ordinalWord(index + 1)}`} is ${listPhrase(qualities)}`,
    );
  const ratios = images.map((im) => im.verticalToHorizontal);
  const agree = ratios.every((x) => x >= 1) || ratios.every((x) => x < 1);
  const summary = agree
    ? 'The photographs agree on the dominant direction, so the combined reading holds for the set.'
    : 'The photographs disagree on the dominant direction, so the combined reading is an average and each photograph should also be read on its own.';
  return ['## Images Compared', '', `${clauses.join('; ')}. ${summary}`].join('\n');
}

const pct = (share: number): string => `${Math.round(share * 100)}%`;
const two = (x: number): string => x.toFixed(2);

function paletteItem(p: PaletteEntry): string {
  return `${p.family} ${p.hex} (nearest named colour ${p.name}) ${pct(p.share)}`;
}

function measurementsSection(f: AggregateFeatures, r: DesignReading): string {
  const axis =
    Math.abs(f.symmetryAxisOffset) < 0.005
      ? 'at the centre'
      : `${pct(Math.abs(f.symmetryAxisOffset))} ${f.symmetryAxisOffset > 0 ? 'right' : 'left'} of centre`;
  const rhythm = (label: string, along: string, rh: AggregateFeatures['verticalRhythm']) =>
    rh.period > 0
      ? `- ${label}: repeats every ${pct(rh.period)} of the ${along} (autocorrelation ${two(rh.strength)}; a rhythm from ${two(READING_THRESHOLDS.rhythm)}).`
      : `- ${label}: no repeat found (autocorrelation 0.00).`;
  const items = [
    `- Vertical to horizontal edge weight: ${r.ratio.toFixed(2)} to 1 (above 1, verticals lead).`,
    `- Edge orientation, by share of edge weight: ${pct(f.edges.vertical)} vertical, ${pct(f.edges.horizontal)} horizontal, ${pct(f.edges.diagonal)} diagonal.`,
    `- Mirror symmetry: ${two(f.symmetry)} on a scale from 0 to 1, best axis ${axis}.`,
    `- Frame proportion, width to height: ${f.aspectRatio.toFixed(2)} to 1.`,
    `- Edge density: ${pct(f.edgeDensity)} of the frame is on an edge.`,
    `- Edge density by third of the built height, top, middle and bottom: ${pct(f.bands.top)}, ${pct(f.bands.middle)}, ${pct(f.bands.bottom)}.`,
    rhythm('Vertical edges across the width', 'width', f.verticalRhythm),
    rhythm('Horizontal edges down the height', 'height', f.horizontalRhythm),
    `- Palette by share of the frame: ${f.palette.map(paletteItem).join('; ')}.`,
    `- Warmth of the built surfaces: ${two(f.warmth)} on a scale from -1 (cool) to +1 (warm).`,
    `- Mean chroma: ${two(r.materialChroma)} of the built surfaces, ${two(f.saturation)} of the whole frame (0 is grey).`,
    `- Luminance: mean ${two(f.luminance)} (0 is black, 1 is white), standard deviation ${two(f.contrast)} (the contrast).`,
    `- Sky: ${pct(f.sky)} of the frame; vegetation: ${pct(f.vegetation)}.`,
  ];
  if (f.imageCount > 1) {
    f.images.forEach((im, i) => {
      const lead = materialEntries(im.palette)[0]?.family ?? 'grey';
      items.push(
        `- Photograph ${i + 1}: vertical to horizontal ${im.verticalToHorizontal.toFixed(2)} to 1, symmetry ${two(im.symmetry)}, edges on ${pct(im.edgeDensity)} of the frame, sky ${pct(im.sky)}, led by ${lead}.`,
      );
    });
  }
  const method = `Measured without an AI model, on each photograph reduced to ${SAMPLE_LONGEST_SIDE} pixels on its longest side: edges by a Sobel filter on luminance, the palette by k-means clustering in RGB, symmetry by correlating the image with its mirror, sky and vegetation by colour masks. Nothing here identifies a building, a place or a named style.`;
  return [MEASUREMENTS_HEADING, '', method, '', items.join('\n')].join('\n');
}

/**
 * The expanded description: Massing and Form, Materials and Palette, Light and Atmosphere,
 * Detailing and Rhythm, Setting, Images Compared (several photographs only) and Measurements, in
 * that order; no digit appears before `## Measurements`.
 * @param f the aggregate features the reading came from
 * @param r the design reading of `f`
 */
export function writeExpandedDescription(f: AggregateFeatures, r: DesignReading): string {
  const sections = [massingSection(f, r), paletteSection(f, r), lightSection(r), rhythmSection(r), settingSection(r)];
  if (f.imageCount > 1) sections.push(imagesSection(f.images));
  sections.push(measurementsSection(f, r));
  return sections.join('\n\n');
}
