import type { InkMap } from './ink-map.js';

/** Long straight horizontal and vertical runs of ink: walls, floor lines, storey lines, edges of volumes. */
export interface StraightRuns {
  /** Distinct horizontal runs at least `LONG_RUN_SHARE` of the sheet's width long. */
  horizontal: number;
  /** Distinct vertical runs at least `LONG_RUN_SHARE` of the sheet's height long. */
  vertical: number;
  /** The longest horizontal run as a share of the width, 0..1. */
  longestHorizontal: number;
  /** The longest vertical run as a share of the height, 0..1. */
  longestVertical: number;
  /** Where the lowest long horizontal run lies, as a share of the height from the top (0..1); null without one. */
  lowestHorizontalAt: number | null;
}

/**
 * A run counts as long from this share of the sheet's side: a wall of a room or a storey line is
 * several times longer than a window's sill or a piece of furniture, which stay under a tenth.
 */
export const LONG_RUN_SHARE = 0.12;
/** Gaps of up to this many working pixels inside a run are bridged (a freehand line's breaks, a doorway's hinge). */
const GAP_PIXELS = 2;

interface Run {
  start: number;
  end: number;
}

/** Runs of ink along one line of pixels at least `minLength` long, bridging small gaps. */
function runsAlong(length: number, inkAt: (i: number) => boolean, minLength: number): Run[] {
  const runs: Run[] = [];
  let start = -1;
  let lastInk = -GAP_PIXELS - 2;
  for (let i = 0; i <= length; i++) {
    const isInk = i < length && inkAt(i);
    if (isInk) {
      if (start < 0 || i - lastInk > GAP_PIXELS + 1) {
        if (start >= 0 && lastInk - start + 1 >= minLength) runs.push({ start, end: lastInk });
        start = i;
      }
      lastInk = i;
    }
  }
  if (start >= 0 && lastInk - start + 1 >= minLength) runs.push({ start, end: lastInk });
  return runs;
}

/**
 * Counts long runs in one direction: a run in one row (column) that overlaps a run in the previous
 * one by at least half is the same stroke (a pen line is several pixels thick), so it is counted once.
 * @returns the number of distinct runs, the longest, and the position (row or column) of the last one
 */
function countRuns(
  lines: number,
  length: number,
  inkAt: (line: number, i: number) => boolean,
): { count: number; longest: number; lastLine: number | null } {
  const minLength = Math.max(3, Math.round(LONG_RUN_SHARE * length));
  let previous: Run[] = [];
  let count = 0;
  let longest = 0;
  let lastLine: number | null = null;
  for (let line = 0; line < lines; line++) {
    const runs = runsAlong(length, (i) => inkAt(line, i), minLength);
    for (const run of runs) {
      longest = Math.max(longest, run.end - run.start + 1);
      const continues = previous.some((p) => {
        const overlap = Math.min(p.end, run.end) - Math.max(p.start, run.start) + 1;
        return overlap >= 0.5 * Math.min(p.end - p.start + 1, run.end - run.start + 1);
      });
      if (!continues) count++;
      lastLine = line;
    }
    previous = runs;
  }
  return { count, longest: longest / length, lastLine };
}

/** Long straight horizontal and vertical runs of ink (see `StraightRuns`). */
export function measureStraightRuns(map: InkMap): StraightRuns {
  const { width, height, ink } = map;
  const rows = countRuns(height, width, (y, x) => ink[y * width + x] === 1);
  const columns = countRuns(width, height, (x, y) => ink[y * width + x] === 1);
  return {
    horizontal: rows.count,
    vertical: columns.count,
    longestHorizontal: rows.longest,
    longestVertical: columns.longest,
    lowestHorizontalAt: rows.lastLine === null ? null : rows.lastLine / Math.max(1, height - 1),
  };
}
