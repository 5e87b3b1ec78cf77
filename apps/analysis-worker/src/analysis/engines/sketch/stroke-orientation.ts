import type { InkMap } from './ink-map.js';

/** How the strokes of a sketch are oriented, as shares of all stroke edge strength (they sum to 1). */
export interface OrientationBalance {
  /** Strokes within `AXIS_TOLERANCE_DEGREES` of horizontal. */
  horizontal: number;
  /** Strokes within `AXIS_TOLERANCE_DEGREES` of vertical. */
  vertical: number;
  /** Every other stroke. */
  diagonal: number;
  /** How many pixels carried a stroke edge (Sobel magnitude at least `STROKE_EDGE_MAGNITUDE`). */
  edgePixels: number;
}

/**
 * Angle from the horizontal or vertical within which a stroke counts as horizontal or vertical,
 * in degrees. A ruled or carefully drawn line stays within a few degrees; 12° also admits a
 * freehand line's wobble without taking in the 30° and 45° lines of axonometric and perspective.
 */
export const AXIS_TOLERANCE_DEGREES = 12;
/** Sobel magnitude (luma 0..1, 1-2-1 weights, so at most 4) that marks the edge of a stroke: a 10 % step in grey. */
export const STROKE_EDGE_MAGNITUDE = 0.4;

/**
 * Orientation balance from gradient directions: at every pixel with a stroke edge, the Sobel
 * gradient points across the stroke, so the stroke runs at right angles to it. Each edge pixel
 * votes for horizontal, vertical or diagonal with its magnitude. Plans and elevations are drawn
 * almost wholly in horizontals and verticals; perspectives and axonometrics add many diagonals.
 */
export function measureOrientation(map: InkMap): OrientationBalance {
  const { width, height, grey } = map;
  const tolerance = (AXIS_TOLERANCE_DEGREES * Math.PI) / 180;
  let horizontal = 0;
  let vertical = 0;
  let diagonal = 0;
  let edgePixels = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const gx = grey[i - width + 1] + 2 * grey[i + 1] + grey[i + width + 1] - grey[i - width - 1] - 2 * grey[i - 1] - grey[i + width - 1];
      const gy =
        grey[i + width - 1] + 2 * grey[i + width] + grey[i + width + 1] - grey[i - width - 1] - 2 * grey[i - width] - grey[i - width + 1];
      const magnitude = Math.hypot(gx, gy);
      if (magnitude < STROKE_EDGE_MAGNITUDE) continue;
      edgePixels++;
      // The gradient's angle from the horizontal, folded into 0..π/2: near 0 the stroke is vertical.
      const angle = Math.atan2(Math.abs(gy), Math.abs(gx));
      if (angle < tolerance) vertical += magnitude;
      else if (angle > Math.PI / 2 - tolerance) horizontal += magnitude;
      else diagonal += magnitude;
    }
  }
  const total = horizontal + vertical + diagonal;
  if (total === 0) return { horizontal: 0, vertical: 0, diagonal: 0, edgePixels };
  return { horizontal: horizontal / total, vertical: vertical / total, diagonal: diagonal / total, edgePixels };
}
