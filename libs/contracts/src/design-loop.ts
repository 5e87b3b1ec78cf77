import { z } from 'zod';
import { analyzeResponseSchema } from './analysis.js';
import { countCharacters } from './plain-text.js';
import { MAX_STYLE_DESCRIPTION_CHARS } from './style-profile.js';

/**
 * The design loop between analysis and generation: "Use as style" turns an analysis into a style
 * brief for /create, and "Analyse this render" reads a render back and compares its tags with
 * those the generation was asked for.
 */

/**
 * Tags that describe the photographs rather than the design (the offline engine's framing and
 * photo-set tags): left out of a style brief, and of a comparison, where they would only say that
 * one render was framed differently from a set of photographs.
 */
export const PHOTOGRAPHIC_TAGS: ReadonlySet<string> = new Set(['shared design language', 'oblique view', 'close framing']);

/** Longest tag list sentence of a brief, in characters, so that the prose keeps most of the 500. */
const TAG_SENTENCE_MAX_CHARS = 200;

/** Number words up to twenty, and the round ones: a count in words is as much a measurement as in digits. */
const NUMBER_WORDS =
  'zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|hundred|thousand|dozen|half|third|quarter|single|double|twice|several';
/** Units and counted elements of a building: a sentence naming them states a size or a count. */
const MEASURE_WORDS =
  'metres?|meters?|centimetres?|millimetres?|feet|foot|inch(?:es)?|storeys?|stories|floors?|levels?|percent|per cent|degrees?|mm|cm|m|ft|km|sq';
/** Words about the photographs themselves (a renderer is given the design, not the camera). */
const PHOTO_WORDS = 'photographs?|photos?|images?|pictures?|shots?|camera|framing|snapshots?';

const MEASUREMENT = new RegExp(`\\d|%|\\b(?:${NUMBER_WORDS}|${MEASURE_WORDS})\\b`, 'i');
const ABOUT_PHOTOS = new RegExp(`\\b(?:${PHOTO_WORDS})\\b`, 'i');

/** True when `text` states a measurement or a count: a digit, a percentage, a number word or a unit. */
export function hasMeasurement(text: string): boolean {
  return MEASUREMENT.test(text);
}

/** The sentences of a paragraph, each ending with its own full stop, question or exclamation mark. */
function sentencesOf(text: string): string[] {
  return (
    text
      .replace(/\s+/g, ' ')
      .trim()
      .match(/[^.!?]+[.!?]+(?=\s|$)/g) ?? []
  )
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/**
 * A list of tags in words: "a", "a and b", "a, b and c"; with semicolons when a tag has a comma of
 * its own ("bay rhythm; base, middle and top; soft light"), so that no tag reads as two.
 */
export function tagsInWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  if (items.some((item) => item.includes(','))) return items.join('; ');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The tags a brief may carry: design tags, without measurements, in the analysis's order, each once. */
function designTagsOf(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const raw of tags) {
    const tag = raw.replace(/\s+/g, ' ').trim().toLowerCase();
    if (tag && !PHOTOGRAPHIC_TAGS.has(tag) && !hasMeasurement(tag) && !ABOUT_PHOTOS.test(tag)) seen.add(tag);
  }
  return [...seen];
}

/** The analysis fields a style brief is made from. */
export interface StyleBriefSource {
  primaryDescription: string;
  tags: readonly string[];
}

/**
 * The style brief of an analysis ("Use as style"): design prose an architect would give a
 * renderer, at most `MAX_STYLE_DESCRIPTION_CHARS` (500, spec §9 style description maximum,
 * counted by `countCharacters`). Made of the primary description's sentences in their order,
 * leaving out any that states a measurement or a count (digits, percentages, number words, units
 * such as metres or storeys) or speaks of the photographs, then one sentence carrying the design
 * tags ("Carry through vertical emphasis, bay rhythm and warm palette."). Whole sentences only: a
 * sentence that would pass the limit is left out, so the brief never ends mid-word. Deterministic.
 * @returns the brief, trimmed; empty when the analysis has no usable sentence and no design tag
 */
