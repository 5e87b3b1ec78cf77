import { addToClipboard } from '@archlens/contracts/clipboard-text';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import NoteAddOutlined from '@mui/icons-material/NoteAddOutlined';
import { ActionButton } from '../components/ActionButton';
import { toast } from '../toast';
import { TEXT_ACTION_TEXTS as T } from './texts';

/** Puts `text` on the system clipboard, with 'Copied' or a failure toast. */
export async function copyToSystemClipboard(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: T.copiedTitle, description: T.copied, variant: 'success' });
  } catch {
    toast({ title: T.copyFailedTitle, description: T.copyFailed, variant: 'error' });
  }
}

/** Appends `text` under a separator titled `title` to the Working Clipboard, saved at once in local storage. */
export function addToWorkingClipboard(title: string, text: string): void {
  try {
    addToClipboard(window.localStorage, title, text);
    toast({ title: T.addedTitle, description: T.added, variant: 'success' });
  } catch {
    toast({ title: T.addFailedTitle, description: T.addFailed, variant: 'error' });
  }
}

/** What the buttons say about the text they act on (each feature builds them in its texts.ts). */
export interface TextActionLabels {
  /** The separator title in the Working Clipboard, e.g. 'Sketch Reading (Detailed Analysis)'. */
  clipboardTitle: string;
  /** Tooltips naming what is copied and added. */
  copyHint: string;
  addHint: string;
}

export interface TextActionButtonsProps {
  /** The text shown (the tab open), which both buttons act on. */
  text: string;
  labels: TextActionLabels;
}

/**
 * Copy and Add to Clipboard for the text a tool's result shows (spec §2 /analyse and /read-sketch,
 * §8 'Copied' and 'Added to Clipboard'); placed in the result's toolbar beside its other actions.
 */
export function TextActionButtons({ text, labels: { clipboardTitle, copyHint, addHint } }: TextActionButtonsProps) {
  return (
    <>
      <ActionButton icon={<ContentCopyOutlined fontSize="small" />} onClick={() => void copyToSystemClipboard(text)} title={copyHint}>
        {T.copy}
      </ActionButton>
      <ActionButton icon={<NoteAddOutlined fontSize="small" />} onClick={() => addToWorkingClipboard(clipboardTitle, text)} title={addHint}>
        {T.addToClipboard}
      </ActionButton>
    </>
  );
}
