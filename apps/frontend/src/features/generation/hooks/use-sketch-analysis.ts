import { useCallback, useRef, useState } from 'react';
import type { SketchReading } from '../../sketch/api/sketch-api';
import { sketchAnalysisErrorText } from '../generation-errors';
import type { ChosenImage } from './use-chosen-images';
import { useReadSketch } from './use-generate';

/** The automatic sketch analysis of /create, for the sketch shown. */
export type SketchAnalysisState =
  | { status: 'idle' }
  | { status: 'reading'; sketchId: string }
  | { status: 'read'; sketchId: string; reading: SketchReading }
  | { status: 'failed'; sketchId: string; message: string };

/**
 * Reads each sketch as soon as it is chosen (`POST /api/analyze-sketch`, single `sketch` field,
 * spec §7); the reading's description becomes the structure of the combined prompt. An answer for
 * a sketch that has since been replaced or removed is dropped. Failures show the spec §8 texts.
 */
export function useSketchAnalysis() {
  const { mutateAsync } = useReadSketch();
  const [state, setState] = useState<SketchAnalysisState>({ status: 'idle' });
  const latest = useRef<string | null>(null);

  const analyse = useCallback(
    (sketch: ChosenImage) => {
      latest.current = sketch.id;
      setState({ status: 'reading', sketchId: sketch.id });
      mutateAsync(sketch.file).then(
        (reading) => {
          if (latest.current === sketch.id) setState({ status: 'read', sketchId: sketch.id, reading });
        },
        (error: unknown) => {
          if (latest.current === sketch.id) setState({ status: 'failed', sketchId: sketch.id, message: sketchAnalysisErrorText(error) });
        },
      );
    },
    [mutateAsync],
  );

  const clear = useCallback(() => {
    latest.current = null;
    setState({ status: 'idle' });
  }, []);

  return { state, analyse, clear };
}
