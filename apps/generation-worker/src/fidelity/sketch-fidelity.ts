import sharp from 'sharp';

// Module bindings for the per-pixel loops: global lookups are slow inside VM contexts such as Jest's.
const { abs, hypot, max, min, round, sqrt } = Math;

/** Side of the square both images are letterboxed into before their edges are compared, in pixels. */
export const FIDELITY_SIZE = 320;
/** How far an edge may lie from its counterpart and still match, in pixels at `FIDELITY_SIZE` (2 % of the side). */
export const FIDELITY_TOLERANCE_PX = 4;
/** The largest whole-image offset forgiven, in pixels at `FIDELITY_SIZE` each way (2.5 % of the side): a render framed a little differently keeps its geometry. */
export const MAX_SHIFT_PX = 8;
/** The step of the offsets tried, in pixels at `FIDELITY_SIZE` (the tolerance covers what lies between). */
const SHIFT_STEP_PX = 2;
/** Gaussian blur before the gradient (sharp's sigma, in pixels at `FIDELITY_SIZE`): shading and fine texture fade, outlines stay. */
const BLUR_SIGMA = 1.6;
/** The most of the content's pixels that may count as edges, its strongest ridges first (the rest is texture and shading). */
const EDGE_SHARE = 0.06;
/** The weakest gradient (Sobel on luma 0..1, after the blur) that can be an edge: a faint tone step is not a line. */
const MIN_EDGE_MAGNITUDE = 0.12;
/** Orientation bins over 180°: an edge matches one within a bin of its own (22.5° bins, so ±33.75° at most). */
const ORIENTATION_BINS = 8;
/** The shortest run of connected edge pixels kept: a structural line, not a speck of texture. */
const MIN_EDGE_PIXELS = 16;

/**
 * Lets timers and I/O run between the score's stages: the per-pixel work is synchronous, and a
 * worker whose event loop it held for seconds would miss the renewals of its queue job's lock and
 * see the job taken for stalled (and run twice) while the score is still being taken.
 */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A binary map at `FIDELITY_SIZE`, row-major, 1 where the image has a structural edge. */
export interface EdgeMap {
  size: number;
  edge: Uint8Array;
  /** 1 inside the image's content (outside its letterbox bars), where edges are counted. */
  content: Uint8Array;
  /** Each edge pixel's orientation, 0 to `ORIENTATION_BINS` − 1 (the gradient's angle modulo 180°, in equal bins). */
  orientation: Uint8Array;
  /** The rectangle `content` covers, in pixels at `FIDELITY_SIZE`: where the image itself lies between its letterbox bars. */
  contentBox: { left: number; top: number; width: number; height: number };
}

/** What `scoreSketchFidelity` measures of one sketch and one render. */
export interface SketchFidelity {
  /** 0–100: the F-score of the two edge maps' matches, rounded. */
  score: number;
  /** Share of the sketch's edges with a render edge within the tolerance, 0..1 (recall). */
  sketchMatched: number;
  /** Share of the render's edges with a sketch edge within the tolerance, 0..1 (precision). */
  renderMatched: number;
  /** The sketch's edges that no render edge matches, at `FIDELITY_SIZE` (for the overlay). */
  unmatchedSketch: EdgeMap;
  /**
   * The render's registration the score was taken at, in pixels at `FIDELITY_SIZE`: the sketch's
   * pixel (x, y) lies over the render's (x + dx, y + dy), both in their letterboxed frames.
   */
  offset: { dx: number; dy: number };
  /** Where the render lies in its letterboxed frame, in pixels at `FIDELITY_SIZE` (its `EdgeMap.contentBox`). */
  renderBox: EdgeMap['contentBox'];
}

/** An image decoded once: its luma (0–255, laid on white) fitted inside a `FIDELITY_SIZE` square, not yet blurred. */
export interface DecodedImage {
  grey: Buffer;
  width: number;
  height: number;
}

/** A frame's width and height in pixels at `FIDELITY_SIZE`: the shape an image is fitted into before both are compared. */
export interface Frame {
  width: number;
  height: number;
}

