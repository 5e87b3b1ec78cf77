/**
 * How detail is distributed down the height of the built form: the share of edge pixels in the
 * top, middle and bottom thirds of what stands below the sky. A classical front reads as base,
 * middle and top because its thirds are worked differently (a rusticated plinth, a plainer body,
 * a crowning cornice); a curtain wall reads the same all the way up.
 */
export interface ElevationBands {
  /** Share of the band's built pixels (outside the sky mask) that are edges, 0..1. */
  top: number;
  middle: number;
  bottom: number;
}

/** Fewest rows of built form worth dividing into thirds; below it every band reads the same. */
const MIN_BUILT_ROWS = 6;
/** A row whose pixels are at least half sky is still above the building's top. */
const SKY_ROW_SHARE = 0.5;

/**
 * Edge density in three equal bands of the built height: from the first row that is less than
 * half sky down to the bottom of the frame. Sky pixels are left out of every count, so a spire
 * or a roofline against the sky does not thin the top band.
 * @param edge 1 where a pixel's gradient is an edge (`EDGE_THRESHOLD`), row-major, `w × h`
 * @param sky 1 where a pixel is in the sky mask, row-major, `w × h`
 * @returns the three densities; all equal to the frame's overall density when the built height
 *   is under `MIN_BUILT_ROWS` rows
 */
export function measureElevationBands(edge: Uint8Array, sky: Uint8Array, w: number, h: number): ElevationBands {
  let topRow = 0;
  for (; topRow < h; topRow++) {
    let skyCount = 0;
    for (let x = 0; x < w; x++) skyCount += sky[topRow * w + x];
    if (skyCount < w * SKY_ROW_SHARE) break;
  }
  const density = (from: number, to: number): number => {
    let edges = 0;
    let built = 0;
    for (let y = from; y < to; y++) {
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        if (sky[i]) continue;
        built++;
        edges += edge[i];
      }
    }
    return built > 0 ? edges / built : 0;
  };
  const rows = h - topRow;
  if (rows < MIN_BUILT_ROWS) {
    const all = density(0, h);
    return { top: all, middle: all, bottom: all };
  }
  const first = topRow + Math.round(rows / 3);
  const second = topRow + Math.round((2 * rows) / 3);
  return { top: density(topRow, first), middle: density(first, second), bottom: density(second, h) };
}
