import path from 'node:path';
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';

/**
 * The repository's ESLint config (eslint.config.mjs) keeps apps apart: an app may import the
 * libraries, never another app, whether by package name or by a relative path into its folder.
 * The code is linted in memory as if it lived at `filePath`; no file is written.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BOUNDARIES = '@nx/enforce-module-boundaries';

jest.setTimeout(60_000);

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({
    cwd: repoRoot,
    // The files below exist only in memory, so they are in no TypeScript program: lint them
    // without type information (the boundary rule needs none).
    overrideConfig: [{ files: ['**/*.ts', '**/*.tsx'], ...(tseslint.configs.disableTypeChecked as Linter.Config) }],
  });
});

async function boundaryErrors(code: string, filePath: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
  const fatal = result.messages.filter((m) => m.fatal);
  if (fatal.length > 0) throw new Error(`${filePath} did not parse: ${fatal.map((m) => m.message).join('; ')}`);
  return result.messages.filter((m) => m.ruleId === BOUNDARIES && m.severity === 2);
}

describe('module boundaries (ESLint, @nx/enforce-module-boundaries)', () => {
  it('reports a relative import that reaches into another app’s folder', async () => {
    const errors = await boundaryErrors(
      "import { AuthModule } from '../../auth-service/src/auth.module.js';\nexport const imported = AuthModule;\n",
      'apps/gateway/src/some-file.ts',
    );
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toContain('relative or absolute path');
  });

  it('reports the same reach from a file deeper in the app', async () => {
    const errors = await boundaryErrors(
      "import { AuthModule } from '../../../auth-service/src/auth.module.js';\nexport const imported = AuthModule;\n",
      'apps/gateway/src/auth/some-file.ts',
    );
    expect(errors).toHaveLength(1);
  });

  it('lets an app import a library entry point', async () => {
    const errors = await boundaryErrors(
      "import { DomainError } from '@archlens/platform/messaging';\nexport const imported = DomainError;\n",
      'apps/gateway/src/x.ts',
    );
    expect(errors).toEqual([]);
  });

  it('reports an app importing another app by its package name', async () => {
    const errors = await boundaryErrors(
      "import { startAuthService } from '@archlens/auth-service';\nexport const imported = startAuthService;\n",
      'apps/gateway/src/x.ts',
    );
    expect(errors.length).toBeGreaterThanOrEqual(1);
  });

  it('reports a deep import of another app’s package', async () => {
    const [result] = await eslint.lintText(
      "import { bootstrap } from '@archlens/gateway/src/main.js';\nexport const imported = bootstrap;\n",
      {
        filePath: path.join(repoRoot, 'apps/frontend/src/x.ts'),
      },
    );
    expect(result.messages.filter((m) => m.ruleId === 'no-restricted-imports' && m.severity === 2)).toHaveLength(1);
  });

  it('reports a library importing an app', async () => {
    const errors = await boundaryErrors(
      "import { startAuthService } from '@archlens/auth-service';\nexport const imported = startAuthService;\n",
      'libs/platform/src/x.ts',
    );
    expect(errors.length).toBeGreaterThanOrEqual(1);
  });
});
