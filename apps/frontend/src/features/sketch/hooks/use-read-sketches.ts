import { useMutation } from '@tanstack/react-query';
import { mutationKeys } from '../../../api/query-keys';
import { sketchApi } from '../api/sketch-api';

/** `POST /api/analyze-sketch`; a 401 reaches the global handler through the mutation cache. */
export function useReadSketches() {
  return useMutation({ mutationKey: mutationKeys.readSketches, mutationFn: sketchApi.read });
}
