import { emailAnalysisRequestSchema } from '@archlens/contracts/reports';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
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
import { analysisApi } from '../api/analysis-api';
import { ANALYSIS_TEXTS } from '../texts';

const D = ANALYSIS_TEXTS.emailDialog;
const T = ANALYSIS_TEXTS.toasts;

/**
 * 'Email Analysis Report': First Name, Last Name and Email Address, all
 * required (marked so). Send Analysis stays disabled until all three are filled and while
 * sending; it then checks the request with the contract's schema (`emailAnalysisRequestSchema`)
 * before anything is sent, and each field's first problem (an address such as 'a@b', a name over
 * 100 characters) shows under it. The server e-mails the report with its PDF attached
 * (`POST /api/email-analysis`); success closes the dialog and clears it ('Analysis Sent!'),
 * failure keeps it open with 'Email Failed' and the server's message (its JSON `{message}`, or a
 * short plain-text body; `responseTextMessageOf`) or 'Failed to send email'; before the account's
 * address is confirmed, that text with a 'Resend link' button. The fields open prefilled with the
 * signed-in user's name and address, as 'Email Myself' of the Working Clipboard does; the recipient
 * may be anyone (a client), so each field stays editable.
 */
export function EmailAnalysisDialog({ analysisId, open, onClose }: { analysisId: string; open: boolean; onClose: () => void }) {
  const { user } = useAuth();
  const form = useRecipientForm(recipientFromUser(user), ['firstName', 'lastName', 'email']);
  const send = useMutation({ mutationFn: analysisApi.email });
  const ownToasts = useOwnToasts();
  const unverified = useEmailUnverifiedRefusal();
  // Spec §4: the free-analysis e-mail send is disabled until the three fields are filled.
  const filled = Object.values(form.values).every((value) => value.trim().length > 0);

  // Opened with nothing typed (the first time, or after a send): the signed-in user's details.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open && isRecipientEmpty(form.values)) form.reset(recipientFromUser(user));
  }

  const close = () => {
    if (send.isPending) return;
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    ownToasts.dismiss();
    const checked = form.check(emailAnalysisRequestSchema, { analysisId }, T.missing);
    if (!checked.ok) {
      if (checked.missing) ownToasts.show({ title: T.missingTitle, description: T.missing, variant: 'warning' });
      else if (checked.other) ownToasts.show({ title: T.emailFailedTitle, description: checked.other, variant: 'warning' });
      return;
    }
    send.mutate(checked.body, {
      onSuccess: () => {
        toast({ title: T.sentTitle, description: T.sent, variant: 'success' });
        form.reset(recipientFromUser(user));
        onClose();
      },
      onError: (error) => {
        // A 401 is answered by the global handler: toast 'Unauthorized', then login. An unconfirmed
        // address gets its text with 'Resend link'.
        if (!isUnauthorisedError(error) && !unverified(error, T.emailFailedTitle, ownToasts.show)) {
          ownToasts.show({ title: T.emailFailedTitle, description: responseTextMessageOf(error) ?? T.emailFailed, variant: 'error' });
        }
      },
    });
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby="email-analysis-title" fullWidth maxWidth="xs">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="email-analysis-title">{D.title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>{D.intro}</DialogContentText>
          <Stack spacing={1}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 2 }}>
              <TextField {...form.field('firstName', send.isPending)} label={D.firstName} autoComplete="given-name" autoFocus />
              <TextField {...form.field('lastName', send.isPending)} label={D.lastName} autoComplete="family-name" />
            </Stack>
            <TextField {...form.field('email', send.isPending)} label={D.email} type="email" autoComplete="email" />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={close} color="secondary" disabled={send.isPending}>
            {D.cancel}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!filled || send.isPending}
            startIcon={send.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {send.isPending ? D.sending : D.send}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
