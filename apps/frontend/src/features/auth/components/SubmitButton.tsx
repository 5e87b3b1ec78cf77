import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

/**
 * The full-width submit button of the sign-in dialog's forms: disabled, with a spinner, while the
 * request is pending, so a form is never sent twice.
 */
export function SubmitButton({ pending, label }: { pending: boolean; label: string }) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      disabled={pending}
      startIcon={pending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
      sx={{ mt: 1 }}
    >
      {label}
    </Button>
  );
}