/**
 * Decodes an image (any format sharp reads, EXIF-upright) and fits it inside a `FIDELITY_SIZE`
 * square, never stretched, as luma on white: a drawing whose lines live in its alpha channel
 * reads as drawn. Its own frame is its `width` × `height`.
 * @throws sharp's error for an image it cannot read
 */
export async function decodeForFidelity(image: Buffer): Promise<DecodedImage> {
  const size = FIDELITY_SIZE;
  const rgba = await sharp(image, { limitInputPixels: 8192 * 8192 })
    .rotate()
    .resize(size, size, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = rgba.info;
  const grey = Buffer.alloc(width * height);
  for (let i = 0; i < grey.length; i++) {
    const p = rgba.data;
    const alpha = p[i * 4 + 3] / 255;
    grey[i] = round((0.2126 * p[i * 4] + 0.7152 * p[i * 4 + 1] + 0.0722 * p[i * 4 + 2]) * alpha + 255 * (1 - alpha));
  }
  return { grey, width, height };
}

/**
 * A decoded image fitted inside `frame` (never stretched: smaller when the frame has another
 * shape), blurred, and laid centred on a white `FIDELITY_SIZE` square, with the rectangle its
 * content covers. In its own frame the image keeps its decoded size.
 */
async function framedLuma(
  image: DecodedImage,
  frame: Frame,
): Promise<{ luma: Float32Array; content: Uint8Array; contentBox: EdgeMap['contentBox'] }> {
  const size = FIDELITY_SIZE;
  const scale = min(frame.width / image.width, frame.height / image.height, 1);
  const width = max(1, round(image.width * scale));
  const height = max(1, round(image.height * scale));
  let pipeline = sharp(image.grey, { raw: { width: image.width, height: image.height, channels: 1 } });
  if (width !== image.width || height !== image.height) pipeline = pipeline.resize(width, height, { fit: 'fill' });
  const { data, info } = await pipeline.blur(BLUR_SIGMA).greyscale().raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 1) throw new Error(`expected one grey channel, got ${info.channels}`);
  const luma = new Float32Array(size * size).fill(1);
  const content = new Uint8Array(size * size);
  const left = (size - info.width) >> 1;
  const top = (size - info.height) >> 1;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const i = (y + top) * size + x + left;
      luma[i] = data[y * info.width + x] / 255;
      content[i] = 1;
    }
  }
  return { luma, content, contentBox: { left, top, width: info.width, height: info.height } };
}

/**
 * The structural edges of a decoded image fitted inside `frame` (its own, unless given): Sobel gradient magnitude, thinned to its ridge
 * (non-maximum suppression across the gradient, so a line counts once whatever its weight), kept
 * where it is among the frame's strongest `EDGE_SHARE` and above `MIN_EDGE_MAGNITUDE`, in
 * 8-connected runs of at least `MIN_EDGE_PIXELS`. The content's own border is not an edge.
 */
