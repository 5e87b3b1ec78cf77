import { isToastFocusKey, swipeDismisses, swipeOffset, TOAST_REGION_LABEL, TOAST_SWIPE_THRESHOLD_PX } from './toast-gestures';

const key = (name: string, held: Partial<Record<'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey', boolean>> = {}) => ({
  key: name,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...held,
});

describe('toast gestures (spec §9)', () => {
  it("labels the notifications region 'Notification'", () => {
    expect(TOAST_REGION_LABEL).toBe('Notification');
  });

  it('F8 alone focuses the notifications area; other keys and F8 with a modifier do not', () => {
    expect(isToastFocusKey(key('F8'))).toBe(true);
    expect(isToastFocusKey(key('F7'))).toBe(false);
    expect(isToastFocusKey(key('8'))).toBe(false);
    expect(isToastFocusKey(key('F8', { ctrlKey: true }))).toBe(false);
    expect(isToastFocusKey(key('F8', { shiftKey: true }))).toBe(false);
  });

  it('a toast follows a swipe to the right only', () => {
    expect(swipeOffset(100, 130)).toBe(30);
    expect(swipeOffset(100, 60)).toBe(0);
  });

  it('dismisses at a swipe of 50 px or more, and not before', () => {
    expect(TOAST_SWIPE_THRESHOLD_PX).toBe(50);
    expect(swipeDismisses(swipeOffset(200, 249))).toBe(false);
    expect(swipeDismisses(swipeOffset(200, 250))).toBe(true);
    expect(swipeDismisses(swipeOffset(200, 400))).toBe(true);
  });
});
