/** Texts of the navigation bar and the floating services button (spec §2 navigation bar). */
export const NAVIGATION_TEXTS = {
  home: 'ArchLens home',
  mainNavigation: 'Main navigation',
  signIn: 'Sign In',
  signOut: 'Sign Out',
  fallbackName: 'User',
  signedInAs: (name: string) => `Signed in as ${name}`,
  proBadge: 'Pro',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  menu: 'Menu',
  services: 'Our Services',
  servicesLabel: 'Our Services (opens in a new tab)',
} as const;

/**
 * The external services page the floating button opens (spec §2), fixed at build time through
 * `VITE_SERVICES_URL`.
 */
export const SERVICES_URL: string = (import.meta.env.VITE_SERVICES_URL as string | undefined) || 'https://archlens.example/services';
