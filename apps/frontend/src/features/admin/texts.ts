import { ADMIN_MESSAGES } from '@archlens/contracts/leads';

/** Every user-visible text of /admin-login and /admin (spec §2, §4, §5, §8; spec texts word for word). */
export const ADMIN_TEXTS = {
  loginTitle: 'Admin Login',
  loginIntro: 'Sign in with the ArchLens administrator account to see and export leads.',
  username: 'Username',
  password: 'Password',
  signIn: 'Sign In',
  signingIn: 'Signing in…',
  backHome: 'Back to Home',
  loginFailedTitle: ADMIN_MESSAGES.loginFailedTitle,
  loginFailed: ADMIN_MESSAGES.invalidCredentials,
  credentialsRequired: ADMIN_MESSAGES.credentialsRequired,

  dashboardTitle: 'Leads',
  dashboardIntro: 'Everyone an analysis report was e-mailed to.',
  signedInAs: (username: string) => `Signed in as ${username}`,
  logout: 'Logout',
  loggedOutTitle: 'Logged Out',
  loggedOut: 'The admin session has ended on this browser.',
  sessionEndedTitle: 'Session Ended',
  sessionEnded: 'Your admin session has expired or is not valid. Please sign in again.',

  stats: {
    total: 'Total Leads',
    weekly: 'This Week',
    analysisEmail: 'Analysis E-mails',
    conversion: 'Conversion Rate',
    conversionHint: 'Leads whose account is Pro',
  },
  chartTitle: 'Leads per week',
  chartLabel: (weeks: number) => `Leads per week over the last ${weeks} weeks`,

  search: 'Search leads',
  searchPlaceholder: 'Name or e-mail',
  source: 'Source',
  allSources: 'All sources',
  sourceLabels: { analysis_email: 'Analysis e-mail' } as Record<string, string>,
  exportCsv: 'Export CSV',
  exporting: 'Exporting…',
  exportFailedTitle: ADMIN_MESSAGES.exportFailedTitle,
  exportFailed: ADMIN_MESSAGES.exportFailed,
  exportedTitle: 'Export Ready',
  exported: (fileName: string) => `Saved ${fileName}.`,

  columns: { first_name: 'First Name', last_name: 'Last Name', email: 'Email', source: 'Source', created_at: 'Date' },
  analysisColumn: 'Analysis',
  tableLabel: 'Leads',
  loadFailed: ADMIN_MESSAGES.loadFailed,
  empty: ADMIN_MESSAGES.empty,
  rowsPerPage: 'Rows per page',
} as const;
