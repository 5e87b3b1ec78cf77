import { forgotPasswordRequestSchema, type ForgotPasswordRequest } from '@archlens/contracts/auth';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { serverMessageOf } from '../../../api/error-message';
import { toast, useOwnToasts } from '../../../shared/toast';
import { useForgotPassword } from '../hooks/use-auth-mutations';
import { useValidatedForm } from '../hooks/use-validated-form';
import { AUTH_TEXTS } from '../texts';
import { SubmitButton } from './SubmitButton';

/**
 * The Reset Your Password mode of the sign-in dialog: an e-mail, checked with the
 * contract's schema before anything is sent. On success the "Password Reminder Sent" toast shows and
 * `onSent` runs (the dialog returns to Sign In, which leaves this form behind); on failure the
 * "Password Reminder Failed" toast carries the server's message or the spec's fallback.
 */
export function ForgotPasswordForm({ onSent }: { onSent: () => void }) {
  const forgotPassword = useForgotPassword();
  // Its failure toast goes when the form does (the dialog closed or changed mode) or succeeds.
  const ownToasts = useOwnToasts();
  const form = useValidatedForm<ForgotPasswordRequest, ForgotPasswordRequest>(forgotPasswordRequestSchema, { email: '' });

  const submit = form.handleSubmit((body) =>
    forgotPassword.mutate(body, {
      onSuccess: () => {
        ownToasts.dismiss();
        toast({ title: AUTH_TEXTS.forgotSuccessTitle, description: AUTH_TEXTS.forgotSuccess, variant: 'success' });
        onSent();
      },
      onError: (error) =>
        ownToasts.show({
          title: AUTH_TEXTS.forgotFailedTitle,
          description: serverMessageOf(error) ?? AUTH_TEXTS.forgotFailedFallback,
          variant: 'error',
        }),
    }),
  );

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={0.5}>
      <TextField {...form.field('email')} label={AUTH_TEXTS.email} type="email" autoComplete="email" autoFocus />
      <SubmitButton pending={forgotPassword.isPending} label={AUTH_TEXTS.forgotButton} />
    </Stack>
  );
}
