import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { closeSnackbar, enqueueSnackbar, SnackbarContent, type CustomContentProps, type SnackbarKey } from 'notistack';
import { forwardRef, useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import { userFacingText } from '../api/user-text';
import { isToastFocusKey, swipeDismisses, swipeOffset, TOAST_REGION_LABEL } from './toast-gestures';

export type ToastVariant = 'success' | 'error' | 'info' | 'warning';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** A button at the toast's end (e.g. 'Resend link'); pressing it closes the toast and runs `onClick`. */
  action?: { label: string; onClick: () => void };
  /** Runs once the toast is on screen (its enter transition has begun). */
  onShown?: () => void;
}

/**
 * Shows a toast with a title, an optional line of description (spec §8 titles and texts) and an
 * optional action button. A description is never led by an HTTP status: one passed as "415: …"
 * (spec §7's error form) shows only the server's text (`userFacingText`).
 * @returns its key (`useOwnToasts` closes its own toasts by it)
 */
export function toast({ title, description, variant = 'info', action, onShown }: ToastOptions): SnackbarKey {
  return enqueueSnackbar({
    variant,
    onEnter: onShown ? () => onShown() : undefined,
    message: (
      <>
        <AlertTitle sx={{ mb: description ? 0.25 : 0, fontWeight: 600 }}>{title}</AlertTitle>
        {description === undefined ? undefined : userFacingText(description)}
      </>
    ),
    action: action
      ? (key: SnackbarKey) => (
          <Button
            color="inherit"
            size="small"
            sx={{ whiteSpace: 'nowrap' }}
            onClick={() => {
              closeSnackbar(key);
              action.onClick();
            }}
          >
            {action.label}
          </Button>
        )
      : undefined,
  });
}

/**
 * The toasts a form or dialog shows about itself (its failures, its missing fields), dismissed
 * when they no longer describe what is on screen: by `dismiss()` (the form succeeded, or changed
 * mode) and when the form leaves the page (the dialog closed or switched to another form, the
 * page navigated away). Without this a 'Sign In Failed' would stay over the sign-up form, or a
 * 'Login Failed' over the dashboard the next attempt opened, for the rest of its 5 seconds.
 * Toasts shown with plain `toast` (a success, the global 'Unauthorized') are not touched.
 * @returns `show` (as `toast`, remembering the key) and `dismiss` (closes every toast it showed)
 */
