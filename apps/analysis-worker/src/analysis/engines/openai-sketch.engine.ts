import type OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { z } from 'zod';
import {
  DRAWING_TYPES,
  MAX_SKETCH_POINT_CHARS,
  MAX_SKETCH_SUMMARY_CHARS,
  SKETCH_POINTS,
  sketchReadingTextSchema,
  type SketchReadingText,
} from '@archlens/contracts/sketch';
import { toBritishSpelling } from '../british-spelling.js';
import { completeStructured, parseModelJson, toModelDataUrls } from './openai-vision.engine.js';
import type { SketchEngine } from './sketch-engine.js';
import { AnalysisEngineError } from './vision-engine.js';

/** JSON schema of the structured output the model must return for a sketch reading. */
export const SKETCH_READING_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['drawingType', 'description', 'details'],
  properties: {
    drawingType: { type: 'string', enum: [...DRAWING_TYPES], description: 'The kind of drawing of the first sketch.' },
    description: {
      type: 'string',
      description: `A summary of the design the sketches convey, British English, at most ${MAX_SKETCH_SUMMARY_CHARS} characters.`,
    },
    details: {
      type: 'array',
      items: { type: 'string' },
      description: `${SKETCH_POINTS.min} to ${SKETCH_POINTS.max} detailed analysis points, each one or two sentences, at most ${MAX_SKETCH_POINT_CHARS} characters.`,
    },
  },
} as const;

/** The sketch instruction: what an architect reading a sketch looks for, written as a design brief. */
export const SKETCH_SYSTEM_PROMPT = [
  'You are an architect reading design sketches back to their author as a short design brief, in the register of a design-and-access statement: precise and visual.',
  'Write in British English (colour, centre, grey, storey, metre, -ise spellings).',
  `drawingType: which kind of drawing the first sketch is: ${DRAWING_TYPES.join(', ')}.`,
  'description: the brief, a few sentences that open with what the drawing is as a reading (for example "An elevation of a two-storey house: …") and say what the design does: its massing, order, openings and intent. No figures or percentages.',
  `details: ${SKETCH_POINTS.min} to ${SKETCH_POINTS.max} points in plain architectural language covering the drawing type; massing and volumes; order and rhythm; openings and enclosure; circulation; depth; structure; materials the linework implies; and the design intent.`,
  'Read only what the sketches show. Where a sketch leaves something open (a material, a use), say it is implied or unclear rather than inventing it.',
].join('\n');

const modelAnswerSchema = z.object({
  drawingType: z.string(),
  description: z.string(),
  details: z.array(z.string()),
});

/**
 * The production sketch engine: any OpenAI-compatible Chat Completions endpoint with
 * image input, the sketch instruction, structured output parsed with `sketchReadingTextSchema`,
 * British spelling enforced on the answer. One attempt: a malformed answer fails the job (502).
 */
export class OpenAiSketchEngine implements SketchEngine {
  readonly name = 'openai' as const;

  constructor(
    private readonly client: OpenAI,
    readonly model: string,
  ) {}

  /**
   * @throws UndecodableImageError when a sketch cannot be decoded for the model; AnalysisEngineError
   *   when the model's answer is not a valid reading or the API fails
   */
  async read(sketches: readonly Buffer[]): Promise<SketchReadingText> {
    const dataUrls = await toModelDataUrls(sketches);
    const messages: ChatCompletionMessageParam[] = [
      { role: 'system', content: SKETCH_SYSTEM_PROMPT },
      {
        role: 'user',
        content: [
          {
            type: 'text',
            text: `Read ${sketches.length === 1 ? 'this architectural sketch' : `these ${sketches.length} architectural sketches`}.`,
          },
          ...dataUrls.map((url) => ({ type: 'image_url' as const, image_url: { url, detail: 'high' as const } })),
        ],
      },
    ];
    const content = await completeStructured(this.client, this.model, messages, 'sketch_reading', SKETCH_READING_JSON_SCHEMA);
    const answer = parseModelJson(content, modelAnswerSchema);
    const reading = sketchReadingTextSchema.safeParse({
      drawingType: answer.drawingType.trim().toLowerCase(),
      description: toBritishSpelling(answer.description.trim()),
      details: answer.details.map((point) => toBritishSpelling(point.trim())).filter(Boolean),
    });
    if (!reading.success) {
      throw new AnalysisEngineError(
        `The vision model did not return a valid sketch reading (a summary, ${SKETCH_POINTS.min} to ${SKETCH_POINTS.max} points and one of the drawing types ${DRAWING_TYPES.join(', ')}).`,
      );
    }
    return reading.data;
  }
}
