import {
  chroma,
  colourFamily,
  colourTemperature,
  nearestColourName,
  rgbToHex,
  rgbToHsl,
  type ColourTemperature,
  type Rgb,
} from './colour-naming.js';
import { kMeans, nearestCentre } from './k-means.js';
import type { Sample } from './sample.js';

/**
 * The dominant palette: deterministic k-means in RGB, fitted on a subsample of the pixels and
 * then given every pixel, near-identical clusters merged and each colour named.
 */

// Module bindings for the per-pixel loops: global lookups are slow inside VM contexts such as Jest's.
const { hypot, min, round } = Math;

/** Number of palette clusters (k-means on RGB). */
export const PALETTE_SIZE = 5;

/** One colour of a dominant palette. */
export interface PaletteEntry {
  /** Cluster centre, `#rrggbb`. */
  hex: string;
  rgb: Rgb;
  /** Share of the analysed pixels in this cluster, 0..1; the shares of a palette sum to 1. */
  share: number;
  /** Nearest plain name in the color-name-list "best of" list (`nearestColourName`), e.g. "Weathered Stone". */
  name: string;
  /** Plain family computed from HSL, e.g. "warm grey", "ochre", "slate blue". */
  family: string;
  temperature: ColourTemperature;
  /** HSL lightness of the centre, 0..1. */
  lightness: number;
  /** Chroma of the centre, (max − min) / 255, 0..1. */
  chroma: number;
  /** Share of this cluster's pixels that the sky mask holds, 0..1. */
  skyShare: number;
  /** Share of this cluster's pixels that the vegetation mask holds, 0..1. */
  vegetationShare: number;
}

/** The palette is fitted on every `CLUSTER_STRIDE`-th pixel of every `CLUSTER_STRIDE`-th row. */
const CLUSTER_STRIDE = 2;

/** Clusters closer than this (RGB Euclidean distance) are merged into one palette entry. */
const MERGE_DISTANCE = 12;

interface RawPaletteEntry {
  rgb: Rgb;
  share: number;
  skyShare: number;
  vegetationShare: number;
}

/** Merges near-identical clusters, drops empty ones, names them and sorts by share (then hex). */
function finishPalette(entries: RawPaletteEntry[]): PaletteEntry[] {
  const merged: RawPaletteEntry[] = [];
  for (const e of [...entries].filter((x) => x.share > 0).sort((a, b) => b.share - a.share)) {
    const near = merged.find((m) => hypot(m.rgb.r - e.rgb.r, m.rgb.g - e.rgb.g, m.rgb.b - e.rgb.b) < MERGE_DISTANCE);
    if (!near) {
      merged.push({ ...e, rgb: { ...e.rgb } });
      continue;
    }
    const w = near.share + e.share;
    near.rgb = {
      r: (near.rgb.r * near.share + e.rgb.r * e.share) / w,
      g: (near.rgb.g * near.share + e.rgb.g * e.share) / w,
      b: (near.rgb.b * near.share + e.rgb.b * e.share) / w,
    };
    near.skyShare = (near.skyShare * near.share + e.skyShare * e.share) / w;
    near.vegetationShare = (near.vegetationShare * near.share + e.vegetationShare * e.share) / w;
    near.share = w;
  }
  const total = merged.reduce((s, e) => s + e.share, 0);
  return merged
    .map((e): PaletteEntry => {
      const rgb = { r: round(e.rgb.r), g: round(e.rgb.g), b: round(e.rgb.b) };
      return {
        hex: rgbToHex(rgb),
        rgb,
        share: e.share / total,
        name: nearestColourName(rgb),
        family: colourFamily(rgb),
        temperature: colourTemperature(rgb),
        lightness: rgbToHsl(rgb).l,
        chroma: chroma(rgb),
        skyShare: e.skyShare,
        vegetationShare: e.vegetationShare,
      };
    })
    .sort((a, b) => b.share - a.share || a.hex.localeCompare(b.hex));
}

/**
 * Fits the `PALETTE_SIZE` cluster centres of a sample on every second pixel of every second row.
 * @returns the centres, RGB triplets 0..255 (`PALETTE_SIZE × 3`)
 */
