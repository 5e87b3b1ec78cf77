/**
 * What a file is by its first bytes, whatever its name or the type the browser guessed from the
 * name: the accepted formats of spec §2, §9 (JPG, PNG, WebP) by their signatures.
 */

/** The image formats accepted (spec §2 /analyse, §9: JPG, PNG, WebP). */
export type AcceptedImageFormat = 'jpeg' | 'png' | 'webp';

/** How many leading bytes the signatures need (WebP's: "RIFF", a 4-byte size, "WEBP"). */
export const SIGNATURE_BYTES = 12;

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const RIFF = [0x52, 0x49, 0x46, 0x46];
const WEBP = [0x57, 0x45, 0x42, 0x50];

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);

/**
 * The accepted format whose signature `bytes` start with: JPEG `FF D8 FF`, PNG
 * `89 50 4E 47 0D 0A 1A 0A`, WebP `RIFF????WEBP`; null for anything else.
 * @param bytes at least the first {@link SIGNATURE_BYTES} bytes of the file (fewer: null)
 */
export function imageFormatOf(bytes: Uint8Array): AcceptedImageFormat | null {
  if (startsWith(bytes, JPEG)) return 'jpeg';
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'webp';
  return null;
}

/** The first `count` bytes of a blob (`Blob.arrayBuffer`, or a FileReader where a browser lacks it). */
function leadingBytes(blob: Blob, count: number): Promise<Uint8Array> {
  const head = blob.slice(0, count);
  if (typeof head.arrayBuffer === 'function') return head.arrayBuffer().then((buffer) => new Uint8Array(buffer));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(head);
  });
}

/**
 * Reads a file's first bytes and says which accepted image format it is, or null when it is none
 * (a text file named `.jpg`, a PDF, a GIF) or cannot be read.
 */
export async function readImageFormat(file: Blob): Promise<AcceptedImageFormat | null> {
  try {
    return imageFormatOf(await leadingBytes(file, SIGNATURE_BYTES));
  } catch {
    return null;
  }
}

/**
 * The first of `files`, in order, whose content is not a JPEG, PNG or WebP image, or null when
 * every one is (each file's first 12 bytes are read; all at once).
 */
export async function firstFileNotAnImage<F extends Blob>(files: readonly F[]): Promise<F | null> {
  const formats = await Promise.all(files.map(readImageFormat));
  const index = formats.indexOf(null);
  return index === -1 ? null : files[index];
}
