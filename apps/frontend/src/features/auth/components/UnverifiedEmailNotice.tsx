import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useResendVerification } from '../hooks/use-resend-verification';
import { AUTH_TEXTS } from '../texts';

/**
 * A quiet notice while the signed-in user's address is unconfirmed: where the link went, what waits
 * for it (e-mailing reports and the clipboard, subscribing), and 'Resend link'.
 */
export function UnverifiedEmailNotice({ email }: { email: string }) {
  const resend = useResendVerification();
  return (
    <Alert
      severity="info"
      variant="outlined"
      data-testid="unverified-email-notice"
      // The address is one long word on a phone: it breaks rather than run out of the box.
      sx={{ bgcolor: 'background.paper', '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere' } }}
    >
      <AlertTitle sx={{ mb: 0.25 }}>{AUTH_TEXTS.unverifiedTitle}</AlertTitle>
      {AUTH_TEXTS.unverified(email)}
      <Box sx={{ mt: 1 }}>
        <Button variant="outlined" color="inherit" size="small" disabled={resend.isPending} onClick={() => resend.mutate()}>
          {resend.isPending ? AUTH_TEXTS.resendingLink : AUTH_TEXTS.resendLink}
        </Button>
      </Box>
    </Alert>
  );
}
