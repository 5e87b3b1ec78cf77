/**
 * The path of every `/api` route (spec §7), with no schema attached: what the SPA needs to call a
 * route or key a query, without loading every contract schema (`./routes` holds the full contract
 * and uses these paths, so the two cannot drift).
 */
export const API_PATHS = {
  signUp: '/api/auth/signup',
  signIn: '/api/auth/signin',
  forgotPassword: '/api/auth/forgot-password',
  currentUser: '/api/auth/user',
  logout: '/api/logout',
  login: '/api/login',
  analyze: '/api/analyze',
  previousAnalyses: '/api/analyses',
  health: '/api/health',
} as const;
export type ApiRouteName = keyof typeof API_PATHS;
