// Test-only: real fixture photos and sketches (by path, never copied) and generated bad inputs.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** `../shared/fixtures/photos` relative to the project root. */
export const PHOTOS_DIR = path.resolve(repoRoot, '../shared/fixtures/photos');

/** The bytes of `../shared/fixtures/photos/<name>`. @throws ENOENT for an unknown photo */
export function fixturePhoto(name: string): Buffer {
  return readFileSync(path.join(PHOTOS_DIR, name));
}

/** `../shared/fixtures/sketches` relative to the project root. */
export const SKETCHES_DIR = path.resolve(repoRoot, '../shared/fixtures/sketches');

/** The bytes of `../shared/fixtures/sketches/<name>`. @throws ENOENT for an unknown sketch */
export function fixtureSketch(name: string): Buffer {
  return readFileSync(path.join(SKETCHES_DIR, name));
}

/** The three drawn fixture sketches whose drawing types the tests name: a plan, an elevation, a perspective. */
export const THREE_SKETCHES = ['apartment-floorplan.png', 'house-facade.png', 'tower-perspective.png'] as const;

/** The three photos of the end-to-end analysis path. */
export const THREE_PHOTOS = ['mit-media-lab.jpg', 'tours-cathedral-gothic.jpg', 'havana-cathedral-baroque.jpg'] as const;

/** A small real PNG, for count checks. */
export async function smallPng(seed = 0): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 40 + seed, g: 90, b: 160 } } })
    .png()
    .toBuffer();
}

/**
 * A PNG whose header declares `width`×`height` pixels but which carries almost no data:
 * a decompression bomb as far as any decoder that trusts the header is concerned.
 */
export function pngDeclaring(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    typed.copy(out, 4);
    out.writeUInt32BE(crc(typed), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // colour type RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
