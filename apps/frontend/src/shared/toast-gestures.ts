/**
 * The keyboard and pointer rules of the toasts (spec §9: "swipe right, swipe threshold 50, F8
 * focuses the notifications area, region label 'Notification'"). Pure, so each is unit tested;
 * `toast.tsx` and `App.tsx` apply them.
 */

/** Spec §9: the accessible name of the region the toasts are shown in. */
export const TOAST_REGION_LABEL = 'Notification';

/** Spec §9: the key that moves focus to the notifications area. */
export const TOAST_FOCUS_KEY = 'F8';

/** Spec §9: how far a toast is swiped to the right before it is dismissed, in CSS px. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;

/**
 * True for a press of F8 alone (spec §9). With Ctrl, Alt, Meta or Shift held it is some other
 * shortcut (the browser's or the system's), left alone.
 */
export function isToastFocusKey(event: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey'>): boolean {
  return event.key === TOAST_FOCUS_KEY && !event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey;
}

/**
 * How far a toast follows a swipe, in px: the distance moved to the right since the pointer went
 * down; a move to the left does not move it (spec §9: swipe right only).
 * @param startX the pointer's `clientX` when it went down
 * @param currentX its `clientX` now
 */
export function swipeOffset(startX: number, currentX: number): number {
  return Math.max(0, currentX - startX);
}

/** Spec §9: a swipe to the right of at least 50 px dismisses the toast; a shorter one puts it back. */
export function swipeDismisses(offset: number): boolean {
  return offset >= TOAST_SWIPE_THRESHOLD_PX;
}
