// Test-only: real images in formats the product does not take (spec §2, §9: JPG, PNG and WebP
// only), for the upload routes' 415 '"{file}" is not a JPG, PNG or WebP image.'.
import sharp from 'sharp';

/** A 2×2 24-bit BMP (BITMAPINFOHEADER), as Windows Paint saves one. */
function bmp(): Buffer {
  const rowBytes = 8; // 2 pixels × 3 bytes, padded to 4
  const size = 54 + rowBytes * 2;
  const b = Buffer.alloc(size, 0x80);
  b.write('BM', 0, 'ascii');
  b.writeUInt32LE(size, 2);
  b.writeUInt32LE(0, 6);
  b.writeUInt32LE(54, 10);
  b.writeUInt32LE(40, 14);
  b.writeInt32LE(2, 18);
  b.writeInt32LE(2, 22);
  b.writeUInt16LE(1, 26);
  b.writeUInt16LE(24, 28);
  b.writeUInt32LE(0, 30);
  b.writeUInt32LE(rowBytes * 2, 34);
  return b;
}

/** The start of a HEIC photo as an iPhone saves it: its `ftyp` box with the `heic` brand, then the rest of the file. */
function heic(): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypheic', 4, 'ascii');
  ftyp.writeUInt32BE(0, 12);
  ftyp.write('mif1heic', 16, 'ascii');
  return Buffer.concat([ftyp, Buffer.alloc(6000, 0x11)]);
}

/** An SVG drawing with an XML declaration, as a vector editor exports it. */
function svg(): Buffer {
  return Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="40" height="30" fill="#2a5aa0"/></svg>\n',
  );
}

/** File name and bytes of a GIF, a BMP, a HEIC and an SVG. */
export async function otherImageFormats(): Promise<Array<[name: string, bytes: Buffer]>> {
  const gif = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#2a5aa0' } })
    .gif()
    .toBuffer();
  return [
    ['small.gif', gif],
    ['scan.bmp', bmp()],
    ['IMG_0001.HEIC', heic()],
    ['drawing.svg', svg()],
  ];
}
