import { PRIMARY_DESCRIPTION_WORDS } from '@archlens/contracts/analysis';
import { countWords } from '@archlens/contracts/words';
import { toBritishSpelling } from '../../british-spelling.js';
import type { DesignReading, Emphasis, Lead, Tone } from './design-reading.js';
import { materialHint } from './material-reading.js';
import { article, capitalise, numberWord } from './prose.js';
import { expandTemplate, fitExactly, optionalSentence, type Candidate } from './word-budget.js';

/**
 * The primary description of the offline engine: one paragraph of exactly 88 words (spec §9) in
 * the register of a building review, written from the design reading alone.
 *
 * The paragraph opens on what a critic notices first (`DesignReading.lead`), then follows the
 * order of attention: stance and proportion, order and rhythm, surface and depth, palette and
 * likely materials, light, setting, and a closing sentence that names the design language. What
 * the opening already said is not said again, so buildings with different leads read as
 * differently built paragraphs, not one template with other adjectives. Every phrase follows from
 * one class of the reading; no figure, ratio or image-processing term appears.
 */

/** What a sentence has already said, so later ones leave it out. */
type Fact = 'stance' | 'order' | 'tone' | 'relief' | 'sky' | 'green';

const TONE_ADJECTIVE: Record<Tone, string> = {
  colourful: 'colourful',
  warm: 'warm-toned',
  cool: 'cool-toned',
  'two-tone': 'two-toned',
  pale: 'pale',
  dark: 'dark-toned',
  sober: 'muted',
};

const ORDER_ADJECTIVE = { strong: 'symmetrical', partial: 'partly symmetrical', none: 'freely composed' } as const;

function subjectOf(r: DesignReading): string {
  return { portrait: 'tall frontage', square: 'frontage', landscape: 'broad front' }[r.frame];
}

function verbOf(emphasis: Emphasis): string {
  if (emphasis === 'strong-vertical' || emphasis === 'vertical') return 'rises';
  if (emphasis === 'balanced') return 'stands';
  return 'spreads';
}

/** The opening sentence of a single photograph's description, and the facts it states. */
function singleOpening(r: DesignReading): { template: string; covers: Fact[] } {
  const subject = subjectOf(r);
  const tone = TONE_ADJECTIVE[r.tone];
  const order = ORDER_ADJECTIVE[r.symmetry];
  const openings: Record<Lead, { template: string; covers: Fact[] }> = {
    axial: {
      template: `Composed strictly about a central axis, the ${subject} ${verbOf(r.emphasis)}[!! in mirrored halves][!, formal and ordered].`,
      covers: ['order'],
    },
    soaring: {
      template: `Emphatically upright, the ${subject} carries the eye upward[!! along its piers and vertical lines][, each rising past the horizontal ties].`,
      covers: ['stance'],
    },
    long: {
      template:
        'A long, low mass stretches across the view in horizontal layers[!!, its floor lines and roof edge drawn out as continuous bands].',
      covers: ['stance'],
    },
    skyline: {
      template: `${capitalise(tone)} and ${order}, the ${subject} stands against a wide, open sky[!!, read first as a silhouette][! with a crisp skyline].`,
      covers: ['tone', 'order', 'sky'],
    },
    planted: {
      template: `${capitalise(tone)} and ${order}, the ${subject} sits among planting[!! that softens its base][! and screens its lower edge].`,
      covers: ['tone', 'order', 'green'],
    },
    relief: {
      template: `Deeply modelled and ${tone}, the ${subject} is worked in close-set relief[!! that holds hard shadow].`,
      covers: ['relief', 'tone'],
    },
    upright: {
      template: `${capitalise(tone)} and upright, the ${subject} is ${order}[!!, its verticals leading the eye without overwhelming the horizontals].`,
      covers: ['stance', 'tone', 'order'],
    },
    layered: {
      template: `${capitalise(article(tone))} ${tone}, ${order} front is organised in horizontal layers[!!, its verticals reading as interruptions within long bands].`,
      covers: ['stance', 'tone', 'order'],
    },
    gridded: {
      template: `Verticals and horizontals carry equal weight across this ${tone}, ${order} ${subject}[!!, ordering it as a steady grid].`,
      covers: ['stance', 'tone', 'order'],
    },
  };
  return openings[r.lead];
}

