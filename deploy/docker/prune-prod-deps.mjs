#!/usr/bin/env node
// Runs inside the Dockerfile's `prod-deps` stage, after
//   npm install --omit=dev --workspace apps/<app> --ignore-scripts
// npm's workspace filter is not exact: it leaves packages that only another workspace needs
// (sharp, a devDependency of the gateway, is a production dependency of analysis-worker), so the
// image would carry them. This walks the app's production dependency graph the way Node resolves
// modules (dependencies, optionalDependencies and required peerDependencies that are present, each found
// by walking up node_modules folders from the real path of the package that asks for it), keeps
// exactly that, and deletes every other package, the other workspaces and node_modules/.bin.
//
// Usage: node prune-prod-deps.mjs <app>   (in the workspace root, e.g. /app)
// Built-in modules only: it runs before anything else is installed.
import { existsSync, lstatSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import path from 'node:path';

const app = process.argv[2];
const root = process.cwd();
if (!app || !existsSync(path.join(root, 'apps', app, 'package.json'))) {
  console.error(`usage: node prune-prod-deps.mjs <app>  (no apps/${app ?? '?'}/package.json in ${root})`);
  process.exit(2);
}

/** Real directories of the packages the app needs at run time (workspaces included). */
const needed = new Set();
/** node_modules entries (as laid out on disk, symlinks included) that lead to a needed package. */
const keptEntries = new Set();
const missing = [];

function readManifest(dir) {
  return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
}

/** Node's lookup: <dir>/node_modules/<name>, then each parent folder up to the root. */
function findPackage(fromDir, name) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === root || dir === path.dirname(dir)) return undefined;
  }
}

function visit(realDir) {
  if (needed.has(realDir)) return;
  needed.add(realDir);
  const manifest = readManifest(realDir);
  const required = Object.keys(manifest.dependencies ?? {});
  // Peers marked optional (dedent's babel-plugin-macros, typeorm's database drivers) are only
  // used when the app itself depends on them, and then they are reached through the app.
  const optionalPeers = manifest.peerDependenciesMeta ?? {};
  const peers = Object.keys(manifest.peerDependencies ?? {}).filter((name) => !optionalPeers[name]?.optional);
  const optional = [...Object.keys(manifest.optionalDependencies ?? {}), ...peers];
  for (const [names, mustExist] of [
    [required, true],
    [optional, false],
  ]) {
    for (const name of names) {
      const entry = findPackage(realDir, name);
      if (!entry) {
        // An optional dependency for another platform, or a peer nobody installed: fine. A
        // required one that is missing would fail at run time, so it fails the build instead.
        if (mustExist && !(manifest.optionalDependencies ?? {})[name]) missing.push(`${manifest.name} → ${name}`);
        continue;
      }
      keptEntries.add(entry);
      visit(realpathSync(entry));
    }
  }
}

visit(realpathSync(path.join(root, 'apps', app)));
if (missing.length > 0) {
  console.error(`prune-prod-deps: required packages are not installed:\n  ${missing.join('\n  ')}`);
  process.exit(1);
}

/** Package entries of one node_modules folder (scoped ones one level down). */
function entriesOf(nodeModules) {
  const entries = [];
  for (const name of readdirSync(nodeModules)) {
    if (name.startsWith('.')) continue;
    const full = path.join(nodeModules, name);
    if (name.startsWith('@') && lstatSync(full).isDirectory()) {
      for (const scoped of readdirSync(full)) entries.push(path.join(full, scoped));
    } else {
      entries.push(full);
    }
  }
  return entries;
}

let removed = 0;
const removedNames = new Set();
function prune(nodeModules) {
  if (!existsSync(nodeModules)) return;
  rmSync(path.join(nodeModules, '.bin'), { recursive: true, force: true });
  for (const entry of entriesOf(nodeModules)) {
    if (!keptEntries.has(entry)) {
      rmSync(entry, { recursive: true, force: true });
      removed += 1;
      removedNames.add(path.relative(nodeModules, entry));
      continue;
    }
    // A kept package may carry its own nested node_modules (a version that differs from the hoisted one).
    if (!lstatSync(entry).isSymbolicLink()) prune(path.join(entry, 'node_modules'));
  }
  for (const scope of readdirSync(nodeModules)) {
    const full = path.join(nodeModules, scope);
    if (scope.startsWith('@') && readdirSync(full).length === 0) rmSync(full, { recursive: true });
  }
}

prune(path.join(root, 'node_modules'));
// The workspaces: the app and the libraries it uses stay (with their own node_modules pruned);
// every other workspace folder goes.
for (const group of ['apps', 'libs']) {
  for (const name of existsSync(path.join(root, group)) ? readdirSync(path.join(root, group)) : []) {
    const dir = path.join(root, group, name);
    if (needed.has(realpathSync(dir))) prune(path.join(dir, 'node_modules'));
    else rmSync(dir, { recursive: true, force: true });
  }
}

console.log(
  `prune-prod-deps: ${app} needs ${needed.size - 1} packages; removed ${removed} others` +
    (removedNames.size > 0 ? ` (${[...removedNames].sort().slice(0, 12).join(', ')}${removedNames.size > 12 ? ', …' : ''})` : ''),
);
