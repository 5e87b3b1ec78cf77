import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { AUTH_PATHS, AUTH_TEXTS } from '../texts';
import { ChangePasswordForm } from './ChangePasswordForm';

/**
 * 'Choose a New Password': shown over every page while the signed-in user has
 * `passwordChangeRequired` (a sign-in with a temporary password). It cannot be dismissed: no close
 * button, and no `onClose`, so neither Escape nor a click outside closes it; it goes when a new password is set (the
 * cached user then has the flag cleared) or the user signs out (`/api/logout`).
 */
export default function NewPasswordDialog({ open }: { open: boolean }) {
  return (
    <Dialog open={open} fullWidth maxWidth="xs" aria-labelledby="new-password-title" aria-describedby="new-password-intro">
      <DialogTitle id="new-password-title">{AUTH_TEXTS.newPasswordTitle}</DialogTitle>
      <DialogContent sx={{ pb: 3 }}>
        <Typography id="new-password-intro" variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {AUTH_TEXTS.newPasswordIntro}
        </Typography>
        <ChangePasswordForm
          currentLabel={AUTH_TEXTS.temporaryPassword}
          currentHelp={AUTH_TEXTS.temporaryPasswordHelp}
          submitLabel={AUTH_TEXTS.saveNewPassword}
          submittingLabel={AUTH_TEXTS.savingNewPassword}
          autoFocus
          extraActions={
            <Button color="secondary" onClick={() => window.location.assign(AUTH_PATHS.logout)}>
              {AUTH_TEXTS.signOut}
            </Button>
          }
        />
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1.5 }}>
          {AUTH_TEXTS.newPasswordSignOutNote}
        </Typography>
      </DialogContent>
    </Dialog>
  );
}
