import WhatsApp from '@mui/icons-material/WhatsApp';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Fab from '@mui/material/Fab';
import IconButton from '@mui/material/IconButton';
import Portal from '@mui/material/Portal';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState, type FormEvent } from 'react';
import { FLOATING_BUTTON_BOTTOM, FLOATING_BUTTON_LEFT, FLOATING_FROM_WIDTH } from '../../../shared/floating-buttons';
import { toast } from '../../../shared/toast';
import { WHATSAPP_TEXTS as T } from '../texts';
import { WHATSAPP_PHONE } from '../whatsapp-phone';
import { whatsappUrl } from '../whatsapp-url';

/** WhatsApp's green, dark enough for white on it and for it on white (AA). */
const WHATSAPP_GREEN = '#1f7a4d';

/**
 * The WhatsApp button and its dialog, for signed-in users (spec §2). The button floats only where
 * it cannot cover anything: in the margin beside the content column, from 1328 px wide
 * (`FLOATING_FROM_WIDTH`); narrower, it is an icon button in the navigation bar, where this widget is
 * placed. The dialog: a message box, 'Paste from Clipboard' (the system clipboard), a character
 * count, Cancel and 'Send via WhatsApp' (disabled while the message is blank), which opens the click-to-chat link with the
 * configured number (`WHATSAPP_PHONE`) and the url-encoded message in a new tab.
 */
export default function WhatsAppWidget() {
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const blank = message.trim() === '';
  // One button at a time, placed by the width: in the bar, or floating in the margin.
  const floats = useMediaQuery(`(min-width: ${FLOATING_FROM_WIDTH}px)`, { noSsr: true });

  const paste = async () => {
    try {
      const pasted = await navigator.clipboard.readText();
      setMessage((current) => (current.trim() === '' ? pasted : `${current.trimEnd()}\n\n${pasted}`));
      toast({ title: T.pastedTitle, description: T.pasted, variant: 'success' });
    } catch {
      toast({ title: T.pasteFailedTitle, description: T.pasteFailed, variant: 'error' });
    }
  };

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (blank) {
      toast({ title: T.requiredTitle, description: T.required, variant: 'warning' });
      return;
    }
    window.open(whatsappUrl(WHATSAPP_PHONE, message), '_blank', 'noopener,noreferrer');
    toast({ title: T.openingTitle, description: T.opening, variant: 'success' });
    setOpen(false);
  };

  return (
    <>
      {floats ? (
        // In a portal: the bar's backdrop filter would make it, not the viewport, the frame of a
        // fixed element inside it.
        <Portal>
          <Fab
            size="medium"
            aria-label={T.buttonLabel}
            onClick={() => setOpen(true)}
            data-testid="whatsapp-button"
            sx={{
              position: 'fixed',
              left: FLOATING_BUTTON_LEFT,
              bottom: FLOATING_BUTTON_BOTTOM,
              zIndex: 'speedDial',
              bgcolor: WHATSAPP_GREEN,
              color: 'common.white',
              '&:hover': { bgcolor: '#17613d' },
            }}
          >
            <WhatsApp />
          </Fab>
        </Portal>
      ) : (
        <IconButton
          aria-label={T.buttonLabel}
          onClick={() => setOpen(true)}
          data-testid="whatsapp-button"
          sx={{ flexShrink: 0, color: WHATSAPP_GREEN }}
        >
          <WhatsApp />
        </IconButton>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="whatsapp-title" fullWidth maxWidth="sm">
        <form noValidate onSubmit={send}>
          <DialogTitle id="whatsapp-title">{T.title}</DialogTitle>
          <DialogContent>
            <TextField
              label={T.messageLabel}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              multiline
              minRows={5}
              maxRows={14}
              fullWidth
              autoFocus
              sx={{ mt: 1 }}
            />
            {/* Paste belongs to the message box: under it, beside the count (one line at 390 px:
                neither wraps), so that the actions below are only Cancel and Send. */}
            <Stack direction="row" sx={{ mt: 1, alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
              <Button onClick={() => void paste()} variant="outlined" color="secondary" size="small" sx={{ whiteSpace: 'nowrap' }}>
                {T.pasteFromClipboard}
              </Button>
              <Typography
                variant="caption"
                color="text.secondary"
                component="p"
                sx={{ whiteSpace: 'nowrap' }}
                data-testid="whatsapp-characters"
              >
                {T.characters(message.length)}
              </Typography>
            </Stack>
          </DialogContent>
          {/* A phone stacks the two full width, Send on top; wider screens keep them in a row at the right. */}
          <DialogActions
            disableSpacing
            sx={{ px: 3, pb: 2.5, gap: 1, flexDirection: { xs: 'column-reverse', sm: 'row' }, alignItems: { xs: 'stretch', sm: 'center' } }}
          >
            <Button onClick={() => setOpen(false)} color="secondary">
              {T.cancel}
            </Button>
            <Button type="submit" variant="contained" disabled={blank}>
              {T.send}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