/** The opening sentence when several photographs are read together, and the facts it states. */
function setOpening(r: DesignReading): { template: string; covers: Fact[] } {
  const across = `Across the ${numberWord(r.imageCount)} photographs, the architecture`;
  const predicates: Record<Lead, { predicate: string; covers: Fact[] }> = {
    axial: { predicate: 'is composed about a central axis[!!, its halves mirroring each other]', covers: ['order'] },
    soaring: { predicate: 'is emphatically upright[!!, its verticals carrying the eye]', covers: ['stance'] },
    long: { predicate: 'stretches long and low[!! in horizontal layers]', covers: ['stance'] },
    skyline: { predicate: 'stands against wide, open sky[!!, read first in silhouette]', covers: ['sky'] },
    planted: { predicate: 'sits among planting[!! that softens its base]', covers: ['green'] },
    relief: { predicate: 'is deeply modelled[!! in close-set relief that holds hard shadow]', covers: ['relief'] },
    upright: { predicate: 'is upright[!!, its verticals leading without overwhelming]', covers: ['stance'] },
    layered: { predicate: 'is organised in horizontal layers[!!, its verticals interrupting long bands]', covers: ['stance'] },
    gridded: { predicate: 'holds verticals and horizontals in an even grid', covers: ['stance'] },
  };
  const { predicate, covers } = predicates[r.lead];
  return { template: `${across} ${predicate}.`, covers };
}

function stanceSentence(r: DesignReading): string {
  return {
    'strong-vertical': 'Its verticals lead emphatically[!!, carrying the eye upward past the horizontal ties].',
    vertical: 'Verticals lead without overwhelming[!!, so the massing reads as upright][!, with horizontals as a secondary order].',
    balanced: 'Verticals and horizontals carry equal weight[!!, giving the elevation a steady, gridded order].',
    horizontal: 'Horizontals lead[!!, so the massing reads as grounded and layered][!, its verticals interrupting long bands].',
    'strong-horizontal': 'Horizontal lines dominate[!!, drawing the mass out long and low][ across the view].',
  }[r.emphasis];
}

function orderClause(r: DesignReading): string {
  return {
    strong: 'The composition is formal and axial',
    partial: `The two halves answer rather than mirror each other${r.axisOffCentre ? '[! about an axis set slightly off centre]' : ''}`,
    none: 'The massing is freely composed rather than mirrored about an axis',
  }[r.symmetry];
}

/** The repeat across or down the elevation; `standalone` adds optional detail (chunks cannot nest). */
function rhythmClause(r: DesignReading, standalone: boolean): string | null {
  if (r.bays !== null)
    return `openings and piers fall into a steady bay rhythm${standalone ? `[ of some ${numberWord(r.bays)} bays]` : ''}`;
  if (r.tiers !== null) return `horizontal bands recur down the height${standalone ? '[ like floors or courses]' : ''}`;
  return null;
}

function elevationSentence(r: DesignReading): string | null {
  return {
    'plain-middle': 'A worked base and crown frame a plainer middle[!!, a clear base, middle and top].',
    'rich-middle': 'The middle band is the most richly worked[!!, between a quieter base and top].',
    'top-heavy': 'Detail gathers towards the top[!, the lower part quieter].',
    'base-heavy': 'Detail and weight gather at the base[!, the upper part quieter].',
    even: null,
  }[r.elevation];
}

function surfaceSentence(r: DesignReading): string {
  const sentences: Record<string, string> = {
    'dense/high': 'Surfaces are deeply modelled[!!, carved into close-set relief that holds hard shadow].',
    'dense/moderate': 'Surfaces are richly worked[!!, a fine grain of detail spread across the planes].',
    'dense/soft': 'Surfaces are finely worked[!!, their detail read in tone more than in shadow].',
    'moderate/high': 'Surfaces are articulated without crowding[!!, openings and joints cut sharply into the planes].',
    'moderate/moderate': 'Surfaces are moderately articulated[!!, openings and joints punctuating broad planes].',
    'moderate/soft': 'Surfaces are gently articulated[!!, their joints and openings lightly drawn].',
    'plain/high': 'Broad, plain planes meet in sharp, clean edges[! with little relief between them].',
    'plain/moderate': 'Surfaces are broad and largely plain[!!, a restrained skin with few interruptions].',
    'plain/soft': 'Surfaces are planar and smooth[!!, a taut skin with few interruptions].',
  };
  return sentences[`${r.detail}/${r.contrast}`];
}

