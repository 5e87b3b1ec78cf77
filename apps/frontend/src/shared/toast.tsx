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

/** A toast's widest width on a screen that has room for it (sm and up), in px. */
const TOAST_MAX_WIDTH = 420;
/** The space notistack leaves on each side of a toast on a phone (below sm: its `xsWidthMargin`), in px. */
const TOAST_PHONE_MARGIN = 16;

/**
 * notistack content for every variant: an MUI Alert, so toasts follow the theme. On a phone the
 * toast is the screen's width less {@link TOAST_PHONE_MARGIN} each side, on a larger screen at
 * most {@link TOAST_MAX_WIDTH}; its text wraps inside it, breaking a word that has no space to
 * break at (a URL, an id, an e-mail address) rather than running past the right edge, where MUI's
 * Alert would cut it off.
 */
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
        sx={{
          width: '100%',
          maxWidth: { xs: `calc(100vw - ${2 * TOAST_PHONE_MARGIN}px)`, sm: TOAST_MAX_WIDTH },
          alignItems: 'flex-start',
          border: 1,
          borderColor: 'divider',
          '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere' },
        }}
      >
        {message}
      </Alert>
    </SnackbarContent>
  );
});
