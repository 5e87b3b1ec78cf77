import Button from '@mui/material/Button';
import { useMutation } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { serverMessageOf } from '../../../api/error-message';
import { UsernamePasswordForm } from '../../../shared/components/UsernamePasswordForm';
import { useOwnToasts } from '../../../shared/toast';
import { storeAdminToken } from '../admin-token';
import { adminApi } from '../api/admin-api';
import { ADMIN_TEXTS as T } from '../texts';

/**
 * /admin-login: username and password (with show/hide), both required. A
 * successful login stores the bearer token and opens /admin; a refusal shows 'Login
 * Failed' with the server's text or 'Invalid credentials', dismissed by a later success.
 */
export function AdminLoginForm() {
  const navigate = useNavigate();
  const login = useMutation({ mutationFn: adminApi.login, meta: { ignoreUnauthorised: true } });
  // A 'Login Failed' goes once a later attempt succeeds, and with the form (not over the dashboard).
  const ownToasts = useOwnToasts();

  return (
    <UsernamePasswordForm
      title={T.loginTitle}
      intro={T.loginIntro}
      labels={{ username: T.username, password: T.password, submit: T.signIn, submitting: T.signingIn, required: T.credentialsRequired }}
      pending={login.isPending}
      onSubmit={(credentials) =>
        login.mutate(credentials, {
          onSuccess: ({ token }) => {
            ownToasts.dismiss();
            storeAdminToken(token);
            void navigate('/admin', { replace: true });
          },
          onError: (error) =>
            ownToasts.show({ title: T.loginFailedTitle, description: serverMessageOf(error) ?? T.loginFailed, variant: 'error' }),
        })
      }
    >
      <Button component={RouterLink} to="/" color="secondary">
        {T.backHome}
      </Button>
    </UsernamePasswordForm>
  );
}
