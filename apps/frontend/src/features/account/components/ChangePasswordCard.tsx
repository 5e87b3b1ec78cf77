import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ChangePasswordForm } from '../../auth/components/ChangePasswordForm';
import { AUTH_TEXTS } from '../../auth/texts';

/**
 * /account 'Change Password': the current password, the new one (spec §5: at least 6 characters,
 * and not a commonly used one) and its confirmation. A change signs the user out everywhere else;
 * the form is emptied once it succeeds.
 */
export function ChangePasswordCard() {
  // A new key after each change mounts an empty form.
  const [formKey, setFormKey] = useState(0);
  return (
    <Card component="section" aria-labelledby="change-password-title" sx={{ height: '100%' }}>
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Typography id="change-password-title" variant="h3" component="h2">
          {AUTH_TEXTS.changePasswordTitle}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75, mb: 2 }}>
          {AUTH_TEXTS.changePasswordIntro}
        </Typography>
        <ChangePasswordForm
          key={formKey}
          currentLabel={AUTH_TEXTS.currentPassword}
          submitLabel={AUTH_TEXTS.changePasswordButton}
          submittingLabel={AUTH_TEXTS.changingPassword}
          onChanged={() => setFormKey((key) => key + 1)}
        />
      </CardContent>
    </Card>
  );
}
