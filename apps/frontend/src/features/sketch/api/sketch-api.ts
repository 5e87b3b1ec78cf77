import { API_PATHS } from '@archlens/contracts/paths';
import { analyzeSketchResponseSchema, SKETCH_IMAGE_FIELDS } from '@archlens/contracts/sketch';
import { z } from 'zod';
import { apiRequest } from '../../../api/client';
import { sketchPointsOf } from '../sketch-reading';

/**
 * The sketch reading as the SPA displays it: the contract's shape, without re-judging the text
 * rules (lengths, 3 to 12 points, the list of drawing types) the server already enforces; details
 * may be a list or one string and always become a list. A reading the server saved is
 * shown rather than discarded.
 */
export const sketchReadingSchema = analyzeSketchResponseSchema.extend({
  description: z.string(),
  details: z.union([z.array(z.string()), z.string()]).transform(sketchPointsOf),
  drawingType: z.string(),
});
export type SketchReading = z.infer<typeof sketchReadingSchema>;

/** The sketch route of spec §7; throws `HttpError` ("{status}: {body}") on a non-OK answer. */
export const sketchApi = {
  /** `POST /api/analyze-sketch`: multipart, one file per field `image0`, `image1`, `image2`, in preview order. */
  read: (files: readonly File[]): Promise<SketchReading> => {
    const formData = new FormData();
    files.forEach((file, index) => formData.append(SKETCH_IMAGE_FIELDS[index], file, file.name));
    return apiRequest(API_PATHS.analyzeSketch, { method: 'POST', formData, schema: sketchReadingSchema });
  },
};
