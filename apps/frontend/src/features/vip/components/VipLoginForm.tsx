import { vipLoginResponseSchema, type VipLoginRequest } from '@archlens/contracts/vip';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { apiRequest } from '../../../api/client';
import { serverMessageOf } from '../../../api/error-message';
import { UsernamePasswordForm } from '../../../shared/components/UsernamePasswordForm';
import { toast, useOwnToasts } from '../../../shared/toast';
import { VIP_DEMO_CREDENTIALS, VIP_TEXTS as T } from '../texts';

const VIP_LOGIN_PATH = '/api/vip-login';

/** `POST /api/vip-login`; answers `{success: true}` with a session cookie, or throws `HttpError`. */
function vipLogin(body: VipLoginRequest) {
  return apiRequest(VIP_LOGIN_PATH, { method: 'POST', json: body, schema: vipLoginResponseSchema.partial() });
}

/**
 * /vip-login: username and password (with show/hide), both required; the Demo
 * button fills in the demo credentials; Back to Home. Success signs the VIP user in on the
 * unlimited plan and goes to / (a full load, so the whole app sees the new session); a refusal
 * shows 'Access Denied' with the server's text or 'Invalid VIP credentials'; a reply without the
 * success flag shows nothing.
 */
export function VipLoginForm() {
  const login = useMutation({ mutationFn: vipLogin, meta: { ignoreUnauthorised: true } });
  // An 'Access Denied' goes once a later attempt succeeds, and with the form.
  const ownToasts = useOwnToasts();
  const [demo, setDemo] = useState({ ...VIP_DEMO_CREDENTIALS, version: 0 });

  return (
    <UsernamePasswordForm
      title={T.title}
      intro={T.intro}
      labels={{ username: T.username, password: T.password, submit: T.signIn, submitting: T.signingIn, required: T.required }}
      pending={login.isPending}
      filled={demo}
      onSubmit={(credentials) =>
        login.mutate(credentials, {
          onSuccess: (answer) => {
            if (answer.success !== true) return;
            ownToasts.dismiss();
            toast({ title: T.welcomeTitle, description: T.welcome, variant: 'success' });
            window.location.assign('/');
          },
          onError: (error) => ownToasts.show({ title: T.deniedTitle, description: serverMessageOf(error) ?? T.denied, variant: 'error' }),
        })
      }
    >
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
        <Button
          color="secondary"
          title={T.demoHint}
          onClick={() => setDemo((current) => ({ ...VIP_DEMO_CREDENTIALS, version: current.version + 1 }))}
        >
          {T.demo}
        </Button>
        <Button component={RouterLink} to="/" color="secondary">
          {T.backHome}
        </Button>
      </Stack>
    </UsernamePasswordForm>
  );
}
