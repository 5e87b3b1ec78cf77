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
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';

export interface SignInDialogProps {
  open: boolean;
  mode: SignInDialogMode;
  onModeChange: (mode: SignInDialogMode) => void;
  onClose: () => void;
}

/** Title, line under it, and the link at the foot of each mode. */
const MODE_TEXTS: Record<SignInDialogMode, { title: string; subtitle: string; link: string; linkTo: SignInDialogMode }> = {
  signin: { title: AUTH_TEXTS.signInTitle, subtitle: AUTH_TEXTS.signInSubtitle, link: AUTH_TEXTS.toSignUp, linkTo: 'signup' },
  signup: { title: AUTH_TEXTS.signUpTitle, subtitle: AUTH_TEXTS.signUpSubtitle, link: AUTH_TEXTS.toSignIn, linkTo: 'signin' },
  forgot: { title: AUTH_TEXTS.forgotTitle, subtitle: AUTH_TEXTS.forgotSubtitle, link: AUTH_TEXTS.backToSignIn, linkTo: 'signin' },
};

/**
 * The sign-in dialog: Sign In, Create Your Account and Reset Your Password. Each mode
 * mounts a fresh form, so switching resets the fields and the password visibility.
 */
export default function SignInDialog({ open, mode, onModeChange, onClose }: SignInDialogProps) {
  const texts = MODE_TEXTS[mode];
  // Spec §4: on success the cached user is set, a toast shows, the dialog closes, the page reloads.
  const onSuccess = () => {
    onClose();
    window.setTimeout(() => window.location.reload(), RELOAD_AFTER_SIGN_IN_MS);
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="sign-in-dialog-title">
      <DialogTitle id="sign-in-dialog-title" sx={{ pr: 7 }}>
        {texts.title}
      </DialogTitle>
      <IconButton aria-label={AUTH_TEXTS.close} onClick={onClose} sx={{ position: 'absolute', right: 12, top: 16 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent sx={{ pb: 3 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {texts.subtitle}
        </Typography>
        {mode === 'signin' && <SignInForm key="signin" onSignedIn={onSuccess} onForgotPassword={() => onModeChange('forgot')} />}
        {mode === 'signup' && <SignUpForm key="signup" onSignedUp={onSuccess} />}
        {/* Spec §4: after a password reminder the dialog returns to Sign In, and the form is reset. */}
        {mode === 'forgot' && <ForgotPasswordForm key="forgot" onSent={() => onModeChange('signin')} />}
        <Box sx={{ mt: 2.5, textAlign: 'center' }}>
          <Link component="button" type="button" variant="body2" onClick={() => onModeChange(texts.linkTo)}>
            {texts.link}
          </Link>
        </Box>
      </DialogContent>
    </Dialog>
  );
}
