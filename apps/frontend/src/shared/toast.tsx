import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { enqueueSnackbar, SnackbarContent, type CustomContentProps } from 'notistack';
import { forwardRef } from 'react';

export type ToastVariant = 'success' | 'error' | 'info' | 'warning';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

/** Shows a toast with a title and an optional line of description (spec §8 titles and texts). */
export function toast({ title, description, variant = 'info' }: ToastOptions): void {
  enqueueSnackbar({
    variant,
    message: (
      <>
        <AlertTitle sx={{ mb: description ? 0.25 : 0, fontWeight: 600 }}>{title}</AlertTitle>
        {description}
      </>
    ),
  });
}

const severityOf: Record<string, AlertColor> = {
  success: 'success',
  error: 'error',
  warning: 'warning',
  info: 'info',
  default: 'info',
};

/** notistack content for every variant: an MUI Alert, so toasts follow the theme. */
export const ToastContent = forwardRef<HTMLDivElement, CustomContentProps>(function ToastContent(
  { id, message, variant, style, className },
  ref,
) {
  return (
    <SnackbarContent ref={ref} style={style} className={className} data-toast-id={id}>
      <Alert
        severity={severityOf[variant] ?? 'info'}
        role={variant === 'error' ? 'alert' : 'status'}
        variant="standard"
        elevation={3}
        sx={{ width: '100%', maxWidth: 420, alignItems: 'flex-start', border: 1, borderColor: 'divider' }}
      >
        {message}
      </Alert>
    </SnackbarContent>
  );
});
