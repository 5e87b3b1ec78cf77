// Steps that must work on a fresh clone before any dependency is installed: built-in modules only.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Environment for Nx: offline, no daemon, no cloud, plain output. */
export const NX_ENV = { NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', NX_SKIP_NX_CACHE: process.env.NX_SKIP_NX_CACHE ?? '' };

export function log(message) {
  console.log(`\x1b[1m[archlens]\x1b[0m ${message}`);
}

/** Runs a command in the repository root, inheriting stdio. @throws when it exits non-zero */
export function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
}

/**
 * Installs the locked dependencies when node_modules is missing or older than package-lock.json.
 * `npm install` rather than `npm ci`: the registry this project's machines reach records no
 * download addresses, so the lockfile holds only this platform's optional native packages and
 * `npm ci` refuses it as out of sync; `npm install` installs the same locked versions.
 */
export function ensureDependencies() {
  const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  log('installing dependencies (npm install, locked versions)…');
  run('npm', ['install', '--no-audit', '--no-fund']);
}

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

/**
 * Installs Debian packages that are missing (as root, through apt-get, waiting up to 10 min for
 * another apt run to release the dpkg lock). Returns false when it
 * cannot (not root, no apt), so the caller can explain what to install.
 */
export function ensureAptPackages(packages) {
  const missing = packages.filter((p) => !hasCommand(p.command));
  if (missing.length === 0) return true;
  if (process.getuid?.() !== 0 || !hasCommand('apt-get')) return false;
  const names = missing.map((p) => p.package);
  log(`installing ${names.join(', ')} from Debian's packages…`);
  // Another apt run on the machine (unattended upgrades, a second start) holds the dpkg lock for a
  // while: wait for it instead of failing.
  const lockWait = ['-o', 'DPkg::Lock::Timeout=600'];
  execFileSync('apt-get', [...lockWait, 'update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', [...lockWait, 'install', '-y', '-qq', '--no-install-recommends', ...names], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return missing.every((p) => hasCommand(p.command));
}

/** Builds every project with Nx (contracts first, then the apps and the SPA). */
export function buildAll() {
  log('building (nx run-many -t build)…');
  run(path.join(ROOT, 'node_modules', '.bin', 'nx'), ['run-many', '-t', 'build', '--output-style=static'], NX_ENV);
}