export function useOwnToasts() {
  const keys = useRef(new Set<SnackbarKey>());
  const dismiss = useCallback(() => {
    for (const key of keys.current) closeSnackbar(key);
    keys.current.clear();
  }, []);
  const show = useCallback((options: ToastOptions) => {
    const key = toast(options);
    keys.current.add(key);
    return key;
  }, []);
  useEffect(() => dismiss, [dismiss]);
  return { show, dismiss };
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
 * The notifications area (spec §9): a region labelled 'Notification' that the toasts are rendered
 * into (it is given to notistack's `domRoot`), focused by F8 from anywhere on the page so that a
 * screen reader reads the toast shown. It takes no room: notistack's container inside is fixed to
 * the viewport.
 * @param onRegion called with the region's element once it is in the page (null when it leaves)
 */
export function ToastRegion({ onRegion }: { onRegion: (region: HTMLElement | null) => void }) {
  const region = useRef<HTMLElement | null>(null);
  const attach = useCallback(
    (element: HTMLElement | null) => {
      region.current = element;
      onRegion(element);
    },
    [onRegion],
  );
  useEffect(() => {
    const focusOnF8 = (event: KeyboardEvent) => {
      if (!isToastFocusKey(event) || !region.current) return;
      event.preventDefault();
      region.current.focus();
    };
    document.addEventListener('keydown', focusOnF8);
    return () => document.removeEventListener('keydown', focusOnF8);
  }, []);
  return (
    <Box
      component="section"
      ref={attach}
      aria-label={TOAST_REGION_LABEL}
      tabIndex={-1}
      data-testid="toast-region"
      // The region has no box of its own: the toast it holds shows where focus is.
      sx={{
        outline: 'none',
        '&:focus-visible [data-toast-id] .MuiAlert-root': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    />
  );
}

/**
 * Spec §9 swipe right: the toast follows a pointer (finger, pen or mouse) dragged to the right, and
 * is dismissed when let go at least 50 px from where it was taken; a shorter swipe puts it back.
 * @returns how far the toast is moved now, whether a swipe is under way, and the pointer handlers
 */
function useSwipeToDismiss(id: SnackbarKey) {
  const start = useRef<{ pointerId: number; x: number } | null>(null);
  const [offset, setOffset] = useState(0);
  const [swiping, setSwiping] = useState(false);

  const finish = (event: PointerEvent<HTMLElement>, cancelled: boolean) => {
    const from = start.current;
    if (!from || from.pointerId !== event.pointerId) return;
    start.current = null;
    setSwiping(false);
    if (!cancelled && swipeDismisses(swipeOffset(from.x, event.clientX))) closeSnackbar(id);
    else setOffset(0);
  };

  const handlers = {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (!event.isPrimary || (event.pointerType === 'mouse' && event.button !== 0)) return;
      // A press on the toast's button is a press, not a swipe: capturing it would take its click.
      if (event.target instanceof Element && event.target.closest('button')) return;
      start.current = { pointerId: event.pointerId, x: event.clientX };
      setSwiping(true);
      event.currentTarget.setPointerCapture?.(event.pointerId);
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      const from = start.current;
      if (from && from.pointerId === event.pointerId) setOffset(swipeOffset(from.x, event.clientX));
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => finish(event, false),
    onPointerCancel: (event: PointerEvent<HTMLElement>) => finish(event, true),
  };
  return { offset, swiping, handlers };
}

/**
 * notistack content for every variant: an MUI Alert, so toasts follow the theme. On a phone the
 * toast is the screen's width less {@link TOAST_PHONE_MARGIN} each side, on a larger screen at
 * most {@link TOAST_MAX_WIDTH}; its text wraps inside it, breaking a word that has no space to
 * break at (a URL, an id, an e-mail address) rather than running past the right edge, where MUI's
 * Alert would cut it off. Swiped right 50 px or more, it is dismissed (spec §9); its text is
 * therefore not selectable.
 */
export const ToastContent = forwardRef<HTMLDivElement, CustomContentProps>(function ToastContent(
  { id, message, variant, style, className, action },
  ref,
) {
  const swipe = useSwipeToDismiss(id);
  return (
    <SnackbarContent
      ref={ref}
      // Vertical scrolling stays the browser's; a horizontal move of a finger is the swipe. The text
      // is not selectable (as in Radix's toast): a mouse drag over it is a swipe, and a selection left
      // by one would start a native drag on the next and cancel that swipe.
      style={{ ...style, touchAction: 'pan-y', userSelect: 'none' }}
      className={className}
      data-toast-id={id}
      {...swipe.handlers}
    >
      <Alert
        severity={severityOf[variant] ?? 'info'}
        role={variant === 'error' ? 'alert' : 'status'}
        action={typeof action === 'function' ? action(id) : action}
        variant="standard"
        elevation={3}
        // The swipe moves the toast's box; notistack's own slide moves the content around it.
        style={
          swipe.offset > 0 || swipe.swiping
            ? {
                transform: `translateX(${swipe.offset}px)`,
                opacity: Math.max(0.4, 1 - swipe.offset / 200),
                transition: swipe.swiping ? 'none' : undefined,
              }
            : undefined
        }
        sx={{
          width: '100%',
          maxWidth: { xs: `calc(100vw - ${2 * TOAST_PHONE_MARGIN}px)`, sm: TOAST_MAX_WIDTH },
          alignItems: 'flex-start',
          border: 1,
          borderColor: 'divider',
          transition: 'transform 150ms ease-out, opacity 150ms ease-out',
          '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere' },
        }}
      >
        {message}
      </Alert>
    </SnackbarContent>
  );
});
