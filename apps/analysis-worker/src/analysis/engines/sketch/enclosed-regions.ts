import type { InkMap } from './ink-map.js';

/** Areas of paper fully enclosed by ink: rooms in a plan, panes and panels in an elevation. */
export interface EnclosedRegions {
  /** Enclosed areas of at least `MIN_REGION_SHARE` of the sheet. */
  count: number;
  /** Their total area as a share of the sheet, 0..1. */
  areaShare: number;
  /** The largest one as a share of the sheet, 0..1 (0 without any). */
  largestShare: number;
}

/**
 * Smallest enclosed area that counts, as a share of the sheet: 0.1 % (about 16 × 16 working
 * pixels) leaves out the counters of letters, hatching cells and the gaps inside furniture
 * symbols, while a room of a plan or a pane of a window in an elevation stays well above it.
 */
export const MIN_REGION_SHARE = 0.001;

/**
 * Connected components (4-connected) of paper after the ink is thickened by one pixel, so that a
 * freehand line's hairline breaks still close its outline; a component that touches the edge of
 * the sheet is open, not enclosed. Doorways drawn as gaps open a room into the next, so a plan's
 * count is a lower bound on its rooms, never more.
 */
export function measureEnclosedRegions(map: InkMap): EnclosedRegions {
  const { width, height, ink } = map;
  const size = width * height;
  const blocked = new Uint8Array(size);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!ink[y * width + x]) continue;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const yy = y + dy;
          const xx = x + dx;
          if (yy >= 0 && yy < height && xx >= 0 && xx < width) blocked[yy * width + xx] = 1;
        }
      }
    }
  }
  const seen = new Uint8Array(size);
  const stack = new Int32Array(size);
  const minArea = Math.max(4, MIN_REGION_SHARE * size);
  let count = 0;
  let area = 0;
  let largest = 0;
  for (let start = 0; start < size; start++) {
    if (blocked[start] || seen[start]) continue;
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    let componentArea = 0;
    let touchesEdge = false;
    while (top > 0) {
      const i = stack[--top];
      componentArea++;
      const x = i % width;
      const y = (i - x) / width;
      if (x === 0 || y === 0 || x === width - 1 || y === height - 1) touchesEdge = true;
      const neighbours = [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, y > 0 ? i - width : -1, y < height - 1 ? i + width : -1];
      for (const n of neighbours) {
        if (n >= 0 && !blocked[n] && !seen[n]) {
          seen[n] = 1;
          stack[top++] = n;
        }
      }
    }
    if (!touchesEdge && componentArea >= minArea) {
      count++;
      area += componentArea;
      largest = Math.max(largest, componentArea);
    }
  }
  return { count, areaShare: area / size, largestShare: largest / size };
}
