import { AUTH_MESSAGES, changePasswordRequestSchema, type ChangePasswordRequest, type PublicUser } from '@archlens/contracts/auth';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { isUnauthorisedError } from '../../../api/client';
import { serverMessageOf } from '../../../api/error-message';
import { queryKeys } from '../../../api/query-keys';
import { toast, useOwnToasts } from '../../../shared/toast';
import { authApi } from '../api/auth-api';
import { useValidatedForm } from '../hooks/use-validated-form';
import { AUTH_TEXTS } from '../texts';
import { PasswordField } from './PasswordField';

/** The three fields as typed. */
type ChangePasswordFields = { currentPassword: string; newPassword: string; confirmPassword: string };

/**
 * The contract's body (`changePasswordRequestSchema`: the current password required, the new one by
 * the spec §5 rule) and a confirmation that must match the new password, checked in the browser.
 */
const changePasswordFormSchema: z.ZodType<ChangePasswordRequest, ChangePasswordFields> = changePasswordRequestSchema
  .extend({ confirmPassword: z.string() })
  .refine((fields) => fields.newPassword === fields.confirmPassword, {
    path: ['confirmPassword'],
    message: AUTH_MESSAGES.passwordsDoNotMatch,
  })
  .transform(({ currentPassword, newPassword }) => ({ currentPassword, newPassword }));

export interface ChangePasswordFormProps {
  /** The label of the first field: 'Current Password', or 'Temporary Password' after a reset. */
  currentLabel: string;
  currentHelp?: string;
  submitLabel: string;
  submittingLabel: string;
  /** Runs after the 'Password Changed' toast, with the user as the server answered. */
  onChanged?: (user: PublicUser) => void;
  /** Buttons beside the submit button (the new-password dialog's Sign Out). */
  extraActions?: ReactNode;
  autoFocus?: boolean;
}

/**
 * Current (or temporary) password, new password and its confirmation, each with a show/hide toggle;
 * checked before anything is sent, then `POST /api/auth/change-password`. Success sets the cached
 * user (its `passwordChangeRequired` cleared) and shows 'Password Changed'; a refusal (a wrong
 * current password, a commonly used new one, too many attempts) shows 'Password Not Changed' with
 * the server's text, until the form is sent again or leaves the page.
 */
export function ChangePasswordForm(props: ChangePasswordFormProps) {
  const queryClient = useQueryClient();
  const ownToasts = useOwnToasts();
  const change = useMutation({ mutationFn: authApi.changePassword });
  const form = useValidatedForm<ChangePasswordFields, ChangePasswordRequest>(changePasswordFormSchema, {
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });

  const submit = form.handleSubmit((body) => {
    ownToasts.dismiss();
    change.mutate(body, {
      onSuccess: (user) => {
        queryClient.setQueryData(queryKeys.authUser, (cached: PublicUser | undefined) => ({
          ...user,
          subscription: cached?.subscription ?? user.subscription,
        }));
        toast({ title: AUTH_TEXTS.passwordChangedTitle, description: AUTH_TEXTS.passwordChanged, variant: 'success' });
        props.onChanged?.(user);
      },
      onError: (error) => {
        // A 401 goes through the global 'Unauthorized' handler.
        if (!isUnauthorisedError(error))
          ownToasts.show({
            title: AUTH_TEXTS.passwordNotChangedTitle,
            description: serverMessageOf(error) ?? AUTH_TEXTS.passwordNotChangedFallback,
            variant: 'error',
          });
      },
    });
  });

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={0.5} sx={{ maxWidth: 520 }}>
      <PasswordField
        {...form.field('currentPassword')}
        label={props.currentLabel}
        autoComplete="current-password"
        autoFocus={props.autoFocus}
        helperText={form.errors.currentPassword ?? props.currentHelp ?? ' '}
      />
      <PasswordField {...form.field('newPassword')} label={AUTH_TEXTS.newPassword} autoComplete="new-password" />
      <PasswordField {...form.field('confirmPassword')} label={AUTH_TEXTS.confirmPassword} autoComplete="new-password" />
      <Stack direction="row" useFlexGap spacing={1.5} sx={{ pt: 1, flexWrap: 'wrap' }}>
        <Button
          type="submit"
          variant="contained"
          disabled={change.isPending}
          startIcon={change.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {change.isPending ? props.submittingLabel : props.submitLabel}
        </Button>
        {props.extraActions}
      </Stack>
    </Stack>
  );
}
