/** Texts of the navigation bar, its menu and the footer's links (spec §2 navigation bar). */
export const NAVIGATION_TEXTS = {
  home: 'ArchLens home',
  mainNavigation: 'Main navigation',
  signIn: 'Sign In',
  signOut: 'Sign Out',
  fallbackName: 'User',
  signedInAs: (name: string, plan: string) => `Signed in as ${name}, ${plan}`,
  proBadge: 'Pro',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  menu: 'Menu',
  pricing: 'Pricing',
  vipAccess: 'VIP Access',
  services: 'Our Services',
  servicesLabel: 'Our Services (opens in a new tab)',
  /** The plan under the name: the VIP account's unlimited plan (spec §1, §6). */
  vipPlan: 'VIP (unlimited)',
  /** Spec §4 subscription display: past_due reads 'Past Due'. */
  pastDue: 'Past Due',
  /** The admin console's bar shows where the administrator is instead of a user's Sign In. */
  adminConsole: 'Admin console',
} as const;