export async function structuralEdges(image: DecodedImage, frame: Frame = image): Promise<EdgeMap> {
  const size = FIDELITY_SIZE;
  const { luma, content, contentBox } = await framedLuma(image, frame);
  const magnitude = new Float32Array(size * size);
  const gxs = new Float32Array(size * size);
  const gys = new Float32Array(size * size);
  for (let y = 1; y < size - 1; y++) {
    for (let x = 1; x < size - 1; x++) {
      const i = y * size + x;
      // Inside the content only, two pixels from its border: the letterbox bars make no edge.
      if (!content[i - 2 * size] || !content[i + 2 * size] || !content[i - 2] || !content[i + 2]) continue;
      const a = luma[i - size - 1];
      const b = luma[i - size];
      const c = luma[i - size + 1];
      const d = luma[i - 1];
      const f = luma[i + 1];
      const g = luma[i + size - 1];
      const h = luma[i + size];
      const k = luma[i + size + 1];
      const gx = c + 2 * f + k - a - 2 * d - g;
      const gy = g + 2 * h + k - a - 2 * b - c;
      gxs[i] = gx;
      gys[i] = gy;
      magnitude[i] = hypot(gx, gy);
    }
  }
  await yieldToEventLoop();
  // Non-maximum suppression along the gradient's direction, quantised to 4 neighbours.
  const ridge = new Float32Array(size * size);
  for (let y = 1; y < size - 1; y++) {
    for (let x = 1; x < size - 1; x++) {
      const i = y * size + x;
      const m = magnitude[i];
      if (m === 0) continue;
      const ax = abs(gxs[i]);
      const ay = abs(gys[i]);
      let step: number;
      if (ay <= ax * 0.4142) step = 1;
      else if (ax <= ay * 0.4142) step = size;
      else step = gxs[i] * gys[i] > 0 ? size + 1 : size - 1;
      if (m >= magnitude[i - step] && m >= magnitude[i + step]) ridge[i] = m;
    }
  }
  await yieldToEventLoop();
  const threshold = max(MIN_EDGE_MAGNITUDE, strongestShareThreshold(ridge, content));
  const edge = new Uint8Array(size * size);
  const orientation = new Uint8Array(size * size);
  for (let i = 0; i < edge.length; i++) {
    if (!(ridge[i] >= threshold && ridge[i] > 0)) continue;
    edge[i] = 1;
    const angle = Math.atan2(gys[i], gxs[i]);
    orientation[i] = Math.floor(((angle + Math.PI) % Math.PI) / (Math.PI / ORIENTATION_BINS)) % ORIENTATION_BINS;
  }
  return { size, edge: withoutShortRuns(edge, size), content, orientation, contentBox };
}

/**
 * The ridge strength above which at most `EDGE_SHARE` of the content's pixels lie: a clean drawing,
 * whose ridges are all lines, keeps every line; a photograph keeps its strongest.
 */
function strongestShareThreshold(ridge: Float32Array, content: Uint8Array): number {
  let contentPixels = 0;
  for (let i = 0; i < content.length; i++) contentPixels += content[i];
  const ridges = ridge.filter((v) => v > 0).sort();
  const allowed = Math.floor(EDGE_SHARE * contentPixels);
  return ridges.length <= allowed ? 0 : ridges[ridges.length - allowed];
}

/** The edge map without its 8-connected runs shorter than `MIN_EDGE_PIXELS`. */
function withoutShortRuns(edge: Uint8Array, size: number): Uint8Array {
  const kept = new Uint8Array(edge.length);
  const seen = new Uint8Array(edge.length);
  const stack: number[] = [];
  const run: number[] = [];
  for (let start = 0; start < edge.length; start++) {
    if (!edge[start] || seen[start]) continue;
    run.length = 0;
    stack.push(start);
    seen[start] = 1;
    while (stack.length > 0) {
      const i = stack.pop()!;
      run.push(i);
      const x = i % size;
      for (let dy = -size; dy <= size; dy += size) {
        for (let dx = -1; dx <= 1; dx++) {
          const j = i + dy + dx;
          if (j < 0 || j >= edge.length || (dx === -1 && x === 0) || (dx === 1 && x === size - 1)) continue;
          if (edge[j] && !seen[j]) {
            seen[j] = 1;
            stack.push(j);
          }
        }
      }
    }
    if (run.length >= MIN_EDGE_PIXELS) for (const i of run) kept[i] = 1;
  }
  return kept;
}

/**
 * Distance from each pixel to the nearest edge pixel, in pixels (exact Euclidean, Felzenszwalb and
 * Huttenlocher's separable transform, "Distance Transforms of Sampled Functions", 2012).
 */
