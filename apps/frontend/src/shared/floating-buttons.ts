/**
 * Where a floating button (the WhatsApp button, spec §2) may float without covering anything: in
 * the free margin beside the content column, which every page keeps at most
 * {@link CONTENT_MAX_WIDTH} wide. Below {@link FLOATING_FROM_WIDTH} there is no such margin (a
 * phone, a tablet, a small laptop), so the button sits in the navigation bar instead. CSS px.
 * There is nothing else floating: 'Our Services' is in the footer and the menus.
 */

/** The widest the content column gets (MUI's `Container maxWidth="lg"`, used by every page). */
export const CONTENT_MAX_WIDTH = 1200;

/** A floating button's size (MUI's medium Fab). */
export const FLOATING_BUTTON_SIZE = 48;

/** The least room kept on either side of a floating button in the margin. */
const MARGIN_GAP = 8;

/**
 * The narrowest viewport whose margin holds a floating button with room on both sides:
 * 1200 + 2 × (48 + 2 × 8) = 1328.
 */
export const FLOATING_FROM_WIDTH = CONTENT_MAX_WIDTH + 2 * (FLOATING_BUTTON_SIZE + 2 * MARGIN_GAP);

/**
 * The `left` of a floating button: centred in the left margin, never closer than 8 px to the
 * viewport's edge.
 */
export const FLOATING_BUTTON_LEFT = `max(${MARGIN_GAP}px, calc((100vw - ${CONTENT_MAX_WIDTH}px) / 4 - ${FLOATING_BUTTON_SIZE / 2}px))`;

/** The `bottom` of a floating button: 24 px above the bottom safe area (a phone's home indicator). */
export const FLOATING_BUTTON_BOTTOM = 'calc(24px + env(safe-area-inset-bottom, 0px))';