export function fitPalette(sample: Sample): Float64Array {
  const { width: w, height: h, rgb } = sample;
  const fit: number[] = [];
  for (let y = 0; y < h; y += CLUSTER_STRIDE) for (let x = 0; x < w; x += CLUSTER_STRIDE) fit.push(y * w + x);
  const points = new Float64Array(fit.length * 3);
  fit.forEach((i, p) => {
    points[p * 3] = rgb[i * 3];
    points[p * 3 + 1] = rgb[i * 3 + 1];
    points[p * 3 + 2] = rgb[i * 3 + 2];
  });
  return kMeans(points, new Float64Array(fit.length).fill(1), PALETTE_SIZE).centres;
}

/**
 * The palette of a sample: every pixel given to its nearest centre (`fitPalette`), each cluster's
 * share of the frame and of the sky and vegetation masks, then merged, named and sorted.
 * @param sky 1 where a pixel is sky, row-major
 * @param vegetation 1 where a pixel is vegetation, row-major
 * @returns up to `PALETTE_SIZE` entries, largest share first
 */
export function assignPalette(sample: Sample, centres: Float64Array, sky: Uint8Array, vegetation: Uint8Array): PaletteEntry[] {
  const { width: w, height: h, rgb } = sample;
  const n = w * h;
  const members = new Float64Array(PALETTE_SIZE);
  const skyMembers = new Float64Array(PALETTE_SIZE);
  const vegetationMembers = new Float64Array(PALETTE_SIZE);
  for (let i = 0; i < n; i++) {
    const j = nearestCentre(centres, PALETTE_SIZE, rgb[i * 3], rgb[i * 3 + 1], rgb[i * 3 + 2]);
    members[j]++;
    if (sky[i]) skyMembers[j]++;
    if (vegetation[i]) vegetationMembers[j]++;
  }
  const raw: RawPaletteEntry[] = [];
  for (let j = 0; j < PALETTE_SIZE; j++) {
    raw.push({
      rgb: { r: centres[j * 3], g: centres[j * 3 + 1], b: centres[j * 3 + 2] },
      share: members[j] / n,
      skyShare: members[j] > 0 ? skyMembers[j] / members[j] : 0,
      vegetationShare: members[j] > 0 ? vegetationMembers[j] / members[j] : 0,
    });
  }
  return finishPalette(raw);
}

/**
 * One palette for several images, each image weighing the same: the entries of every palette
 * re-clustered by weighted k-means (k = `PALETTE_SIZE`, fewer when there are fewer entries), each
 * entry weighted by its share over the number of palettes; sky and vegetation shares are
 * weighted means over each cluster's entries.
 * @param palettes one palette per image, at least one
 */
export function combinePalettes(palettes: ReadonlyArray<readonly PaletteEntry[]>): PaletteEntry[] {
  const n = palettes.length;
  const entries = palettes.flat();
  const points = new Float64Array(entries.length * 3);
  const weights = new Float64Array(entries.length);
  let e = 0;
  for (const palette of palettes) {
    for (const p of palette) {
      points[e * 3] = p.rgb.r;
      points[e * 3 + 1] = p.rgb.g;
      points[e * 3 + 2] = p.rgb.b;
      weights[e] = p.share / n;
      e++;
    }
  }
  const k = min(PALETTE_SIZE, entries.length);
  const clustering = kMeans(points, weights, k);
  const raw: RawPaletteEntry[] = [];
  for (let j = 0; j < k; j++) {
    let sky = 0;
    let veg = 0;
    let w = 0;
    entries.forEach((p, i) => {
      if (clustering.assignment[i] !== j) return;
      sky += p.skyShare * weights[i];
      veg += p.vegetationShare * weights[i];
      w += weights[i];
    });
    raw.push({
      rgb: { r: clustering.centres[j * 3], g: clustering.centres[j * 3 + 1], b: clustering.centres[j * 3 + 2] },
      share: clustering.shares[j],
      skyShare: w > 0 ? sky / w : 0,
      vegetationShare: w > 0 ? veg / w : 0,
    });
  }
  return finishPalette(raw);
}
