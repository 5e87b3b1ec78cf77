import { CLIPBOARD_STORAGE_KEY } from '@archlens/contracts/clipboard-text';
import { deleteAccountRequestSchema, type DeleteAccountRequest } from '@archlens/contracts/auth';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { isUnauthorisedError } from '../../../api/client';
import { serverMessageOf } from '../../../api/error-message';
import { queryKeys } from '../../../api/query-keys';
import { toast } from '../../../shared/toast';
import { PasswordField } from '../../auth/components/PasswordField';
import { useValidatedForm } from '../../auth/hooks/use-validated-form';
import { accountApi } from '../api/account-api';
import { ACCOUNT_TEXTS } from '../texts';

export interface DeleteAccountDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * 'Delete your account?': says what is deleted and what is kept without the user's name or e-mail
 * (the credit ledger of their invoices, analyses they e-mailed as leads), asks for the password or a
 * temporary one from forgot password, then `DELETE /api/account`. A refusal (a wrong password: 403,
 * nothing deleted; too many attempts; a service down) is shown inside the dialog with the server's
 * text and the account stays. On success the cached user becomes signed out, the working clipboard
 * of this browser is emptied, and the landing page opens with an 'Account Deleted' toast. While the
 * request runs the dialog cannot be closed.
 */
export function DeleteAccountDialog({ open, onClose }: DeleteAccountDialogProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation({ mutationFn: (body: DeleteAccountRequest) => accountApi.deleteAccount(body.password) });
  const form = useValidatedForm<{ password: string }, DeleteAccountRequest>(deleteAccountRequestSchema, { password: '' });

  const close = () => {
    if (remove.isPending) return;
    remove.reset();
    onClose();
  };

  const submit = form.handleSubmit((body) => {
    remove.mutate(body, {
      onSuccess: () => {
        window.localStorage.removeItem(CLIPBOARD_STORAGE_KEY);
        queryClient.setQueryData(queryKeys.authUser, null);
        // Nothing the deleted user loaded stays in memory.
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.authUser[0] });
        void navigate('/', { replace: true });
        toast({ title: ACCOUNT_TEXTS.deletedTitle, description: ACCOUNT_TEXTS.deleted, variant: 'success' });
      },
    });
  });

  const refusalRef = useRef<HTMLDivElement>(null);
  // A 401 (the session ended meanwhile) goes through the global 'Unauthorized' handler instead.
  const refusal =
    remove.isError && !isUnauthorisedError(remove.error) ? (serverMessageOf(remove.error) ?? ACCOUNT_TEXTS.deleteFailedFallback) : null;

  // On a small screen the content scrolls: bring a new refusal into view below the password field.
  useEffect(() => {
    if (refusal) refusalRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [refusal]);

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="sm"
      aria-labelledby="delete-account-title"
      aria-describedby="delete-account-intro"
    >
      {/* A flex column that may shrink, so that the content scrolls between the title and the buttons on a small screen. */}
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, overflow: 'hidden' }}
      >
        <DialogTitle id="delete-account-title">{ACCOUNT_TEXTS.deleteTitle}</DialogTitle>
        <DialogContent>
          <Typography id="delete-account-intro" variant="body2">
            {ACCOUNT_TEXTS.deleteIntro}
          </Typography>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 0.5 }}>
            {ACCOUNT_TEXTS.deletedListTitle}
          </Typography>
          <Box component="ul" data-testid="deleted-list" sx={{ m: 0, pl: 2.5, typography: 'body2', '& li + li': { mt: 0.5 } }}>
            {ACCOUNT_TEXTS.deletedItems.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </Box>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 0.5 }}>
            {ACCOUNT_TEXTS.keptTitle}
          </Typography>
          <Box
            component="ul"
            data-testid="kept-list"
            sx={{ m: 0, pl: 2.5, typography: 'body2', color: 'text.secondary', '& li + li': { mt: 0.5 } }}
          >
            {ACCOUNT_TEXTS.keptItems.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </Box>
          <PasswordField
            {...form.field('password')}
            label={ACCOUNT_TEXTS.deletePassword}
            autoComplete="current-password"
            autoFocus
            fullWidth
            sx={{ mt: 2.5 }}
            disabled={remove.isPending}
            helperText={form.errors.password ?? ACCOUNT_TEXTS.deletePasswordHelp}
          />
          {refusal && (
            <Alert ref={refusalRef} severity="error" role="alert" sx={{ mt: 1.5 }}>
              {refusal}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5, gap: 1, flexWrap: 'wrap' }}>
          <Button onClick={close} color="secondary" disabled={remove.isPending}>
            {ACCOUNT_TEXTS.cancel}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color="error"
            disabled={remove.isPending}
            startIcon={remove.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            {remove.isPending ? ACCOUNT_TEXTS.deleting : ACCOUNT_TEXTS.confirmDelete}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
