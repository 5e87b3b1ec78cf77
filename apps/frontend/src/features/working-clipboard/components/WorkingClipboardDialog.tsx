import { CLIPBOARD_MESSAGES } from '@archlens/contracts/clipboard';
import {
  canCompact,
  CLIPBOARD_STORAGE_KEY,
  COMPACT_MESSAGES,
  compactPrompt,
  DEFAULT_CLIPBOARD_TEXT,
  readClipboardText,
} from '@archlens/contracts/clipboard-text';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { toast } from '../../../shared/toast';
import { CLIPBOARD_TEXTS as T } from '../texts';
import { EmailClipboardDialog } from './EmailClipboardDialog';

type SaveState = 'saved' | 'failed';

/** Spec §4: every edit is saved at once; a browser that refuses storage shows 'Not saved'. */
function save(text: string): SaveState {
  try {
    window.localStorage.setItem(CLIPBOARD_STORAGE_KEY, text);
    return 'saved';
  } catch {
    return 'failed';
  }
}

function readStored(): string {
  try {
    return readClipboardText(window.localStorage);
  } catch {
    return DEFAULT_CLIPBOARD_TEXT;
  }
}

async function copyToSystemClipboard(text: string, description: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: T.toasts.copiedTitle, description, variant: 'success' });
  } catch {
    toast({ title: T.toasts.copyFailedTitle, description: T.toasts.copyFailed, variant: 'error' });
  }
}

/**
 * The Working Clipboard dialog: the stored text (or the default
 * template), saved to local storage on every edit, with its character count and 'Last saved'
 * state; Paste (system clipboard text appended after a blank line), Copy All, Email Myself (the
 * 'Email Your Clipboard' sub-dialog), Make Compact (a read-only compact prompt with its own Copy),
 * Clear (back to the template, the stored value removed) and Done.
 */
export default function WorkingClipboardDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [text, setText] = useState(readStored);
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const [compact, setCompact] = useState<string | null>(null);
  const [emailOpen, setEmailOpen] = useState(false);

  // Text added from the analysis tools while the dialog was closed shows when it opens again.
  useEffect(() => {
    if (open) {
      setText(readStored());
      setCompact(null);
    }
  }, [open]);

  const edit = (next: string) => {
    setText(next);
    setSaveState(save(next));
  };

  const paste = async () => {
    try {
      const pasted = await navigator.clipboard.readText();
      edit(`${text.trimEnd()}\n\n${pasted}`);
      toast({ title: T.toasts.pastedTitle, description: T.toasts.pasted, variant: 'success' });
    } catch {
      toast({ title: T.toasts.pasteFailedTitle, description: T.toasts.pasteFailed, variant: 'error' });
    }
  };

  const emailMyself = () => {
    if (text.trim() === '') {
      toast({ title: CLIPBOARD_MESSAGES.noContentTitle, description: CLIPBOARD_MESSAGES.noContent, variant: 'warning' });
      return;
    }
    setEmailOpen(true);
  };

  const makeCompact = () => {
    const result = compactPrompt(text);
    if (!result.ok) {
      setCompact(null);
      toast({ title: COMPACT_MESSAGES.noContentTitle, description: COMPACT_MESSAGES.noContent, variant: 'warning' });
      return;
    }
    setCompact(result.prompt);
    toast({ title: COMPACT_MESSAGES.createdTitle, description: COMPACT_MESSAGES.created(result.prompt.length), variant: 'success' });
  };

  const clear = () => {
    try {
      window.localStorage.removeItem(CLIPBOARD_STORAGE_KEY);
      setSaveState('saved');
    } catch {
      setSaveState('failed');
    }
    setText(DEFAULT_CLIPBOARD_TEXT);
    setCompact(null);
    toast({ title: T.toasts.resetTitle, description: T.toasts.reset, variant: 'info' });
  };

  return (
    <>
      <Dialog open={open} onClose={onClose} aria-labelledby="working-clipboard-title" fullWidth maxWidth="md" scroll="body">
        <DialogTitle id="working-clipboard-title">{T.title}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {T.intro}
          </Typography>
          <TextField
            label={T.textLabel}
            value={text}
            onChange={(event) => edit(event.target.value)}
            multiline
            minRows={10}
            maxRows={22}
            fullWidth
            slotProps={{ htmlInput: { spellCheck: true, 'data-testid': 'clipboard-text' } }}
          />
          <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 1, color: 'text.secondary' }}>
            <Typography variant="caption" data-testid="clipboard-characters">
              {T.characters(text.length)}
            </Typography>
            <Typography variant="caption" data-testid="clipboard-saved">
              {T.lastSaved} {saveState === 'saved' ? T.autoSaved : T.notSaved}
            </Typography>
          </Stack>
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, mt: 2 }}>
            <Button variant="outlined" color="secondary" size="small" onClick={() => void paste()}>
              {T.paste}
            </Button>
            <Button variant="outlined" color="secondary" size="small" onClick={() => void copyToSystemClipboard(text, T.toasts.copied)}>
              {T.copyAll}
            </Button>
            <Button variant="outlined" color="secondary" size="small" onClick={emailMyself}>
              {T.emailMyself}
            </Button>
            <Button
              variant="outlined"
              color="secondary"
              size="small"
              onClick={makeCompact}
              disabled={!canCompact(text)}
              title={canCompact(text) ? undefined : T.makeCompactHint}
            >
              {T.makeCompact}
            </Button>
            <Button variant="outlined" color="error" size="small" onClick={clear}>
              {T.clear}
            </Button>
          </Stack>
          {compact !== null && (
            <Box sx={{ mt: 3 }}>
              <TextField
                label={T.compactLabel}
                value={compact}
                multiline
                minRows={4}
                maxRows={12}
                fullWidth
                slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'compact-prompt' } }}
              />
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mt: 1 }}>
                <Typography variant="caption" color="text.secondary">
                  {T.characters(compact.length)}
                </Typography>
                <Button size="small" variant="contained" onClick={() => void copyToSystemClipboard(compact, T.toasts.compactCopied)}>
                  {T.copyCompact}
                </Button>
              </Stack>
            </Box>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button variant="contained" onClick={onClose}>
            {T.done}
          </Button>
        </DialogActions>
      </Dialog>
      <EmailClipboardDialog open={emailOpen} clipboardText={text} onClose={() => setEmailOpen(false)} />
    </>
  );
}