function paletteSentence(r: DesignReading): string {
  const [f1 = 'grey', f2] = r.families;
  const families = f2 !== undefined ? `${f1} and ${f2}` : f1;
  const likely = `[!, consistent with ${materialHint(f1)}]`;
  if (r.colour === 'saturated') return `Colour is strong enough to act as a design element[!!, led by ${families}]${likely}.`;
  if (r.colour === 'restrained') {
    const restrained = { warm: 'warm but restrained', cool: 'cool and restrained', neutral: 'sober' }[r.temperature];
    return `The palette is ${restrained}, close to monochrome[!!, ${families} throughout]${likely}.`;
  }
  if (r.temperature === 'warm') return `Warm ${families} tones lead the palette${likely}.`;
  if (r.temperature === 'cool') return `Cool ${families} tones lead the palette${likely}.`;
  return `The palette is muted[!!, ${families} leading]${likely}.`;
}

/** Share of the frame under which a second colour is a touch rather than a part of the palette. */
const ACCENT_SHARE = 0.15;

/** A second material reading, when a later family suggests other materials than the first. */
function accentSentence(r: DesignReading): string | null {
  const [first = 'grey', ...rest] = r.families;
  const accent = rest.find((family) => materialHint(family) !== materialHint(first));
  if (accent === undefined) return null;
  const share = r.materials.filter((m) => m.family === accent).reduce((s, m) => s + m.share, 0);
  return share < ACCENT_SHARE ? `Touches of ${accent} suggest ${materialHint(accent)}.` : `The ${accent} suggests ${materialHint(accent)}.`;
}

function lightSentence(r: DesignReading): string {
  const sentences: Record<string, string> = {
    'bright/high': 'Hard, bright light sets sunlit planes against deep shadow[!!, drawing the relief sharply].',
    'bright/moderate': 'Bright light reads the surfaces clearly[!!, with shadow enough to show their depth].',
    'bright/soft': 'Bright, diffuse light flattens the planes[!! into pale, high-key surfaces].',
    'even/high': 'Strong darks punctuate the mid-tones[!!, whether shadow or dark material][!, and give the elevation its drawing].',
    'even/moderate': 'Light falls evenly[!!, with shadow enough to model the surfaces without dramatising them].',
    'even/soft': 'The light is soft and diffuse[!!, so form is carried by tone and outline rather than cast shadow].',
    'subdued/high': 'The light is low-key and dramatic[!!, a few lit surfaces standing out against deep shadow].',
    'subdued/moderate': 'The light is subdued[!!, so the surfaces read as heavy and close].',
    'subdued/soft': 'The light is dim and flat[!!, the forms merging quietly into one another].',
  };
  return sentences[`${r.light}/${r.contrast}`];
}

function settingSentence(r: DesignReading, covered: ReadonlySet<Fact>): string | null {
  const green = {
    substantial: 'planting softens the base',
    some: 'a little planting softens the edges',
    none: null,
  }[r.green];
  if (covered.has('sky')) return green === null || covered.has('green') ? null : `${capitalise(green)}.`;
  const sky = {
    dominant: 'Open sky fills much of the view[!!, so the outline is read against it]',
    backdrop: 'Open sky frames the building[! without dominating it]',
    sliver: 'Little sky shows[!!, so the building fills the view]',
    none: 'The framing is close, with no sky[!, so the surfaces alone carry the image]',
  }[r.sky];
  return green === null || covered.has('green') ? `${sky}.` : `${sky}[!!, and ${green}].`;
}

