import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import sharp from 'sharp';
import { z } from 'zod';
import {
  analysisTextSchema,
  countSections,
  MAX_TAGS,
  MIN_EXPANDED_SECTIONS,
  MIN_TAGS,
  PRIMARY_DESCRIPTION_WORDS,
  type AnalysisText,
} from '@archlens/contracts/analysis';
import { countWords } from '@archlens/contracts/words';
import { toBritishSpelling } from '../british-spelling.js';
import { AnalysisEngineError, UndecodableImageError, type VisionEngine } from './vision-engine.js';

/** Longest side of each image sent to the model, in pixels: the worker downscales whatever the browser sent. */
export const MODEL_IMAGE_MAX_SIDE = 1024;
/** JPEG quality of the images sent to the model. */
const MODEL_IMAGE_QUALITY = 80;
/** When the model misses the word count, it is asked again with the count, up to twice. */
export const MAX_REPAIRS = 2;

/** JSON schema of the structured output the model must return. */
export const ANALYSIS_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['primaryDescription', 'expandedDescription', 'tags'],
  properties: {
    primaryDescription: {
      type: 'string',
      description: `Exactly ${PRIMARY_DESCRIPTION_WORDS} words of British English prose describing the design language.`,
    },
    expandedDescription: {
      type: 'string',
      description: `Plain text, at least ${MIN_EXPANDED_SECTIONS} sections, each starting with a line "## Heading", paragraphs separated by blank lines, no other markup.`,
    },
    tags: {
      type: 'array',
      items: { type: 'string' },
      description: `${MIN_TAGS} to ${MAX_TAGS} short lower-case tags.`,
    },
  },
} as const;

/**
 * The instruction to the vision model: the register of a building review, not an inventory. The
 * primary description follows a critic's order of attention and names the design language; the
 * expanded sections develop it; no figures, no list of objects, no talk about the photographs or
 * the model.
 */
export const ANALYSIS_SYSTEM_PROMPT = [
  'You are an architectural critic. Put the design language of the building in the photographs into words, as the opening paragraph of a good building review or a design-and-access statement would: precise, visual, unhurried.',
  'Write in British English (colour, centre, grey, storey, metre, -ise spellings).',
  'Say what the building does (how it stands, how it is ordered, what it is made of or looks made of, how light works on it), never how you found out: no list of objects, no figures or percentages, no talk of photographs, pixels or models.',
  `primaryDescription: exactly ${PRIMARY_DESCRIPTION_WORDS} words, where a word is a maximal run of non-whitespace characters; one paragraph of five to seven sentences in this order of attention: overall stance and proportion (vertical or horizontal emphasis, massing); order and rhythm (symmetry, bays, base, middle and top); surface and depth (modelling, relief, grain of detail); palette and likely materials, hedged briefly where uncertain ("reads as brick", "a pale, stone-like palette"); light and setting; a closing sentence that names the design language in a few words.`,
  `expandedDescription: plain text with at least ${MIN_EXPANDED_SECTIONS} sections such as "## Massing and Form", "## Materials and Palette", "## Light and Atmosphere", "## Detailing and Rhythm", "## Setting", developing the same reading in the same register; blank lines between paragraphs; no HTML, no bold, no lists.`,
  `tags: ${MIN_TAGS} to ${MAX_TAGS} lower-case terms an architect would search by (for example "vertical emphasis", "bay rhythm", "monochrome palette", "deep relief", "symmetrical elevation").`,
  'Describe only what the photographs show; when several photographs are given, describe their shared design language. Name a building, place or architect only if it is certain from the photographs themselves.',
].join('\n');

const modelAnswerSchema = z.object({
  primaryDescription: z.string(),
  expandedDescription: z.string(),
  tags: z.array(z.string()),
});

