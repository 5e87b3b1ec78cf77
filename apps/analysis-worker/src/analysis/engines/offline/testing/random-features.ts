import { chroma, colourFamily, colourTemperature, nearestColourName, rgbToHex, rgbToHsl, type Rgb } from '../colour-naming.js';
import type { AggregateFeatures, ImageFeatures, PaletteEntry } from '../pixel-features.js';

/** A small deterministic generator (LCG) so that "random" test cases are the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

function paletteEntry(rgb: Rgb, share: number, random: () => number): PaletteEntry {
  return {
    hex: rgbToHex(rgb),
    rgb,
    share,
    name: nearestColourName(rgb),
    family: colourFamily(rgb),
    temperature: colourTemperature(rgb),
    lightness: rgbToHsl(rgb).l,
    chroma: chroma(rgb),
    skyShare: random() < 0.3 ? random() : 0,
    vegetationShare: random() < 0.2 ? random() : 0,
  };
}

/**
 * Synthetic features covering the whole range of every measure; one case in eight pushes every
 * measure to 0 or 1 to probe the extremes.
 */
export function randomFeatures(random: () => number, imageCount = 1 + Math.floor(random() * 10)): AggregateFeatures {
  const extreme = random() < 0.125;
  const u = () => (extreme ? (random() < 0.5 ? 0 : 1) : random());
  const entries = 1 + Math.floor(random() * 5);
  const palette: PaletteEntry[] = [];
  let left = 1;
  for (let i = 0; i < entries; i++) {
    const share = i === entries - 1 ? left : left * random();
    left -= share;
    palette.push(paletteEntry({ r: Math.round(u() * 255), g: Math.round(u() * 255), b: Math.round(u() * 255) }, share, random));
  }
  const v = u();
  const h = u();
  const d = u();
  const total = v + h + d;
  const edges =
    total > 0
      ? { vertical: v / total, horizontal: h / total, diagonal: d / total }
      : { vertical: 1 / 3, horizontal: 1 / 3, diagonal: 1 / 3 };
  const image: ImageFeatures = {
    palette,
    luminance: u(),
    contrast: u() * 0.5,
    saturation: u(),
    warmth: u() * 2 - 1,
    edges,
    edgeDensity: u(),
    verticalToHorizontal: Math.max(edges.vertical, 1e-3) / Math.max(edges.horizontal, 1e-3),
    symmetry: u(),
    symmetryAxisOffset: (u() - 0.5) * 0.2,
    sky: u(),
    vegetation: u() * 0.6,
    verticalRhythm: { strength: u(), period: 0.04 + u() * 0.29 },
    horizontalRhythm: { strength: u(), period: 0.04 + u() * 0.29 },
    bands: { top: u(), middle: u(), bottom: u() },
    aspectRatio: 0.3 + u() * 3,
    sampleWidth: 256,
    sampleHeight: 171,
  };
  return { ...image, imageCount, images: Array.from({ length: imageCount }, () => image) };
}
