import type { AnalysisEngine } from '@archlens/contracts/analysis';
import { MAX_SKETCH_IMAGES, SKETCH_MESSAGES } from '@archlens/contracts/sketch';
import type { TextActionLabels } from '../../shared/text-actions/TextActionButtons';
import { formatDuration, withArticle } from './sketch-reading';

/** Every user-visible text of /read-sketch (spec §2, §5, §8 texts word for word; our own in British English). */
export const SKETCH_TEXTS = {
  pageTitle: 'Process Your Sketch',
  pageIntro:
    'Upload up to three sketches of one design: plans, elevations, sections or perspectives. ArchLens reads them back as a design brief, with a summary and the detailed points behind it.',

  /** The upload card's texts (`ImageUploadCard`). */
  upload: {
    heading: 'Sketches',
    uploadButton: 'Upload Sketches',
    uploadedHeading: (count: number) => `Uploaded Sketches (${count}/${MAX_SKETCH_IMAGES})`,
    submit: 'Analyse Sketch',
    previewAlt: (position: number, fileName: string) => `Sketch ${position}: ${fileName}`,
  },
  startOver: 'Start Over',

  progress: {
    heading: 'Reading your sketches',
    label: 'Sketch reading progress',
    caption: 'Tracing lines, openings, circulation and massing. This can take several seconds.',
  },

  empty: {
    heading: 'Ready to Read Your Sketch',
    copy: 'Add up to three sketches, then select Analyse Sketch. A plan together with an elevation or a perspective of the same idea gives the fullest reading.',
  },

  resultHeading: 'Sketch Reading',
  imageCount: (n: number) => `${n} ${n === 1 ? 'image' : 'images'}`,
  summaryTab: 'Summary',
  detailsTab: 'Detailed Analysis',
  tabsLabel: 'Sketch reading views',
  actionsLabel: 'Sketch reading actions',
  pointsLabel: 'Detailed analysis points',
  /**
   * The drawing type and the engine under the result (the offline engine's type is an estimate).
   * The engines name the type of the first sketch, so a reading of several says which one it is.
   */
  caption: (drawingType: string, imageCount: number, engine: AnalysisEngine, model: string) => {
    const read = `${imageCount > 1 ? 'Sketch 1 read' : 'Read'} as ${withArticle(drawingType)}`;
    return engine === 'offline'
      ? `${read} (estimated from the measured lines) · Written by the ArchLens measuring engine from the lines of the drawing, offline and without an AI model.`
      : `${read} · Written by the AI vision model ${model}.`;
  },
  /** From pressing Analyse Sketch to the answer; with the worker's own time when it is known. */
  completedIn: (elapsedMs: number, workerMs?: number) =>
    `Completed in ${formatDuration(elapsedMs)}${workerMs === undefined ? '' : ` (${formatDuration(workerMs)} on the server)`}`,
  /** Copy and Add to Clipboard of the tab shown; the separator title in the Working Clipboard (spec §3). */
  textActions: (tab: string): TextActionLabels => ({
    clipboardTitle: `Sketch Reading (${tab})`,
    copyHint: `Copy the ${tab.toLowerCase()}`,
    addHint: `Add the ${tab.toLowerCase()} to the Working Clipboard`,
  }),

  toasts: {
    noImages: SKETCH_MESSAGES.noImages,
    completeTitle: 'Analysis Complete',
    complete: (n: number) => `Your reading of ${n} ${n === 1 ? 'sketch' : 'sketches'} is ready.`,
    failedTitle: 'Analysis Failed',
    /** Spec §8: 'Failed to analyze sketch' before the server's text. */
    failed: (detail: string) => `${SKETCH_MESSAGES.failedPrefix}: ${detail}`,
  },
} as const;
