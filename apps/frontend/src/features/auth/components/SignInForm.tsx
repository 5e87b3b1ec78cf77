import { signInRequestSchema, type SignInRequest } from '@archlens/contracts/auth';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { serverMessageOf } from '../../../api/error-message';
import { toast, useOwnToasts } from '../../../shared/toast';
import { useSignIn } from '../hooks/use-auth-mutations';
import { useValidatedForm } from '../hooks/use-validated-form';
import { AUTH_TEXTS } from '../texts';
import { PasswordField } from './PasswordField';
import { SubmitButton } from './SubmitButton';

/**
 * The Sign In mode of the sign-in dialog: e-mail and password, checked with the
 * contract's schema before anything is sent; `onSignedIn` runs after the "Welcome back!" toast.
 * The "Forgot your password?" link calls `onForgotPassword` (the dialog's Reset mode).
 */
export function SignInForm({ onSignedIn, onForgotPassword }: { onSignedIn: () => void; onForgotPassword: () => void }) {
  const signIn = useSignIn();
  // Its failure toast goes when the form does (the dialog closed or changed mode) or succeeds.
  const ownToasts = useOwnToasts();
  const form = useValidatedForm<SignInRequest, SignInRequest>(signInRequestSchema, { email: '', password: '' });

  const submit = form.handleSubmit((body) =>
    signIn.mutate(body, {
      onSuccess: () => {
        ownToasts.dismiss();
        toast({ title: AUTH_TEXTS.signInSuccessTitle, description: AUTH_TEXTS.signInSuccess, variant: 'success' });
        onSignedIn();
      },
      onError: (error) =>
        ownToasts.show({
          title: AUTH_TEXTS.signInFailedTitle,
          description: serverMessageOf(error) ?? AUTH_TEXTS.signInFailedFallback,
          variant: 'error',
        }),
    }),
  );

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={0.5}>
      <TextField {...form.field('email')} label={AUTH_TEXTS.email} type="email" autoComplete="email" autoFocus />
      <PasswordField {...form.field('password')} label={AUTH_TEXTS.password} autoComplete="current-password" />
      <Box sx={{ textAlign: 'right', mt: -0.5 }}>
        <Link component="button" type="button" variant="body2" onClick={onForgotPassword}>
          {AUTH_TEXTS.toForgotPassword}
        </Link>
      </Box>
      <SubmitButton pending={signIn.isPending} label={AUTH_TEXTS.signInButton} />
    </Stack>
  );
}
