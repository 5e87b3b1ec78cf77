import { fitWithin } from '@archlens/contracts/analysis';
import { OPTIMISER_ERRORS, OptimiserError, type ScaledImage } from './optimise-images';

function loadImage(file: File): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(file);
  return new Promise<HTMLImageElement>((resolve, reject) => {
    const image = new Image();
    image.decoding = 'async';
    image.onload = () => resolve(image);
    image.onerror = () => reject(new OptimiserError(OPTIMISER_ERRORS.loadFailed(file.name)));
    image.src = url;
  }).finally(() => URL.revokeObjectURL(url));
}

/**
 * Draws `file` on a canvas whose longest side is at most `maxLongestSidePx` (never enlarged).
 * The canvas half of the optimiser: everything here needs a browser.
 */
export async function drawScaledImage(file: File, maxLongestSidePx: number): Promise<ScaledImage> {
  const image = await loadImage(file);
  const { width, height } = fitWithin(image.naturalWidth, image.naturalHeight, maxLongestSidePx);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new OptimiserError(OPTIMISER_ERRORS.noContext);
  // JPEG has no alpha: paint transparent PNG/WebP areas white rather than black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, 0, 0, width, height);

  return {
    width,
    height,
    toJpeg: (quality) =>
      new Promise<Blob>((resolve, reject) => {
        canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new OptimiserError(OPTIMISER_ERRORS.encodeFailed))), 'image/jpeg', quality);
      }),
  };
}
