import {
  GENERATION_FILE_FIELDS,
  generateResponseSchema,
  generationImagePath,
  type GenerateResponse,
  type GenerationOptions,
} from '@archlens/contracts/generation';
import { API_PATHS } from '@archlens/contracts/paths';
import { SINGLE_SKETCH_FIELD } from '@archlens/contracts/sketch';
import { apiRequest } from '../../../api/client';
import { sketchReadingSchema, type SketchReading } from '../../sketch/api/sketch-api';
import { GENERATION_TEXTS } from '../texts';

/** One generation as the SPA sends it (spec §3 generation request, §7 `POST /api/generate`). */
export interface GenerateRequest {
  /** Chosen by the SPA, so it can follow the job's events before the answer. */
  jobId: string;
  sketch: File;
  /** Up to 4 (spec §9). */
  references: readonly File[];
  options: GenerationOptions;
  /** The user's analysis the style description was written from ("Use as style"), kept in the recipe. */
  sourceAnalysisId?: string | null;
}

/** The text fields of the multipart body, as strings; the optional seed and source analysis only when set. */
export function generateFormFields(jobId: string, options: GenerationOptions, sourceAnalysisId?: string | null): [string, string][] {
  const { seed, ...rest } = options;
  const fields = Object.entries(rest).map(([name, value]): [string, string] => [name, String(value)]);
  if (seed !== undefined) fields.push(['seed', String(seed)]);
  fields.push(['jobId', jobId]);
  if (sourceAnalysisId) fields.push(['sourceAnalysisId', sourceAnalysisId]);
  return fields;
}

/** The generation calls of spec §7; each throws `HttpError` ("{status}: {body}") on a non-OK answer. */
export const generationApi = {
  /** `POST /api/generate`: multipart `sketch`, `references` (repeated) and the text fields → the result. */
  generate: ({ jobId, sketch, references, options, sourceAnalysisId }: GenerateRequest): Promise<GenerateResponse> => {
    const formData = new FormData();
    formData.append(GENERATION_FILE_FIELDS.sketch, sketch, sketch.name);
    references.forEach((file) => formData.append(GENERATION_FILE_FIELDS.references, file, file.name));
    generateFormFields(jobId, options, sourceAnalysisId).forEach(([name, value]) => formData.append(name, value));
    return apiRequest(API_PATHS.generate, { method: 'POST', formData, schema: generateResponseSchema });
  },

  /**
   * `POST /api/generations/{id}/retry-free` `{jobId}`: Retry free of generation `id` (a render
   * marked geometry drift): a new job `jobId` with the same recipe and a new seed, no credits,
   * answered once it has finished.
   */
  retryFree: (id: string, jobId: string): Promise<GenerateResponse> =>
    apiRequest(API_PATHS.retryGenerationFree.replace(':jobId', encodeURIComponent(id)), {
      method: 'POST',
      json: { jobId },
      schema: generateResponseSchema,
    }),

  /** `POST /api/analyze-sketch` with the single `sketch` field of /create → description, details. */
  readSketch: (sketch: File): Promise<SketchReading> => {
    const formData = new FormData();
    formData.append(SINGLE_SKETCH_FIELD, sketch, sketch.name);
    return apiRequest(API_PATHS.analyzeSketch, { method: 'POST', formData, schema: sketchReadingSchema });
  },

  /**
   * `GET /api/download/{jobId}/{index}`: the image as a blob.
   * @throws Error 'Download failed: {status}' on a non-OK answer, 'No job ID available' without a job (spec §8)
   */
  downloadImage: async (jobId: string | null | undefined, index: number): Promise<Blob> => {
    if (!jobId) throw new Error(GENERATION_TEXTS.downloadErrors.noJobId);
    const response = await fetch(generationImagePath(jobId, index), { credentials: 'include' });
    if (!response.ok) throw new Error(GENERATION_TEXTS.downloadErrors.status(response.status));
    return response.blob();
  },
};