/** Downscales one image (EXIF-rotated, longest side ≤ 1024 px) into a base64 JPEG data URL. */
export async function toModelDataUrl(image: Buffer): Promise<string> {
  const jpeg = await sharp(image)
    .rotate()
    .resize({ width: MODEL_IMAGE_MAX_SIDE, height: MODEL_IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: MODEL_IMAGE_QUALITY })
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

/**
 * Every image as a data URL for the model (`toModelDataUrl`), in order.
 * @throws UndecodableImageError naming the first image (0-based index) that does not decode
 */
export function toModelDataUrls(images: readonly Buffer[]): Promise<string[]> {
  return Promise.all(
    images.map((image, index) =>
      toModelDataUrl(image).catch((error: unknown) => {
        throw new UndecodableImageError(index, error instanceof Error ? error.message : String(error));
      }),
    ),
  );
}

/** British spelling on both texts; tags trimmed, lower-cased, de-duplicated, at most 12. */
function normalise(answer: z.infer<typeof modelAnswerSchema>): AnalysisText {
  const tags = [...new Set(answer.tags.map((t) => toBritishSpelling(t.trim().toLowerCase())).filter(Boolean))].slice(0, MAX_TAGS);
  return {
    primaryDescription: toBritishSpelling(answer.primaryDescription.trim()),
    expandedDescription: toBritishSpelling(answer.expandedDescription.trim().replace(/\r\n/g, '\n')),
    tags,
  };
}

/** What is wrong with an answer, as instructions for the model; empty when it is valid. */
function problemsOf(text: AnalysisText): string[] {
  const problems: string[] = [];
  const words = countWords(text.primaryDescription);
  if (words !== PRIMARY_DESCRIPTION_WORDS) {
    problems.push(
      `Your primaryDescription has ${words} words; it must have exactly ${PRIMARY_DESCRIPTION_WORDS} (a word is a maximal run of non-whitespace characters). ${words < PRIMARY_DESCRIPTION_WORDS ? `Add ${PRIMARY_DESCRIPTION_WORDS - words}` : `Remove ${words - PRIMARY_DESCRIPTION_WORDS}`} word(s).`,
    );
  }
  const sections = countSections(text.expandedDescription);
  if (sections < MIN_EXPANDED_SECTIONS)
    problems.push(`Your expandedDescription has ${sections} "## " sections; it needs at least ${MIN_EXPANDED_SECTIONS}.`);
  if (text.tags.length < MIN_TAGS) problems.push(`You gave ${text.tags.length} tags; give ${MIN_TAGS} to ${MAX_TAGS}.`);
  return problems;
}

/**
 * The production vision engine: any OpenAI-compatible Chat Completions endpoint with image input,
 * through the `openai` SDK, answering in a JSON schema (structured output). A word count other
 * than 88 is sent back with the count, at most twice; then the job fails.
 */
export class OpenAiVisionEngine implements VisionEngine {
  readonly name = 'openai' as const;

  constructor(
    private readonly client: OpenAI,
    readonly model: string,
  ) {}

  /**
   * @throws UndecodableImageError when a photo cannot be decoded for the model; AnalysisEngineError
   *   when the model answers badly three times or the API fails
   */
  async analyse(images: readonly Buffer[]): Promise<AnalysisText> {
    const dataUrls = await toModelDataUrls(images);
    const messages: ChatCompletionMessageParam[] = [
      { role: 'system', content: ANALYSIS_SYSTEM_PROMPT },
      {
        role: 'user',
        content: [
          {
            type: 'text',
            text: `Analyse the design language of the building in ${images.length === 1 ? 'this photograph' : `these ${images.length} photographs`}.`,
          },
          ...dataUrls.map((url) => ({ type: 'image_url' as const, image_url: { url, detail: 'high' as const } })),
        ],
      },
    ];
    let lastProblems: string[] = [];
    for (let attempt = 0; attempt <= MAX_REPAIRS; attempt++) {
      const content = await this.complete(messages);
      const text = this.parse(content);
      lastProblems = problemsOf(text);
      if (lastProblems.length === 0) return analysisTextSchema.parse(text);
      messages.push(
        { role: 'assistant', content },
        { role: 'user', content: `${lastProblems.join(' ')} Return the whole JSON object again, corrected.` },
      );
    }
    throw new AnalysisEngineError(
      `The vision model did not return a valid analysis after ${MAX_REPAIRS + 1} attempts: ${lastProblems.join(' ')}`,
    );
  }

  private complete(messages: ChatCompletionMessageParam[]): Promise<string> {
    return completeStructured(this.client, this.model, messages, 'design_language_analysis', ANALYSIS_JSON_SCHEMA);
  }

  private parse(content: string): AnalysisText {
    return normalise(parseModelJson(content, modelAnswerSchema));
  }
}

/**
 * One Chat Completions call that must answer in the JSON schema given (structured output, strict).
 * Shared by the vision and sketch engines.
 * @returns the assistant message's content (JSON text, not yet parsed)
 * @throws AnalysisEngineError for an empty answer or any API or connection failure (our own text;
 *   the SDK's error is kept as the cause, for the worker's log only)
 */
export async function completeStructured(
  client: OpenAI,
  model: string,
  messages: ChatCompletionMessageParam[],
  schemaName: string,
  schema: Record<string, unknown>,
): Promise<string> {
  try {
    const completion = await client.chat.completions.create({
      model,
      messages,
      response_format: { type: 'json_schema', json_schema: { name: schemaName, strict: true, schema } },
    });
    const content = completion.choices[0]?.message?.content;
    if (!content) throw new AnalysisEngineError('The vision model returned an empty answer.');
    return content;
  } catch (error) {
    if (error instanceof AnalysisEngineError) throw error;
    // A connection error is an APIError without a status: it has no HTTP status to report.
    const status = error instanceof OpenAI.APIError && typeof error.status === 'number' ? ` (HTTP ${error.status})` : '';
    // The SDK's own text (addresses, keys' fragments, provider wording) stays in the worker's log.
    throw new AnalysisEngineError(`The vision model could not be reached${status}. Please try again in a moment.`, error);
  }
}

/**
 * Parses a model's answer as JSON of the shape `schema` describes.
 * @throws AnalysisEngineError when it is not JSON or not of that shape
 */
export function parseModelJson<T>(content: string, schema: z.ZodType<T>): T {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    throw new AnalysisEngineError('The vision model did not answer in JSON.');
  }
  const answer = schema.safeParse(json);
  if (!answer.success) throw new AnalysisEngineError('The vision model answered JSON of the wrong shape.');
  return answer.data;
}

/** Builds the OpenAI client: no SDK retries (the job is the unit of retry), optional base URL. */
export function createOpenAiClient(options: { apiKey: string; baseURL?: string }): OpenAI {
  return new OpenAI({ apiKey: options.apiKey, baseURL: options.baseURL, maxRetries: 0, timeout: 120_000 });
}
