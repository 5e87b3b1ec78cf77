import type { InkMap } from './ink-map.js';

/** Cells across the sheet's width at which the ink is compared with its mirror image. */
const GRID = 32;

/**
 * Left–right mirror symmetry of the ink about the centre of the drawn area, 0 (none) to 1 (a
 * perfect mirror image). The ink is pooled into a coarse grid first (32 cells across), so a
 * freehand line a few pixels off its mirror partner still matches: the measure is of the
 * composition, not of the pen.
 * @returns 1 − Σ|a − mirror(a)| / Σ(a + mirror(a)) over the grid cells; 0 for a blank sheet
 */
export function measureSymmetry(map: InkMap): number {
  const { width, height, ink } = map;
  let minX = width;
  let maxX = -1;
  for (let i = 0; i < ink.length; i++) {
    if (!ink[i]) continue;
    const x = i % width;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
  }
  if (maxX < minX) return 0;
  const span = maxX - minX + 1;
  const rowsOfCells = Math.max(1, Math.round((GRID * height) / width));
  const cells = new Float64Array(GRID * rowsOfCells);
  for (let y = 0; y < height; y++) {
    const row = Math.min(rowsOfCells - 1, Math.floor((y * rowsOfCells) / height));
    for (let x = minX; x <= maxX; x++) {
      if (ink[y * width + x]) cells[row * GRID + Math.min(GRID - 1, Math.floor(((x - minX) * GRID) / span))]++;
    }
  }
  let difference = 0;
  let sum = 0;
  for (let row = 0; row < rowsOfCells; row++) {
    for (let column = 0; column < GRID; column++) {
      const a = cells[row * GRID + column];
      const b = cells[row * GRID + GRID - 1 - column];
      difference += Math.abs(a - b);
      sum += a + b;
    }
  }
  return sum === 0 ? 0 : 1 - difference / sum;
}
