/**
 * The floating buttons over every page (spec §2: the services button at the bottom centre; the
 * WhatsApp button at the bottom left when signed in): where they sit and the room left for them,
 * in CSS px by breakpoint, so that the last line of a page always ends above them.
 */

/** Their distance from the bottom edge of the viewport. */
export const FLOATING_BUTTON_BOTTOM = { xs: 16, sm: 24 } as const;

/** Their height (MUI's medium Fab). */
export const FLOATING_BUTTON_HEIGHT = 48;

/** The gap kept between a page's last line and the top of the buttons, once scrolled to the end. */
const GAP = 24;

/**
 * The room below every page (the router's spacer): the buttons' offset and height plus a gap, and
 * the device's bottom safe area (a phone's home indicator) where there is one.
 */
export const FLOATING_BUTTON_CLEARANCE = {
  xs: `calc(${FLOATING_BUTTON_BOTTOM.xs + FLOATING_BUTTON_HEIGHT + GAP}px + env(safe-area-inset-bottom, 0px))`,
  sm: `calc(${FLOATING_BUTTON_BOTTOM.sm + FLOATING_BUTTON_HEIGHT + GAP}px + env(safe-area-inset-bottom, 0px))`,
} as const;

/** The `bottom` of a floating button: its offset above the bottom safe area. */
export const FLOATING_BUTTON_POSITION = {
  xs: `calc(${FLOATING_BUTTON_BOTTOM.xs}px + env(safe-area-inset-bottom, 0px))`,
  sm: `calc(${FLOATING_BUTTON_BOTTOM.sm}px + env(safe-area-inset-bottom, 0px))`,
} as const;
