import { ANALYSIS_MESSAGES, MAX_ANALYSIS_IMAGES, type AnalysisEngine } from '@archlens/contracts/analysis';

/** Every user-visible text of /analyse (spec §2, §5, §8; literal spec titles kept as written). */
export const ANALYSIS_TEXTS = {
  pageTitle: 'Design Language Analysis',
  pageIntro:
    'Upload photographs, renders or elevations of one building. ArchLens describes its design language in exactly 88 words, then expands on massing, materials, light and composition.',

  uploadHeading: 'Images',
  uploadButton: 'Upload Images',
  dropHint: 'or drag and drop them here',
  formats: `JPG, PNG, WebP · up to ${MAX_ANALYSIS_IMAGES} images · 50MB each`,
  uploadedHeading: (count: number) => `Uploaded Images (${count}/${MAX_ANALYSIS_IMAGES})`,
  removeImage: (fileName: string) => `Remove ${fileName}`,
  clearAll: 'Remove all',
  generate: 'Generate Analysis',
  generating: 'Analysing…',

  progressHeading: 'Analysing your images',
  progressLabel: 'Analysis progress',
  progressCaption: 'Reading massing, materials, light and composition. This can take several seconds.',

  resultHeading: 'Analysis',
  primaryTab: 'Primary',
  expandedTab: 'Expanded',
  tabsLabel: 'Analysis views',
  tagsLabel: 'Tags',
  wordCount: (n: number) => `${n} ${n === 1 ? 'word' : 'words'}`,
  engineCaption: (engine: AnalysisEngine, model: string) =>
    engine === 'offline'
      ? 'Written by the offline pixel analyser (no AI model configured): measured palette, light, edges and symmetry.'
      : `Written by ${model}.`,
  copy: 'Copy',
  copyAriaLabel: (tab: string) => `Copy the ${tab.toLowerCase()} description`,

  emptyHeading: 'Ready for Analysis',
  emptyCopy:
    'Add up to 10 images of a building, then select Generate Analysis. Several views of the same project (street elevation, detail, interior) give the richest reading.',

  previousHeading: 'Previous Analyses',
  previousEmpty: 'No analyses yet. Your three most recent analyses will appear here.',
  previousError: 'Previous analyses could not be loaded.',
  imageCount: (n: number) => `${n} ${n === 1 ? 'image' : 'images'}`,

  toasts: {
    tooManyTitle: 'Too Many Files',
    tooMany: ANALYSIS_MESSAGES.tooManyImages(MAX_ANALYSIS_IMAGES),
    invalidTitle: 'Invalid Files',
    notAnImage: ANALYSIS_MESSAGES.notAnImage,
    tooLargeTitle: 'Files Too Large',
    tooLarge: ANALYSIS_MESSAGES.tooLarge,
    noImagesTitle: 'No Images Selected',
    noImages: ANALYSIS_MESSAGES.noImages,
    optimisingTitle: 'Optimizing Images',
    optimising: (n: number) => `Resizing ${n} large ${n === 1 ? 'image' : 'images'} before upload.`,
    optimisedTitle: 'Images Optimized',
    optimised: (before: string, after: string) => `Reduced the upload from ${before} to ${after}.`,
    processingFailedTitle: 'Image Processing Failed',
    completeTitle: 'Analysis Complete',
    complete: (imageCount: number) => `Your design language analysis of ${imageCount} ${imageCount === 1 ? 'image' : 'images'} is ready.`,
    failedTitle: 'Analysis Failed',
    copiedTitle: 'Copied',
    copied: 'Text copied to system clipboard.',
    copyFailedTitle: 'Copy Failed',
    copyFailed: 'Unable to access system clipboard. Please copy the text manually.',
  },
} as const;
