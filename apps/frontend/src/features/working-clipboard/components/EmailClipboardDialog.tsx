import { CLIPBOARD_MESSAGES, emailClipboardRequestSchema } from '@archlens/contracts/clipboard';
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
import { isRecipientEmpty, recipientFromUser } from '../../../shared/email-recipient/recipient-form';
import { useRecipientForm } from '../../../shared/email-recipient/use-recipient-form';
import { toast, useOwnToasts } from '../../../shared/toast';
import { useAuth } from '../../auth/hooks/use-auth';
import { useEmailUnverifiedRefusal } from '../../auth/hooks/use-resend-verification';
import { clipboardApi } from '../api/clipboard-api';
import { CLIPBOARD_TEXTS as T } from '../texts';

/**
 * 'Email Your Clipboard': Email Address, First Name and Last Name, all
 * required (marked so), prefilled with the signed-in user's (the clipboard is e-mailed to its
 * owner: 'Your clipboard content has been emailed to you.'). Send Email checks the request with
 * the contract's schema (`emailClipboardRequestSchema`) before anything is sent: an empty field
 * shows 'Missing Information' / 'Please fill in all fields.' (spec §5), and each field's first
 * problem (an empty field, an address such as 'a@b', a name over 100 characters) shows under it.
 * Send Email stays enabled, so the spec's toast can show; it reads 'Sending...' and is disabled
 * while pending. Success ('Email Sent') closes the dialog; failure shows 'Email Failed' with the
 * response text as the message (spec §7: the JSON `{message}`, or a short plain-text body;
 * `responseTextMessageOf`), falling back to 'Failed to send email'; before the account's address is
 * confirmed, that text with a 'Resend link' button.
 */
export function EmailClipboardDialog({ open, clipboardText, onClose }: { open: boolean; clipboardText: string; onClose: () => void }) {
  const { user } = useAuth();
  const form = useRecipientForm(recipientFromUser(user));
  const send = useMutation({ mutationFn: clipboardApi.email });
  const ownToasts = useOwnToasts();
  const unverified = useEmailUnverifiedRefusal();

  // Opened with nothing typed (the first time, or after a send): the signed-in user's details.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open && isRecipientEmpty(form.values)) form.reset(recipientFromUser(user));
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    ownToasts.dismiss();
    const checked = form.check(emailClipboardRequestSchema, { clipboardText }, CLIPBOARD_MESSAGES.missing);
    if (!checked.ok) {
      if (checked.missing) {
        ownToasts.show({ title: CLIPBOARD_MESSAGES.missingTitle, description: CLIPBOARD_MESSAGES.missing, variant: 'warning' });
      } else if (checked.other) {
        const noContent = checked.other === CLIPBOARD_MESSAGES.noContent;
        ownToasts.show({
          title: noContent ? CLIPBOARD_MESSAGES.noContentTitle : CLIPBOARD_MESSAGES.failedTitle,
          description: checked.other,
          variant: 'warning',
        });
      }
      return;
    }
    send.mutate(checked.body, {
      onSuccess: () => {
        toast({ title: CLIPBOARD_MESSAGES.sentTitle, description: CLIPBOARD_MESSAGES.sent, variant: 'success' });
        form.reset(recipientFromUser(user));
        onClose();
      },
      onError: (error) => {
        // A 401 is answered by the global handler: toast 'Unauthorized', then login. An unconfirmed
        // address gets its text with 'Resend link'.
        if (!isUnauthorisedError(error) && !unverified(error, CLIPBOARD_MESSAGES.failedTitle, ownToasts.show)) {
          ownToasts.show({
            title: CLIPBOARD_MESSAGES.failedTitle,
            description: responseTextMessageOf(error) ?? CLIPBOARD_MESSAGES.failed,
            variant: 'error',
          });
        }
      },
    });
  };

  return (
    <Dialog open={open} onClose={() => !send.isPending && onClose()} aria-labelledby="email-clipboard-title" fullWidth maxWidth="xs">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="email-clipboard-title">{T.emailTitle}</DialogTitle>
        <DialogContent>
          <Stack spacing={1} sx={{ pt: 1 }}>
            <TextField {...form.field('email', send.isPending)} label={T.email} type="email" autoComplete="email" autoFocus />
            <TextField {...form.field('firstName', send.isPending)} label={T.firstName} autoComplete="given-name" />
            <TextField {...form.field('lastName', send.isPending)} label={T.lastName} autoComplete="family-name" />
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
