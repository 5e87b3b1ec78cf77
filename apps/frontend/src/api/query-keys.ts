/** Every react-query key of the SPA, in one place. */
export const queryKeys = {
  authUser: ['auth', 'user'] as const,
  previousAnalyses: ['analyses', 'recent'] as const,
} as const;

/** Mutation keys, used to tell the sign-in calls apart from signed-in data calls. */
export const mutationKeys = {
  signIn: ['auth', 'sign-in'] as const,
  signUp: ['auth', 'sign-up'] as const,
  analyseImages: ['analyses', 'analyse'] as const,
} as const;
