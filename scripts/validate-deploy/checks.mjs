// Shared by the deployment checks: the check ledger, file helpers, and what the repository deploys.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../bootstrap.mjs';

export const verbose = process.argv.includes('--verbose');
/** What the checks found: how many passed, and the names of those that failed. */
export const results = { passed: 0, failures: [] };

/** Records one check: `problems` is a list of strings (empty: passed). */
export function check(name, problems) {
  const list = (Array.isArray(problems) ? problems : [problems]).filter(Boolean);
  if (list.length === 0) {
    results.passed += 1;
    if (verbose) console.log(`  \x1b[32m✓\x1b[0m ${name}`);
  } else {
    results.failures.push(name);
    console.log(`  \x1b[31m✗ ${name}\x1b[0m`);
    for (const problem of list) console.log(`      ${problem}`);
  }
}

export const rel = (file) => path.relative(ROOT, file);
export const read = (file) => readFileSync(file, 'utf8');

/** Dev dependencies this script needs (package.json devDependencies); a clear error when missing. */
async function need(specifier, packageName) {
  try {
    return await import(specifier);
  } catch (error) {
    if (error?.code === 'ERR_MODULE_NOT_FOUND' || error?.code === 'MODULE_NOT_FOUND') {
      throw new Error(`validate-deploy needs the dev dependency "${packageName}": run npm install.`);
    }
    throw error;
  }
}
export const YAML = await need('yaml', 'yaml');
export const { validate: lintDockerfile, ValidationSeverity } = (await need('dockerfile-utils', 'dockerfile-utils')).default;

/** The apps that run as a container: apps/* with a `start` script (the SPA is served by the gateway). */
export const deployableApps = readdirSync(path.join(ROOT, 'apps'))
  .filter((name) => existsSync(path.join(ROOT, 'apps', name, 'package.json')))
  .filter((name) => JSON.parse(read(path.join(ROOT, 'apps', name, 'package.json'))).scripts?.start)
  .sort();
/** Each service's PostgreSQL role, from deploy/postgres/roles.psql's VALUES list. */
export const serviceRoles = new Map(
  [...read(path.join(ROOT, 'deploy/postgres/roles.psql')).matchAll(/^\s*\('([a-z_]+)', '([a-z_]+)', :'[a-z_]+'\)/gm)].map((m) => [
    m[1].replace(/_/g, '-'),
    { role: m[1], schema: m[2] },
  ]),
);
/**
 * Each Redis ACL user and its rules, from deploy/redis/acl-users.conf (`<user> <rules…>` a line): one
 * per app, limited to its own queues' keys, plus KEDA's.
 */
export const redisAclUsers = new Map(
  read(path.join(ROOT, 'deploy/redis/acl-users.conf'))
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => {
      const [user, ...rules] = line.trim().split(/\s+/);
      return [user, rules.join(' ')];
    }),
);
/** The environment variable that holds an ACL user's password in docker-compose.yml (`gateway` → `GATEWAY_REDIS_PASSWORD`). */
export const redisPasswordVariable = (user) => `${user.toUpperCase().replace(/-/g, '_')}_REDIS_PASSWORD`;
