import type { CSSProperties } from 'react';

/**
 * Hides text visually while keeping it in the accessibility tree. Lengths are written out in px so
 * that the same object works as a `style` and inside MUI's `sx` (where a bare 1 would mean 100% and
 * a bare -1 a theme spacing).
 */
export const visuallyHidden: CSSProperties = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
};
