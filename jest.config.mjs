/**
 * One Jest config, projects with the house test-tier names:
 * - unit: `*.spec.ts` beside the code, no services; also the SPA's component tests
 *   (`*.spec.tsx`), each of which asks for jsdom in a `@jest-environment jsdom` docblock.
 * - integration: `*.integration-spec.ts`, against the real PostgreSQL, Redis and S3 server
 *   (global setup starts or finds them, see scripts/local-services.mjs).
 * - chaos: `*.chaos-spec.ts`, the same services with faults injected.
 * ESM throughout (NestJS 12 is ESM-only), compiled by swc with decorator metadata.
 */
const swc = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
    },
    module: { type: 'es6' },
  },
];

/** The SPA's components: TSX with React's automatic JSX runtime, as Vite compiles them. */
const swcTsx = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
    },
    module: { type: 'es6' },
  },
];

const common = {
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.ts$': swc, '^.+\\.tsx$': swcTsx },
  moduleNameMapper: {
    '^@archlens/(contracts|platform)/(.*)$': '<rootDir>/libs/$1/src/$2.ts',
    '^@archlens/(gateway|auth-service|analysis-worker|email-worker|leads-service|billing-service|generation-worker)$':
      '<rootDir>/apps/$1/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testEnvironment: 'node',
  roots: ['<rootDir>/apps', '<rootDir>/libs', '<rootDir>/tests'],
  modulePathIgnorePatterns: ['<rootDir>/apps/.*/dist', '<rootDir>/libs/.*/dist'],
};

/**
 * Packages of the SPA whose entry point Jest's ESM loader cannot read named exports from (a CommonJS
 * file choosing its build by NODE_ENV): their CommonJS development build instead.
 */
const spaModules = {
  '^notistack$': '<rootDir>/apps/frontend/src/testing/notistack-esm.ts',
};

export default {
  // A global option: Jest ignores `testTimeout` inside a project. Integration tests start whole stacks.
  testTimeout: 120_000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['**/*.spec.ts', '**/*.spec.tsx'],
      moduleNameMapper: { ...common.moduleNameMapper, ...spaModules },
      setupFiles: ['<rootDir>/apps/frontend/src/testing/jsdom-globals.ts'],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['**/*.integration-spec.ts'],
      globalSetup: '<rootDir>/scripts/jest-integration-setup.mjs',
      globalTeardown: '<rootDir>/scripts/jest-integration-teardown.mjs',
    },
    // `npm run test:chaos` runs the chaos suite whole, `npm test` its short form (CHAOS_SHORT=1).
    {
      ...common,
      displayName: 'chaos',
      testMatch: ['**/*.chaos-spec.ts'],
      globalSetup: '<rootDir>/scripts/jest-integration-setup.mjs',
      globalTeardown: '<rootDir>/scripts/jest-integration-teardown.mjs',
    },
  ],
};