function distanceToEdges(edge: Uint8Array, size: number): Float32Array {
  const INF = 1e12;
  const squared = new Float64Array(size * size);
  for (let i = 0; i < squared.length; i++) squared[i] = edge[i] ? 0 : INF;
  const f = new Float64Array(size);
  const d = new Float64Array(size);
  const v = new Int32Array(size);
  const z = new Float64Array(size + 1);
  const pass = (offset: number, stride: number) => {
    for (let q = 0; q < size; q++) f[q] = squared[offset + q * stride];
    let k = 0;
    v[0] = 0;
    z[0] = -INF;
    z[1] = INF;
    for (let q = 1; q < size; q++) {
      let s = (f[q] + q * q - (f[v[k]] + v[k] * v[k])) / (2 * q - 2 * v[k]);
      while (s <= z[k]) {
        k--;
        s = (f[q] + q * q - (f[v[k]] + v[k] * v[k])) / (2 * q - 2 * v[k]);
      }
      k++;
      v[k] = q;
      z[k] = s;
      z[k + 1] = INF;
    }
    k = 0;
    for (let q = 0; q < size; q++) {
      while (z[k + 1] < q) k++;
      d[q] = (q - v[k]) * (q - v[k]) + f[v[k]];
    }
    for (let q = 0; q < size; q++) squared[offset + q * stride] = d[q];
  };
  for (let x = 0; x < size; x++) pass(x, size);
  for (let y = 0; y < size; y++) pass(y * size, 1);
  const distance = new Float32Array(size * size);
  for (let i = 0; i < distance.length; i++) distance[i] = sqrt(squared[i]);
  return distance;
}

/**
 * For each orientation bin, the distance from every pixel to the nearest edge of `map` in that
 * bin or a neighbouring one (`distanceToEdges` on their union).
 */
async function distancesByOrientation(map: EdgeMap): Promise<Float32Array[]> {
  const distances: Float32Array[] = [];
  for (let bin = 0; bin < ORIENTATION_BINS; bin++) {
    const near = new Uint8Array(map.edge.length);
    for (let i = 0; i < near.length; i++) {
      if (!map.edge[i]) continue;
      const apart = abs(map.orientation[i] - bin);
      if (min(apart, ORIENTATION_BINS - apart) <= 1) near[i] = 1;
    }
    distances.push(distanceToEdges(near, map.size));
    await yieldToEventLoop();
  }
  return distances;
}

/**
 * Share of `from`'s edges (inside `to`'s content once moved by `(dx, dy)`) lying within
 * `FIDELITY_TOLERANCE_PX` of an edge of `to` of about the same orientation, each credited
 * `1 − d / (tolerance + 1)` so that a near miss counts less than a hit; and, when asked, the
 * unmatched edges of `from`.
 */
function matchedShare(from: EdgeMap, to: EdgeMap, distancesToTo: Float32Array[], dx: number, dy: number, unmatched?: Uint8Array): number {
  const size = from.size;
  const pixels = edgePixelsOf(from);
  let total = 0;
  let credit = 0;
  for (const i of pixels) {
    const x = i % size;
    const y = (i - x) / size;
    if (x + dx < 0 || x + dx >= size || y + dy < 0 || y + dy >= size) continue;
    const j = i + dy * size + dx;
    if (!to.content[j]) continue;
    total++;
    const d = distancesToTo[from.orientation[i]][j];
    if (d <= FIDELITY_TOLERANCE_PX) credit += 1 - d / (FIDELITY_TOLERANCE_PX + 1);
    else if (unmatched) unmatched[i] = 1;
  }
  return total === 0 ? 0 : credit / total;
}

/** The indices of a map's edge pixels, listed once per map: the offsets loop over them, not over the frame. */
const edgePixels = new WeakMap<EdgeMap, Int32Array>();
function edgePixelsOf(map: EdgeMap): Int32Array {
  let pixels = edgePixels.get(map);
  if (!pixels) {
    const list: number[] = [];
    for (let i = 0; i < map.edge.length; i++) if (map.edge[i]) list.push(i);
    pixels = Int32Array.from(list);
    edgePixels.set(map, pixels);
  }
  return pixels;
}

/** The F-score of two shares (their harmonic mean), 0 when both are 0. */
const fScore = (recall: number, precision: number) => (recall + precision === 0 ? 0 : (2 * recall * precision) / (recall + precision));

/** Below this score a render is marked "geometry drift" (calibrated on the fixture sketches; see the contract). */
export { GEOMETRY_DRIFT_BELOW } from '@archlens/contracts/generation';