export function styleBriefOf(analysis: StyleBriefSource): string {
  let tags = designTagsOf(analysis.tags);
  let tagSentence = '';
  while (tags.length > 0) {
    tagSentence = `Carry through ${tagsInWords(tags)}.`;
    if (countCharacters(tagSentence) <= TAG_SENTENCE_MAX_CHARS) break;
    tags = tags.slice(0, -1);
    tagSentence = '';
  }
  const budget = MAX_STYLE_DESCRIPTION_CHARS - (tagSentence ? countCharacters(tagSentence) + 1 : 0);
  const chosen: string[] = [];
  let used = 0;
  for (const sentence of sentencesOf(analysis.primaryDescription)) {
    if (hasMeasurement(sentence) || ABOUT_PHOTOS.test(sentence)) continue;
    const cost = countCharacters(sentence) + (chosen.length > 0 ? 1 : 0);
    if (used + cost > budget) continue;
    chosen.push(sentence);
    used += cost;
  }
  return [...chosen, ...(tagSentence ? [tagSentence] : [])].join(' ').trim();
}

/** What the tags of a render were compared against: the source analysis kept in its recipe, or its style description. */
export const TAG_COMPARISON_BASES = ['analysis', 'style'] as const;

/** Kept, added and lost tags of a render against what it was asked for. */
export const tagComparisonSchema = z.object({
  /** Tags of the reference the render shows too, in the reference's order. */
  kept: z.array(z.string()),
  /** Tags of the render the reference did not have, in the render's order. */
  added: z.array(z.string()),
  /** Tags of the reference the render does not show, in the reference's order. */
  lost: z.array(z.string()),
  against: z.enum(TAG_COMPARISON_BASES),
});
export type TagComparison = z.infer<typeof tagComparisonSchema>;

/** One tag as compared: lower case, single spaces. */
function normalisedTag(tag: string): string {
  return tag.replace(/\s+/g, ' ').trim().toLowerCase();
}

/**
 * Compares a render's tags with the reference's (the source analysis's, or those its style
 * description names): kept (in both), added (the render's only) and lost (the reference's only).
 * Tags are compared lower-case with single spaces; duplicates count once; `PHOTOGRAPHIC_TAGS` are
 * left out on both sides (they describe the photographs, not the design).
 * @param reference the tags the render was asked for, in their order
 * @param observed the render's analysis tags, in their order
 */
export function compareTags(reference: readonly string[], observed: readonly string[], against: TagComparison['against']): TagComparison {
  const clean = (tags: readonly string[]) => [...new Set(tags.map(normalisedTag))].filter((tag) => tag && !PHOTOGRAPHIC_TAGS.has(tag));
  const ref = clean(reference);
  const seen = clean(observed);
  const refSet = new Set(ref);
  const seenSet = new Set(seen);
  return {
    kept: ref.filter((tag) => seenSet.has(tag)),
    added: seen.filter((tag) => !refSet.has(tag)),
    lost: ref.filter((tag) => !seenSet.has(tag)),
    against,
  };
}

/**
 * `POST /api/generations/{jobId}/{index}/analyse`: the render's analysis (as `POST /api/analyze`
 * answers it, now in the user's library) and its tags compared with what the generation was asked for.
 */
export const analyseRenderResponseSchema = z.object({
  analysis: analyzeResponseSchema,
  comparison: tagComparisonSchema,
});
export type AnalyseRenderResponse = z.infer<typeof analyseRenderResponseSchema>;

/**
 * Payload of `analysis.compare-tags`: a render's tags and what to compare them with: the user's
 * source analysis when the generation kept one (its tags), else the generation's style description
 * (the tags of the offline engine's vocabulary it names).
 */
export const compareTagsJobSchema = z.object({
  userId: z.string().uuid(),
  tags: z.array(z.string().max(200)).max(50),
  sourceAnalysisId: z.string().uuid().nullable(),
  styleDescription: z.string().max(4000),
});
export type CompareTagsJob = z.infer<typeof compareTagsJobSchema>;
/** Result of `analysis.compare-tags`. */
export const compareTagsResultSchema = tagComparisonSchema;
