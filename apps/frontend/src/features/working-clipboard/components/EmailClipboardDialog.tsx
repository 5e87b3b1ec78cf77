import { CLIPBOARD_MESSAGES } from '@archlens/contracts/clipboard';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { isUnauthorisedError } from '../../../api/client';
import { responseTextMessageOf } from '../../../api/error-message';
import { toast } from '../../../shared/toast';
import { clipboardApi } from '../api/clipboard-api';
import { CLIPBOARD_TEXTS as T } from '../texts';

const EMPTY = { email: '', firstName: '', lastName: '' };

/**
 * 'Email Your Clipboard' (spec §2, §4, §5, §8): Email Address, First Name and Last Name, all
 * required ('Missing Information' / 'Please fill in all fields.'); Send Email reads 'Sending...' and
 * is disabled while pending; success ('Email Sent') closes the dialog and clears its fields; failure
 * shows 'Email Failed' with the response text as the message (spec §7: the JSON `{message}`, or a
 * short plain-text body; `responseTextMessageOf`), falling back to 'Failed to send email'.
 */
export function EmailClipboardDialog({ open, clipboardText, onClose }: { open: boolean; clipboardText: string; onClose: () => void }) {
  const [fields, setFields] = useState(EMPTY);
  const send = useMutation({ mutationFn: clipboardApi.email });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (Object.values(fields).some((value) => value.trim() === '')) {
      toast({ title: CLIPBOARD_MESSAGES.missingTitle, description: CLIPBOARD_MESSAGES.missing, variant: 'warning' });
      return;
    }
    send.mutate(
      { ...fields, clipboardText },
      {
        onSuccess: () => {
          toast({ title: CLIPBOARD_MESSAGES.sentTitle, description: CLIPBOARD_MESSAGES.sent, variant: 'success' });
          setFields(EMPTY);
          onClose();
        },
        onError: (error) => {
          // A 401 is answered by the global handler (spec §8): toast 'Unauthorized', then login.
          if (!isUnauthorisedError(error)) {
            toast({
              title: CLIPBOARD_MESSAGES.failedTitle,
              description: responseTextMessageOf(error) ?? CLIPBOARD_MESSAGES.failed,
              variant: 'error',
            });
          }
        },
      },
    );
  };
  const field = (name: keyof typeof EMPTY) => ({
    name,
    value: fields[name],
    onChange: (event: { target: { value: string } }) => setFields((current) => ({ ...current, [name]: event.target.value })),
    fullWidth: true,
    disabled: send.isPending,
  });

  return (
    <Dialog open={open} onClose={() => !send.isPending && onClose()} aria-labelledby="email-clipboard-title" fullWidth maxWidth="xs">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="email-clipboard-title">{T.emailTitle}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField {...field('email')} label={T.email} type="email" autoComplete="email" autoFocus />
            <TextField {...field('firstName')} label={T.firstName} autoComplete="given-name" />
            <TextField {...field('lastName')} label={T.lastName} autoComplete="family-name" />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} color="secondary" disabled={send.isPending}>
            {T.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={send.isPending}>
            {send.isPending ? T.sending : T.sendEmail}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
