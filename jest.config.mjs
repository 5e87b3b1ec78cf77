/**
 * One Jest config, projects with the house test-tier names:
 * - unit: `*.spec.ts` beside the code, no services.
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

const common = {
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': swc },
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

export default {
  // A global option: Jest ignores `testTimeout` inside a project. Integration tests start whole stacks.
  testTimeout: 120_000,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['**/*.spec.ts'] },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['**/*.integration-spec.ts'],
      globalSetup: '<rootDir>/scripts/jest-integration-setup.mjs',
      globalTeardown: '<rootDir>/scripts/jest-integration-teardown.mjs',
    },
    // Issue 17 point 7: `*.chaos-spec.ts` (tests/chaos), the integration services plus faults;
    // `npm run test:chaos` runs it whole, `npm test` its short form (CHAOS_SHORT=1).
    {
      ...common,
      displayName: 'chaos',
      testMatch: ['**/*.chaos-spec.ts'],
      globalSetup: '<rootDir>/scripts/jest-integration-setup.mjs',
      globalTeardown: '<rootDir>/scripts/jest-integration-teardown.mjs',
    },
  ],
};
