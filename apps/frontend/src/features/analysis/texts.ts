import type { TextActionLabels } from '../../shared/text-actions/TextActionButtons';
import { ANALYSIS_MESSAGES, MAX_ANALYSIS_IMAGES, type AnalysisEngine } from '@archlens/contracts/analysis';
import { REPORT_MESSAGES } from '@archlens/contracts/reports';

/** Every user-visible text of /analyse (spec §2, §5, §8; literal spec titles kept as written). */
export const ANALYSIS_TEXTS = {
  pageTitle: 'Design Language Analysis',
  pageIntro:
    'Upload photographs, renders or elevations of one building. ArchLens describes its design language in exactly 88 words, then expands on massing, materials, light and composition.',

  /** The upload card's texts (`ImageUploadCard`). */
  upload: {
    heading: 'Images',
    uploadButton: 'Upload Images',
    uploadedHeading: (count: number) => `Uploaded Images (${count}/${MAX_ANALYSIS_IMAGES})`,
    submit: 'Generate Analysis',
  },
  clearAll: 'Remove all',

  progress: {
    heading: 'Analysing your images',
    label: 'Analysis progress',
    caption: 'Reading massing, materials, light and composition. This can take several seconds.',
  },

  resultHeading: 'Analysis',
  primaryTab: 'Primary',
  expandedTab: 'Expanded',
  tabsLabel: 'Analysis views',
  tagsLabel: 'Tags',
  wordCount: (n: number) => `${n} ${n === 1 ? 'word' : 'words'}`,
  /** Who wrote this analysis, in plain words: the measuring engine is never passed off as an AI model. */
  engineCaption: (engine: AnalysisEngine, model: string) =>
    engine === 'offline'
      ? 'Written by the ArchLens measuring engine, offline and without an AI model: the photographs were measured for proportion, order, palette and light.'
      : `Written by the AI vision model ${model}.`,
  actionsLabel: 'Analysis actions',
  /** Copy and Add to Clipboard of the tab shown; the separator title in the Working Clipboard (spec §3). */
  textActions: (tab: string): TextActionLabels => ({
    clipboardTitle: `Design Language Analysis (${tab})`,
    copyHint: `Copy the ${tab.toLowerCase()} description`,
    addHint: `Add the ${tab.toLowerCase()} description to the Working Clipboard`,
  }),
  emailText: 'Email Text',
  exportPdf: 'Export PDF',
  exportingPdf: 'Exporting…',

  emailDialog: {
    title: 'Email Analysis Report',
    intro: 'We will e-mail this analysis with its PDF report attached.',
    firstName: 'First Name',
    lastName: 'Last Name',
    email: 'Email Address',
    cancel: 'Cancel',
    send: 'Send Analysis',
    sending: 'Sending...',
  },

  upsell: {
    heading: 'Turn this design language into renders',
    body: (monthly: string, monthlyCredits: number) =>
      `ArchLens Pro reads your sketch and this description together and renders photorealistic images of the design: ${monthlyCredits} credits a month for ${monthly} SGD, cancel any time.`,
    cta: 'View Pro Features',
    ctaSoon: 'Pricing opens soon',
  },

  empty: {
    heading: 'Ready for Analysis',
    copy: 'Add up to 10 images of a building, then select Generate Analysis. Several views of the same project (street elevation, detail, interior) give the richest reading.',
  },

  previousHeading: 'Previous Analyses',
  previousEmpty: 'No analyses yet. Your three most recent analyses will appear here.',
  /** The analysis shown above is the only one so far. */
  previousNoneEarlier: 'No earlier analyses yet.',
  previousError: 'Previous analyses could not be loaded.',
  imageCount: (n: number) => `${n} ${n === 1 ? 'image' : 'images'}`,

  toasts: {
    noImages: ANALYSIS_MESSAGES.noImages,
    completeTitle: 'Analysis Complete',
    complete: (imageCount: number) => `Your design language analysis of ${imageCount} ${imageCount === 1 ? 'image' : 'images'} is ready.`,
    failedTitle: 'Analysis Failed',
    sentTitle: 'Analysis Sent!',
    sent: REPORT_MESSAGES.sent,
    emailFailedTitle: 'Email Failed',
    emailFailed: REPORT_MESSAGES.failed,
    missingTitle: 'Missing Information',
    missing: REPORT_MESSAGES.missingFields,
    pdfFailedTitle: 'PDF Export Failed',
    pdfFailed: 'The PDF report could not be downloaded. Please try again.',
  },
} as const;
