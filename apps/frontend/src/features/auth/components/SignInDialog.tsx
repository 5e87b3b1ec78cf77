import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { SignInDialogMode } from '../sign-in-dialog-context';
import { AUTH_TEXTS, RELOAD_AFTER_SIGN_IN_MS } from '../texts';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';

export interface SignInDialogProps {
  open: boolean;
  mode: SignInDialogMode;
  onModeChange: (mode: SignInDialogMode) => void;
  onClose: () => void;
}

/**
 * The sign-in dialog (spec §2, §4): Sign In and Create Your Account. Each mode mounts a fresh
 * form, so switching resets the fields and the password visibility.
 */
export default function SignInDialog({ open, mode, onModeChange, onClose }: SignInDialogProps) {
  const isSignIn = mode === 'signin';
  // Spec §4: on success the cached user is set, a toast shows, the dialog closes, the page reloads.
  const onSuccess = () => {
    onClose();
    window.setTimeout(() => window.location.reload(), RELOAD_AFTER_SIGN_IN_MS);
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="sign-in-dialog-title">
      <DialogTitle id="sign-in-dialog-title" component="h2" variant="h2" sx={{ pr: 7, pt: 3, pb: 1 }}>
        {isSignIn ? AUTH_TEXTS.signInTitle : AUTH_TEXTS.signUpTitle}
      </DialogTitle>
      <IconButton aria-label={AUTH_TEXTS.close} onClick={onClose} sx={{ position: 'absolute', right: 12, top: 16 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent sx={{ pb: 3 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {isSignIn ? AUTH_TEXTS.signInSubtitle : AUTH_TEXTS.signUpSubtitle}
        </Typography>
        {isSignIn ? <SignInForm key="signin" onSignedIn={onSuccess} /> : <SignUpForm key="signup" onSignedUp={onSuccess} />}
        <Box sx={{ mt: 2.5, textAlign: 'center' }}>
          <Link component="button" type="button" variant="body2" onClick={() => onModeChange(isSignIn ? 'signup' : 'signin')}>
            {isSignIn ? AUTH_TEXTS.toSignUp : AUTH_TEXTS.toSignIn}
          </Link>
        </Box>
      </DialogContent>
    </Dialog>
  );
}
