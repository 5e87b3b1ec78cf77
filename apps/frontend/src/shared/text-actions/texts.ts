/** Toasts of Copy and Add to Clipboard on a tool's result (spec §8 titles and 'Copied' text word for word). */
export const TEXT_ACTION_TEXTS = {
  copy: 'Copy',
  addToClipboard: 'Add to Clipboard',
  copiedTitle: 'Copied',
  copied: 'Text copied to system clipboard.',
  copyFailedTitle: 'Copy Failed',
  copyFailed: 'Unable to access system clipboard. Please copy the text manually.',
  addedTitle: 'Added to Clipboard',
  added: 'The text is in your Working Clipboard, under a dated separator.',
  addFailedTitle: 'Clipboard Not Saved',
  addFailed: 'Your browser did not let ArchLens save the Working Clipboard. Check its storage settings.',
} as const;