/**
 * Sketch fidelity: how much of a sketch's geometry a render kept, 0–100. Both images are
 * brought to one frame, never stretched: the render's, with the sketch fitted inside it as a
 * provider composes a sketch onto a canvas of another aspect ratio, and, when their shapes
 * differ, also the sketch's, with the render fitted inside it; the better of the two counts, so
 * the score does not depend on which image is called the sketch. Their structural edges are extracted
 * the same way (`structuralEdges`: blurred Sobel ridges, the frame's strongest, in long runs, so
 * texture and shading count little), and compared by a symmetric, distance-tolerant measure: the
 * share of sketch edges with a render edge of about the same orientation within
 * `FIDELITY_TOLERANCE_PX` (recall) and of render edges with such a sketch edge (precision),
 * combined as their F-score. This is the boundary F-measure of contour-detection benchmarks
 * (Martin, Fowlkes and Malik, "Learning to Detect Natural Image Boundaries Using Local Brightness,
 * Color, and Texture Cues", IEEE PAMI 2004), with orientation-aware matching as in oriented chamfer
 * matching (Shotton, Blake and Cipolla, "Multiscale Categorical Object Recognition Using Contour
 * Fragments", IEEE PAMI 2008), a linear credit for near misses, and the best whole-image offset
 * within `MAX_SHIFT_PX` each way, so that a render framed a little differently is not taken for one
 * that moved the windows. Swapping the two images gives the same score.
 * @param sketch, render encoded images (JPEG, PNG, WebP; up to 8192 × 8192)
 * @throws sharp's error for an image it cannot read
 */
export async function scoreSketchFidelity(sketch: Buffer, render: Buffer): Promise<SketchFidelity> {
  const [decodedSketch, decodedRender] = await Promise.all([decodeForFidelity(sketch), decodeForFidelity(render)]);
  const frames: Frame[] = [decodedRender];
  if (!sameShape(decodedSketch, decodedRender)) frames.push(decodedSketch);
  let best: SketchFidelity | undefined;
  for (const frame of frames) {
    const [a, b] = await Promise.all([structuralEdges(decodedSketch, frame), structuralEdges(decodedRender, frame)]);
    const measured = await compareEdges(a, b);
    // Ties keep the render's frame, tried first: that is how the render is shown and the overlay drawn.
    if (!best || measured.score > best.score) best = measured;
  }
  return best!;
}

/** Whether two decoded images have one shape, to the pixel at `FIDELITY_SIZE` (their own frames are the same). */
function sameShape(a: Frame, b: Frame): boolean {
  return a.width === b.width && a.height === b.height;
}

/** The F-score of two edge maps in one frame at their best offset (`scoreSketchFidelity`), with the sketch's unmatched edges. */
async function compareEdges(a: EdgeMap, b: EdgeMap): Promise<SketchFidelity> {
  const toB = await distancesByOrientation(b);
  const toA = await distancesByOrientation(a);
  // The render's best registration within ±`MAX_SHIFT_PX` (the same range both ways, so swapping the images mirrors it).
  // No offset first: among offsets that score the same (an unrelated render may match nothing at any), none is kept.
  const still = { recall: matchedShare(a, b, toB, 0, 0), precision: matchedShare(b, a, toA, 0, 0) };
  let best = { f: fScore(still.recall, still.precision), dx: 0, dy: 0, ...still };
  for (let dy = -MAX_SHIFT_PX; dy <= MAX_SHIFT_PX; dy += SHIFT_STEP_PX) {
    for (let dx = -MAX_SHIFT_PX; dx <= MAX_SHIFT_PX; dx += SHIFT_STEP_PX) {
      const recall = matchedShare(a, b, toB, dx, dy);
      const precision = matchedShare(b, a, toA, -dx, -dy);
      const f = fScore(recall, precision);
      if (f > best.f) best = { f, dx, dy, recall, precision };
    }
    await yieldToEventLoop();
  }
  const unmatched = new Uint8Array(a.edge.length);
  matchedShare(a, b, toB, best.dx, best.dy, unmatched);
  return {
    score: round(100 * best.f),
    sketchMatched: best.recall,
    renderMatched: best.precision,
    unmatchedSketch: { ...a, edge: unmatched },
    offset: { dx: best.dx, dy: best.dy },
    renderBox: b.contentBox,
  };
}
