import {
  generateResponseSchema,
  generationDetailSchema,
  type GenerateResponse,
  type GenerationDetail,
} from '@archlens/contracts/generation';
import { deletedResponseSchema, itemImageSchema, type LibraryItemType } from '@archlens/contracts/library';
import { API_PATHS, libraryItemPath } from '@archlens/contracts/paths';
import { z } from 'zod';
import { apiRequest } from '../../../api/client';
import { analysisResultSchema } from '../../analysis/api/analysis-api';
import { sketchReadingSchema } from '../../sketch/api/sketch-api';

/**
 * An analysis as its item page shows it: the /analyse result's shape (texts read without re-judging
 * the rules the server enforced when it saved them) and the thumbnails of its photographs.
 */
export const analysisItemSchema = analysisResultSchema.extend({ images: z.array(itemImageSchema) });
export type AnalysisItem = z.infer<typeof analysisItemSchema>;

/** A sketch reading as its item page shows it: the /read-sketch result's shape without a duration, and its sketches' thumbnails. */
export const sketchReadingItemSchema = sketchReadingSchema.omit({ durationMs: true }).extend({ images: z.array(itemImageSchema) });
export type SketchReadingItem = z.infer<typeof sketchReadingItemSchema>;

export type GenerationItem = GenerationDetail;

/** The query key of one library item: its `GET` path, so the default fetch and the hook read the same resource. */
export function libraryItemQueryKey(type: LibraryItemType, id: string): readonly [string] {
  return [libraryItemPath(type, id)] as const;
}

const rerunPath = (route: 'reproduceGeneration' | 'varyGeneration', id: string) =>
  API_PATHS[route].replace(':jobId', encodeURIComponent(id));

/** The library's item routes; each throws `HttpError` on a non-OK answer (404 for a missing item or another user's). */
export const libraryItemsApi = {
  /** `GET /api/analyses/{id}`. */
  analysis: (id: string, signal?: AbortSignal): Promise<AnalysisItem> =>
    apiRequest(libraryItemPath('analysis', id), { schema: analysisItemSchema, signal }),
  /** `GET /api/sketch-readings/{id}`. */
  sketchReading: (id: string, signal?: AbortSignal): Promise<SketchReadingItem> =>
    apiRequest(libraryItemPath('sketch-reading', id), { schema: sketchReadingItemSchema, signal }),
  /** `GET /api/generations/{id}`: images, status, credits, recipe and lineage. */
  generation: (id: string, signal?: AbortSignal): Promise<GenerationItem> =>
    apiRequest(libraryItemPath('generation', id), { schema: generationDetailSchema, signal }),
  /** `DELETE` of the item with everything stored for it. */
  remove: async (type: LibraryItemType, id: string): Promise<void> => {
    await apiRequest(libraryItemPath(type, id), { method: 'DELETE', schema: deletedResponseSchema });
  },
  /**
   * `POST /api/generations/{id}/reproduce` (same recipe and seed) or `…/vary` (a new seed): a new
   * generation, paid for in credits like any, answered once it has finished.
   */
  rerun: (id: string, seed: 'same' | 'new'): Promise<GenerateResponse> =>
    apiRequest(rerunPath(seed === 'same' ? 'reproduceGeneration' : 'varyGeneration', id), {
      method: 'POST',
      schema: generateResponseSchema,
    }),
};
