import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { hasErrorCode } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { authApi } from '../api/auth-api';
import { useAuth } from '../hooks/use-auth';
import { useResendVerification } from '../hooks/use-resend-verification';
import { AUTH_PATHS, AUTH_TEXTS } from '../texts';

/**
 * The page a verification link opens (`/verify-email?token=…`), signed in or not: it sends the
 * token once (`POST /api/auth/verify-email`; opening the link changes nothing by itself, so a mail
 * scanner that follows links uses no token up) and says how it went: confirmed, with the way home;
 * a link expired or used (or none), with 'Resend link' when signed in and the way to sign in when
 * not; or a check that failed for another reason, with 'Try Again'.
 */
export function VerifyEmailCard() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const auth = useAuth();
  const queryClient = useQueryClient();
  const resend = useResendVerification();
  const verify = useMutation({
    mutationFn: () => authApi.verifyEmail(token),
    meta: { ignoreUnauthorised: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.authUser }),
  });
  // Sent once per page, though React may run the effect twice.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || token === '') return;
    sent.current = true;
    verify.mutate();
  }, [token, verify]);

  const invalid =
    token === '' || hasErrorCode(verify.error, 'auth.verification-link-invalid') || hasErrorCode(verify.error, 'request.invalid');
  const state = verify.isSuccess ? 'verified' : invalid ? 'invalid' : verify.isError ? 'failed' : 'checking';
  const { title, text } = {
    checking: { title: AUTH_TEXTS.verifyingTitle, text: null },
    verified: { title: AUTH_TEXTS.verifiedTitle, text: AUTH_TEXTS.verified },
    invalid: { title: AUTH_TEXTS.linkInvalidTitle, text: AUTH_TEXTS.linkInvalid },
    failed: { title: AUTH_TEXTS.linkCheckFailedTitle, text: AUTH_TEXTS.linkCheckFailed },
  }[state];

  return (
    <Container component="main" maxWidth="sm" sx={{ py: { xs: 5, md: 8 } }}>
      <Card>
        <CardContent sx={{ p: { xs: 3, md: 4 } }} aria-live="polite" data-testid="verify-email">
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            {state === 'checking' && <CircularProgress size={22} aria-hidden />}
            <Typography variant="h1" sx={{ fontSize: '1.8rem' }}>
              {title}
            </Typography>
          </Stack>
          {text && (
            <Typography color="text.secondary" sx={{ mt: 1.5 }}>
              {text}
            </Typography>
          )}
          {state === 'invalid' && auth.status === 'unauthenticated' && (
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {AUTH_TEXTS.signInForNewLink}
            </Typography>
          )}
          <Stack direction="row" useFlexGap spacing={1.5} sx={{ mt: 3, flexWrap: 'wrap' }}>
            {state === 'invalid' && auth.status === 'authenticated' && !auth.user.emailVerified && (
              <Button variant="contained" disabled={resend.isPending} onClick={() => resend.mutate()}>
                {resend.isPending ? AUTH_TEXTS.resendingLink : AUTH_TEXTS.resendLink}
              </Button>
            )}
            {state === 'invalid' && auth.status === 'unauthenticated' && (
              <Button variant="contained" href={AUTH_PATHS.login}>
                {AUTH_TEXTS.signInButton}
              </Button>
            )}
            {state === 'failed' && (
              <Button variant="contained" onClick={() => verify.mutate()}>
                {AUTH_TEXTS.tryAgain}
              </Button>
            )}
            {state !== 'checking' && (
              <Button component={RouterLink} to="/" variant={state === 'verified' ? 'contained' : 'text'}>
                {AUTH_TEXTS.goHome}
              </Button>
            )}
          </Stack>
        </CardContent>
      </Card>
    </Container>
  );
}
