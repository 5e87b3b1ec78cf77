import type { Sample } from './sample.js';

// Module bindings for the per-pixel loop: global lookups are slow inside VM contexts such as Jest's.
const { max, min, sqrt } = Math;

/** Brightness and colourfulness of a whole sample, and its luma image for the edge and symmetry measures. */
export interface Tone {
  /** Luma of each pixel, 0..1, row-major. */
  luma: Float32Array;
  /** Mean luma (Rec. 709 coefficients on gamma-encoded sRGB), 0..1. */
  luminance: number;
  /** Standard deviation of luma, 0..0.5. */
  contrast: number;
  /** Mean chroma, (max − min) / 255, 0..1. */
  saturation: number;
}

function luma(r: number, g: number, b: number): number {
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/** Luma image, mean luminance, contrast and saturation of `sample`, in one pass. */
export function measureTone(sample: Sample): Tone {
  const { width: w, height: h, rgb } = sample;
  const n = w * h;
  const l = new Float32Array(n);
  let sumL = 0;
  let sumL2 = 0;
  let sumC = 0;
  for (let i = 0; i < n; i++) {
    const r = rgb[i * 3];
    const g = rgb[i * 3 + 1];
    const b = rgb[i * 3 + 2];
    const y = luma(r, g, b);
    l[i] = y;
    sumL += y;
    sumL2 += y * y;
    sumC += (max(r, g, b) - min(r, g, b)) / 255;
  }
  const luminance = sumL / n;
  const contrast = sqrt(max(0, sumL2 / n - luminance * luminance));
  return { luma: l, luminance, contrast, saturation: sumC / n };
}
