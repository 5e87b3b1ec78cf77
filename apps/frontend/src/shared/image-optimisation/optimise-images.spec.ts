import { jest } from '@jest/globals';
import { optimiseImage, optimiseImages, OptimiserError, type DrawScaled } from './optimise-images';

const KB = 1024;
const MB = 1024 * KB;

function fileOf(name: string, size: number, type = 'image/jpeg'): File {
  return new File([new Uint8Array(size)], name, { type });
}

/** A fake canvas step whose JPEG size depends on the quality asked for. */
function fakeDraw(sizeAt: (quality: number) => number) {
  const qualities: number[] = [];
  const sides: number[] = [];
  const draw: DrawScaled = async (_file, maxSide) => {
    sides.push(maxSide);
    return {
      width: 1024,
      height: 768,
      toJpeg: async (quality: number) => {
        qualities.push(quality);
        return new Blob([new Uint8Array(sizeAt(quality))], { type: 'image/jpeg' });
      },
    };
  };
  return { draw, qualities, sides };
}

describe('optimiseImage (spec §9)', () => {
  it('sends a file under 500 KB unchanged', async () => {
    const draw = jest.fn<DrawScaled>();
    const file = fileOf('small.png', 400 * KB, 'image/png');
    await expect(optimiseImage(file, draw)).resolves.toEqual({ file, optimised: false });
    expect(draw).not.toHaveBeenCalled();
  });

  it('resizes to 1024 px and encodes at 0.85', async () => {
    const fake = fakeDraw(() => 200 * KB);
    const result = await optimiseImage(fileOf('photo.png', 900 * KB, 'image/png'), fake.draw);
    expect(fake.sides).toEqual([1024]);
    expect(fake.qualities).toEqual([0.85]);
    expect(result.optimised).toBe(true);
    expect(result.file.name).toBe('photo.jpg');
    expect(result.file.type).toBe('image/jpeg');
    // The encoded JPEG is what is sent, not the 900 KB original.
    expect(result.file.size).toBe(200 * KB);
  });

  it('uses 0.7 above 5 MB and retries at 0.5 when the result is over 2 MB', async () => {
    const fake = fakeDraw((q) => (q > 0.5 ? 3 * MB : 1 * MB));
    const result = await optimiseImage(fileOf('big.jpg', 6 * MB), fake.draw);
    expect(fake.qualities).toEqual([0.7, 0.5]);
    // The retry's encoding is kept, not the first one over 2 MB.
    expect(result.file.size).toBe(1 * MB);
  });

  it('refuses a file that is not an image with the spec text', async () => {
    await expect(optimiseImage(fileOf('notes.txt', 10, 'text/plain'), fakeDraw(() => 1).draw)).rejects.toThrow(
      'File "notes.txt" is not an image.',
    );
  });

  it('keeps optimiser errors and wraps any other failure', async () => {
    const known: DrawScaled = async () => {
      throw new OptimiserError('Failed to load image: broken.jpg');
    };
    await expect(optimiseImage(fileOf('broken.jpg', 600 * KB), known)).rejects.toThrow('Failed to load image: broken.jpg');
    const unknown: DrawScaled = async () => {
      throw new Error('out of memory');
    };
    await expect(optimiseImage(fileOf('x.jpg', 600 * KB), unknown)).rejects.toThrow('Failed to process image: out of memory');
  });
});

describe('optimiseImages', () => {
  it('keeps the order and totals the sizes before and after', async () => {
    const fake = fakeDraw(() => 100 * KB);
    const small = fileOf('a.jpg', 10 * KB);
    const result = await optimiseImages([small, fileOf('b.jpg', 2 * MB)], fake.draw);
    expect(result.files.map((f) => f.name)).toEqual(['a.jpg', 'b.jpg']);
    expect(result.files[0]).toBe(small);
    expect(result.optimisedCount).toBe(1);
    expect(result.totalBytesBefore).toBe(10 * KB + 2 * MB);
    expect(result.totalBytesAfter).toBe(110 * KB);
  });
});
