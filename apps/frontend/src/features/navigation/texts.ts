/** Texts of the top bar (spec §2 navigation bar). */
export const NAVIGATION_TEXTS = {
  home: 'ArchLens home',
  mainNavigation: 'Main navigation',
  analyse: 'Analyse',
  signIn: 'Sign In',
  signOut: 'Sign Out',
  fallbackName: 'User',
  signedInAs: (name: string) => `Signed in as ${name}`,
} as const;
