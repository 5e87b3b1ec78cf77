import { useMutation } from '@tanstack/react-query';
import { mutationKeys } from '../../../api/query-keys';
import { sketchApi } from '../api/sketch-api';

/** `POST /api/analyze-sketch` (spec §7); a 401 reaches the global handler through the mutation cache (spec §8). */
export function useReadSketches() {
  return useMutation({ mutationKey: mutationKeys.readSketches, mutationFn: sketchApi.read });
}
