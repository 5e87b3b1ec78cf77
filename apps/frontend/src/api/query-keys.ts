import { API_PATHS } from '@archlens/contracts/paths';

/**
 * Every react-query key of the SPA, in one place. A query's key starts with the `/api` path it
 * reads, so the default fetch (spec §7: a GET to the path, see `app/query-defaults.ts`) and the
 * typed `queryFn` of its hook read the same resource.
 */
export const queryKeys = {
  authUser: [API_PATHS.currentUser] as const,
  previousAnalyses: [API_PATHS.previousAnalyses] as const,
  capabilities: [API_PATHS.capabilities] as const,
  /** `GET /api/library`: every view of it starts with this, so one invalidation refreshes them all. */
  library: [API_PATHS.library] as const,
  /** One view of the library (`libraryApiSearch` of its filters). */
  libraryView: (search: string) => [API_PATHS.library, search] as const,
  projects: [API_PATHS.projects] as const,
  /**
   * The project an item is filed in, as Add to project last saw it (no route reads one item's
   * project alone): seeded by the library card, set by filing. Not an `/api` path: never fetched.
   */
  itemProject: (type: string, id: string) => ['library', 'item-project', type, id] as const,
} as const;

/** Mutation keys, used to tell the sign-in calls apart from signed-in data calls. */
export const mutationKeys = {
  signIn: ['auth', 'sign-in'] as const,
  signUp: ['auth', 'sign-up'] as const,
  forgotPassword: ['auth', 'forgot-password'] as const,
  analyseImages: ['analyses', 'analyse'] as const,
  readSketches: ['sketches', 'read'] as const,
} as const;
