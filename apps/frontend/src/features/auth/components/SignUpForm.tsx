import { signUpRequestSchema, type SignUpRequest } from '@archlens/contracts/auth';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { serverMessageOf } from '../../../api/error-message';
import { toast, useOwnToasts } from '../../../shared/toast';
import { useSignUp } from '../hooks/use-auth-mutations';
import { useValidatedForm } from '../hooks/use-validated-form';
import { AUTH_TEXTS } from '../texts';
import { PasswordField } from './PasswordField';
import { SubmitButton } from './SubmitButton';

type SignUpFields = Record<keyof SignUpRequest, string>;

/**
 * The Create Your Account mode of the sign-in dialog: e-mail, first and last name,
 * password ("At least 6 characters"), checked with the contract's schema before anything is sent;
 * `onSignedUp` runs after the "Welcome to ArchLens!" toast.
 */
export function SignUpForm({ onSignedUp }: { onSignedUp: () => void }) {
  const signUp = useSignUp();
  // Its failure toast goes when the form does (the dialog closed or changed mode) or succeeds.
  const ownToasts = useOwnToasts();
  const form = useValidatedForm<SignUpFields, SignUpRequest>(signUpRequestSchema, {
    email: '',
    first_name: '',
    last_name: '',
    password: '',
  });

  const submit = form.handleSubmit((body) =>
    signUp.mutate(body, {
      onSuccess: () => {
        ownToasts.dismiss();
        toast({ title: AUTH_TEXTS.signUpSuccessTitle, description: AUTH_TEXTS.signUpSuccess, variant: 'success' });
        onSignedUp();
      },
      onError: (error) =>
        ownToasts.show({
          title: AUTH_TEXTS.signUpFailedTitle,
          description: serverMessageOf(error) ?? AUTH_TEXTS.signUpFailedFallback,
          variant: 'error',
        }),
    }),
  );

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={0.5}>
      <TextField {...form.field('email')} label={AUTH_TEXTS.email} type="email" autoComplete="email" autoFocus />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.5, sm: 1.5 }}>
        <TextField {...form.field('first_name')} label={AUTH_TEXTS.firstName} autoComplete="given-name" />
        <TextField {...form.field('last_name')} label={AUTH_TEXTS.lastName} autoComplete="family-name" />
      </Stack>
      <PasswordField
        {...form.field('password')}
        label={AUTH_TEXTS.password}
        placeholder={AUTH_TEXTS.passwordPlaceholder}
        autoComplete="new-password"
      />
      <SubmitButton pending={signUp.isPending} label={AUTH_TEXTS.signUpButton} />
    </Stack>
  );
}
