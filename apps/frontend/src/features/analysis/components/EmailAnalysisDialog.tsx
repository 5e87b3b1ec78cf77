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
import { toast } from '../../../shared/toast';
import { analysisApi } from '../api/analysis-api';
import { ANALYSIS_TEXTS } from '../texts';

const D = ANALYSIS_TEXTS.emailDialog;
const T = ANALYSIS_TEXTS.toasts;
const EMPTY = { firstName: '', lastName: '', email: '' };

/**
 * 'Email Analysis Report' (spec §2, §4, §5, §8): First Name, Last Name and Email Address; Send
 * Analysis stays disabled until all three are filled and while sending. The server e-mails the
 * report with its PDF attached (`POST /api/email-analysis`); success closes the dialog and clears
 * it ('Analysis Sent!'), failure keeps it open with 'Email Failed' and the server's message (its
 * JSON `{message}`, or a short plain-text body; `responseTextMessageOf`) or 'Failed to send email'.
 */
export function EmailAnalysisDialog({ analysisId, open, onClose }: { analysisId: string; open: boolean; onClose: () => void }) {
  const [fields, setFields] = useState(EMPTY);
  const send = useMutation({ mutationFn: analysisApi.email });
  const filled = Object.values(fields).every((value) => value.trim().length > 0);

  const close = () => {
    if (send.isPending) return;
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!filled) {
      toast({ title: T.missingTitle, description: T.missing, variant: 'warning' });
      return;
    }
    send.mutate(
      { ...fields, analysisId },
      {
        onSuccess: () => {
          toast({ title: T.sentTitle, description: T.sent, variant: 'success' });
          setFields(EMPTY);
          onClose();
        },
        onError: (error) => {
          // A 401 is answered by the global handler (spec §8): toast 'Unauthorized', then login.
          if (!isUnauthorisedError(error)) {
            toast({ title: T.emailFailedTitle, description: responseTextMessageOf(error) ?? T.emailFailed, variant: 'error' });
          }
        },
      },
    );
  };
  const field = (name: keyof typeof EMPTY) => ({
    name,
    value: fields[name],
    onChange: (event: { target: { value: string } }) => setFields((current) => ({ ...current, [name]: event.target.value })),
    required: true,
    fullWidth: true,
    disabled: send.isPending,
  });

  return (
    <Dialog open={open} onClose={close} aria-labelledby="email-analysis-title" fullWidth maxWidth="xs">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="email-analysis-title">{D.title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{D.intro}</DialogContentText>
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField {...field('firstName')} label={D.firstName} autoComplete="given-name" autoFocus />
              <TextField {...field('lastName')} label={D.lastName} autoComplete="family-name" />
            </Stack>
            <TextField {...field('email')} label={D.email} type="email" autoComplete="email" />
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
