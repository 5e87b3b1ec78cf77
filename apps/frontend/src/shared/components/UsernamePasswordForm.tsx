import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { PasswordField } from '../../features/auth/components/PasswordField';
import { credentialsFeedback } from './credentials-feedback';

export interface UsernamePasswordFormProps {
  title: string;
  intro: string;
  labels: { username: string; password: string; submit: string; submitting: string; required: string };
  pending: boolean;
  /** Called with the trimmed username and the password once both are filled. */
  onSubmit: (credentials: { username: string; password: string }) => void;
  /** Sets both fields from outside (e.g. a Demo quick-fill), when given. */
  filled?: { username: string; password: string; version: number };
  /** Buttons under the submit button (Back to Home, Demo). */
  children?: ReactNode;
}

/**
 * A username and password card (spec §2 /admin-login and /vip-login, §5: both required): the
 * password with show/hide, once submitted every empty field marked and the spec's required text
 * shown once, under the first empty field (`credentialsFeedback`), which takes the focus; and a
 * submit button that shows its pending state.
 */
export function UsernamePasswordForm({ title, intro, labels, pending, onSubmit, filled, children }: UsernamePasswordFormProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [appliedFill, setAppliedFill] = useState(0);
  if (filled && filled.version !== appliedFill) {
    setAppliedFill(filled.version);
    setUsername(filled.username);
    setPassword(filled.password);
  }
  const usernameInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const feedback = credentialsFeedback({ username, password }, labels.required, touched);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!feedback.complete) {
      (feedback.firstMissing === 'username' ? usernameInput : passwordInput).current?.focus();
      return;
    }
    onSubmit({ username: username.trim(), password });
  };

  return (
    <Container component="main" maxWidth="xs" sx={{ py: { xs: 5, md: 8 } }}>
      <Card>
        <CardContent sx={{ p: { xs: 3, md: 4 } }}>
          <Typography variant="h1" sx={{ fontSize: '1.8rem' }}>
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1, mb: 3 }}>
            {intro}
          </Typography>
          <Stack component="form" noValidate onSubmit={submit} spacing={2}>
            <TextField
              label={labels.username}
              name="username"
              autoComplete="username"
              autoFocus
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              inputRef={usernameInput}
              {...feedback.username}
            />
            <PasswordField
              label={labels.password}
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              inputRef={passwordInput}
              {...feedback.password}
            />
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={pending}
              startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {pending ? labels.submitting : labels.submit}
            </Button>
            {children}
          </Stack>
        </CardContent>
      </Card>
    </Container>
  );
}
