// ESLint flat config for the whole repository (`npm run lint`, and the first step of `npm test`).
// - typescript-eslint's type-checked recommended rules for the TypeScript of apps/*, libs/* and tests/
//   (the programs of tsconfig.spec.json and apps/frontend/tsconfig.spec.json), the untyped
//   recommended set for scripts, e2e and config files;
// - eslint-config-prettier last, so nothing here argues with Prettier about layout;
// - Nx module boundaries: an app (tag type:app) may import libraries (type:lib), never another app,
//   neither by package name nor by a relative path into the other app's folder.
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';
import { createProjectGraphAsync } from '@nx/devkit';

// @nx/enforce-module-boundaries reads Nx's *cached* project graph and silently skips every check
// when there is none (fresh clone) or misses a project added since it was written. Computing it
// here (without the daemon) makes the rule see the workspace as it is now.
process.env.NX_DAEMON ??= 'false';
process.env.NX_NO_CLOUD ??= 'true';
const projectGraph = await createProjectGraphAsync({ exitOnError: true });

// The rule does not map a deep import of an app's package (`@archlens/gateway/src/main.js`) to
// the app, since the apps declare no "exports"; no-restricted-imports bans every app package,
// root or deep, from apps/* and libs/* (tests/ may still start an app through its package).
const appPackages = Object.values(projectGraph.nodes)
  .filter((node) => node.type === 'app')
  .map((node) => node.data.metadata?.js?.packageName ?? node.name);

/** Node globals the plain .mjs scripts use (TypeScript checks undefined names in .ts files). */
const nodeGlobals = Object.fromEntries(
  [
    'process',
    'console',
    'Buffer',
    'URL',
    'URLSearchParams',
    'fetch',
    'AbortController',
    'AbortSignal',
    'TextEncoder',
    'TextDecoder',
    'setTimeout',
    'clearTimeout',
    'setInterval',
    'clearInterval',
    'setImmediate',
    'clearImmediate',
    'queueMicrotask',
    'structuredClone',
    'performance',
    'globalThis',
  ].map((name) => [name, 'readonly']),
);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.nx/**',
      '.local/**',
      '**/coverage/**',
      'playwright-report/**',
      'test-results/**',
      'outbox/**',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.spec.json', './apps/frontend/tsconfig.spec.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    // Outside those two programs: plain .mjs scripts, Playwright specs, root and app config files.
    files: ['**/*.mjs', '**/*.js', 'e2e/**', '*.ts', 'apps/*/*.ts'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: nodeGlobals },
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs', '**/*.js'],
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      // NestJS providers and adapters implement async interfaces without awaiting anything: noise.
      '@typescript-eslint/require-await': 'off',
      '@nx/enforce-module-boundaries': [
        'error',
        {
          allow: [],
          depConstraints: [
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
            // A project without tags (say a new apps/* whose package.json lacks "nx.tags") may still
            // depend on libraries only, so forgetting the tag never opens a door between apps.
            { sourceTag: '*', onlyDependOnLibsWithTags: ['type:lib'] },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/**', 'libs/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: appPackages.flatMap((name) => [name, `${name}/**`]),
              message: 'Apps never import an app: share the code through a library in libs/ (tag type:lib).',
            },
          ],
        },
      ],
    },
  },
  {
    // The contract modules the signed-out landing imports stay free of zod, so that the landing
    // loads no schema (at most 150 KB of JavaScript); this rule replaces the one
    // above for these files, so it repeats the app-import pattern.
    files: ['libs/contracts/src/http.ts', 'libs/contracts/src/paths.ts', 'libs/contracts/src/plans.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: appPackages.flatMap((name) => [name, `${name}/**`]),
              message: 'Apps never import an app: share the code through a library in libs/ (tag type:lib).',
            },
            {
              group: ['zod', 'zod/**', './*.js', '!./paths.js'],
              message: 'The landing loads this module: no zod, and no module that uses it.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read supertest's `response.body` and JSON fixtures, typed `any` by their libraries.
    files: ['**/*.spec.ts', '**/*.spec.tsx', '**/*.integration-spec.ts', '**/*.e2e-spec.ts', '**/testing/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  prettier,
);