function closingSentence(r: DesignReading): string {
  const order = { strong: 'formal', partial: 'balanced', none: 'informal' }[r.symmetry];
  const direction = {
    'strong-vertical': 'soaring',
    vertical: 'upright',
    balanced: 'orthogonal',
    horizontal: 'grounded',
    'strong-horizontal': 'horizontal',
  }[r.emphasis];
  const surface = { dense: 'richly modelled', moderate: 'articulated', plain: 'restrained' }[r.detail];
  const palette =
    r.colour === 'saturated' ? 'colourful' : r.temperature !== 'neutral' ? r.temperature : r.colour === 'restrained' ? 'sober' : 'muted';
  const antithesis =
    r.detail === 'dense' && r.symmetry === 'strong'
      ? 'rich but ordered'
      : r.detail === 'plain' && r.symmetry === 'strong'
        ? 'austere and disciplined'
        : r.detail === 'plain' && r.symmetry === 'none'
          ? 'understated rather than rhetorical'
          : r.detail === 'dense' && r.symmetry === 'none'
            ? 'lively rather than strict'
            : null;
  const coda = antithesis === null ? '' : `[!!, ${antithesis}]`;
  const stanceLed = ['soaring', 'long', 'upright', 'layered', 'gridded'].includes(r.lead);
  return stanceLed
    ? `The design language is ${order}, ${direction}[!, ${surface}] and ${palette}${coda}.`
    : `[!Taken together,] it reads as ${article(order)} ${order}, ${direction}[!, ${palette}] design language${coda}.`;
}

/**
 * The sentences of the paragraph in order, each as its candidate renderings for the word budget.
 * Required sentences are always kept (their `[…]` chunks may be dropped); optional ones may go.
 */
function sentencePlan(r: DesignReading): Candidate[][] {
  const required = (t: string) => expandTemplate(toBritishSpelling(t));
  const optional = (t: string, weight?: number) => optionalSentence(toBritishSpelling(t), weight);
  const opening = r.imageCount > 1 ? setOpening(r) : singleOpening(r);
  const covered = new Set<Fact>(opening.covers);
  const plan: Candidate[][] = [required(opening.template)];

  if (!covered.has('stance')) plan.push(required(stanceSentence(r)));
  if (r.diagonal) plan.push(optional('Raking lines suggest an oblique view or pitched planes.'));

  const rhythm = rhythmClause(r, covered.has('order'));
  if (!covered.has('order')) plan.push(required(`${orderClause(r)}${rhythm === null ? '' : `[!!, and ${rhythm}]`}.`));
  else if (rhythm !== null) plan.push(required(`${capitalise(rhythm)}.`));
  const elevation = elevationSentence(r);
  if (elevation !== null) plan.push(optional(elevation, 5));

  if (!covered.has('relief')) plan.push(required(surfaceSentence(r)));
  plan.push(required(paletteSentence(r)));
  const accent = accentSentence(r);
  if (accent !== null) plan.push(optional(accent));
  plan.push(required(lightSentence(r)));
  const setting = settingSentence(r, covered);
  if (setting !== null) plan.push(required(setting));
  plan.push(required(closingSentence(r)));
  return plan;
}

/**
 * The primary description: exactly `PRIMARY_DESCRIPTION_WORDS` (88, spec §9) words by
 * `countWords`, British spelling, deterministic for the same reading.
 * @throws Error if the sentence plan cannot reach 88 words (a defect: the unit tests run hundreds
 *   of random feature sets and every fixture photo to show that it cannot happen)
 */
export function writePrimaryDescription(r: DesignReading): string {
  const chosen = fitExactly(sentencePlan(r), PRIMARY_DESCRIPTION_WORDS);
  if (chosen === null) throw new Error(`The offline description cannot be fitted to ${PRIMARY_DESCRIPTION_WORDS} words`);
  const text = toBritishSpelling(chosen.filter((t) => t.length > 0).join(' '));
  if (countWords(text) !== PRIMARY_DESCRIPTION_WORDS) {
    throw new Error(`The offline description has ${countWords(text)} words, not ${PRIMARY_DESCRIPTION_WORDS}`);
  }
  return text;
}
