import sharp from 'sharp';
import type { SketchFidelity } from './sketch-fidelity.js';

/**
 * The colour the unmatched lines are drawn in (sRGB): a saturated magenta, which architectural
 * renders (greys, browns, greens, sky blues) seldom contain, so the lines read on any of them.
 */
export const OVERLAY_COLOUR = { r: 230, g: 0, b: 126 } as const;
/**
 * Width of a drawn line, in pixels of the scorer's 320-pixel frame: 1.5, about 0.5 % of the
 * render's longer side (7 px on a 1536-pixel render, 3 px once the slider shows it 700 px wide).
 */
const LINE_WIDTH_FRAME_PX = 1.5;
/** Subpixels per frame pixel in the mask the lines are drawn on before it is scaled to the render. */
const SUPERSAMPLE = 4;
/**
 * Gaussian blur of the mask, in frame pixels (sharp's sigma), and the gain after it: the square
 * steps of a diagonal line of frame pixels are rounded off, and the line's core stays opaque.
 */
const SMOOTHING_FRAME_PX = 0.4;
const SMOOTHED_GAIN = 1.3;

/**
 * The sketch's lines that a render did not keep (`SketchFidelity.unmatchedSketch`), drawn on a
 * transparent PNG of the render's own size, so that laid over the render it lines up with it
 * exactly. Each unmatched edge pixel of the sketch's letterboxed frame is moved by the offset the
 * score was taken at (`SketchFidelity.offset`) into the render's frame, taken out of the render's
 * letterbox (`SketchFidelity.renderBox`) and scaled to the render's pixels; lines are
 * `LINE_WIDTH_FRAME_PX` wide in `OVERLAY_COLOUR`, smoothed and antialiased, and the rest is fully
 * transparent.
 * A sketch line that falls outside the render (its bars or beyond the offset) is not drawn.
 * @param fidelity what `scoreSketchFidelity(sketch, render)` measured
 * @param render the same render's encoded image (its upright width and height are read from it)
 * @returns PNG bytes, RGBA, the render's upright width × height
 * @throws sharp's error for an image it cannot read
 */
export async function unmatchedLinesOverlay(fidelity: SketchFidelity, render: Buffer): Promise<Buffer> {
  const { width, height } = await uprightSize(render);
  const { unmatchedSketch: map, offset, renderBox: box } = fidelity;
  const k = SUPERSAMPLE;
  const maskWidth = box.width * k;
  const maskHeight = box.height * k;
  const mask = Buffer.alloc(maskWidth * maskHeight);
  // A line's pixel covers [−reach, k + reach) subpixels around its own k × k cell: centred, `LINE_WIDTH_FRAME_PX` wide.
  const reach = Math.round(((LINE_WIDTH_FRAME_PX - 1) * k) / 2);
  for (let i = 0; i < map.edge.length; i++) {
    if (!map.edge[i]) continue;
    const x = (i % map.size) + offset.dx - box.left;
    const y = Math.floor(i / map.size) + offset.dy - box.top;
    if (x < 0 || y < 0 || x >= box.width || y >= box.height) continue;
    const top = Math.max(0, y * k - reach);
    const bottom = Math.min(maskHeight, (y + 1) * k + reach);
    const left = Math.max(0, x * k - reach);
    const right = Math.min(maskWidth, (x + 1) * k + reach);
    for (let row = top; row < bottom; row++) mask.fill(255, row * maskWidth + left, row * maskWidth + right);
  }
  const alpha = await sharp(mask, { raw: { width: maskWidth, height: maskHeight, channels: 1 } })
    .blur(SMOOTHING_FRAME_PX * k)
    .linear(SMOOTHED_GAIN, 0)
    .resize(width, height, { fit: 'fill', kernel: 'linear' })
    // Resizing can hand back sRGB: one band is the alpha.
    .extractChannel(0)
    .raw()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: OVERLAY_COLOUR } })
    .joinChannel(alpha, { raw: { width, height, channels: 1 } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** An image's width and height as it is shown: swapped when its EXIF orientation turns it a quarter (5 to 8). */
async function uprightSize(image: Buffer): Promise<{ width: number; height: number }> {
  const { width, height, orientation } = await sharp(image).metadata();
  if (!width || !height) throw new Error('the render has no size');
  return orientation !== undefined && orientation >= 5 ? { width: height, height: width } : { width, height };
}
