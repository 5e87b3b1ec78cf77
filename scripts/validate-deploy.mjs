#!/usr/bin/env node
// `npm run validate:deploy` (and the first test step of `npm test`): checks the deployment files
// offline, in seconds, on a machine without a Docker engine (docs/deployment.md "Validation").
//
// 1. Dockerfiles: dockerfile-utils' linter (the Dockerfile language server's rules) and the review
//    checklist of docs/deployment.md, checked mechanically: pinned base images, a non-root USER
//    and a HEALTHCHECK in the final stage, no dev-dependency install there, exec-form CMD, no
//    secrets in ENV/ARG, a .dockerignore that keeps node_modules, .git and .env out.
// 2. docker-compose.yml: `docker-compose config -q` (Debian's compose v1, installed from apt when
//    missing, as `npm test` installs Chromium; else `docker compose` v2) with dummy values for
//    every required variable, and again without them (it must refuse); then the topology rules.
// 3. Kubernetes: every manifest rendered by kustomize (`kubectl kustomize`, or `kustomize build`)
//    for the base and each overlay, or, with no kustomize here, every resource file the
//    kustomizations list; each object validated against the Kubernetes JSON schemas
//    (kubernetes-models) and KEDA's (@kubernetes-models/keda); then the topology rules.
//
// Exits non-zero when a check fails. `--verbose` prints every check, not only failures.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { log, ROOT } from './bootstrap.mjs';
import { check, deployableApps, results } from './validate-deploy/checks.mjs';
import { checkCompose } from './validate-deploy/compose.mjs';
import { checkDockerfile, checkDockerignore } from './validate-deploy/dockerfile.mjs';
import { checkKubernetes } from './validate-deploy/kubernetes.mjs';

const started = Date.now();
log('validating the deployment files (Dockerfile, docker-compose.yml, deploy/k8s)');
try {
  const dockerfiles = [path.join(ROOT, 'Dockerfile'), ...deployableApps.map((a) => path.join(ROOT, 'apps', a, 'Dockerfile'))].filter(
    existsSync,
  );
  check('a Dockerfile for the apps', dockerfiles.length > 0 ? [] : ['no Dockerfile at the root or in apps/*']);
  for (const file of dockerfiles) checkDockerfile(file);
  checkDockerignore();
  checkCompose();
  await checkKubernetes();
} catch (error) {
  results.failures.push('validate-deploy');
  console.error(`\x1b[31m${error instanceof Error ? error.message : error}\x1b[0m`);
}
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`validate-deploy: ${results.passed} passed, ${results.failures.length} failed (${seconds} s)`);
process.exit(results.failures.length === 0 ? 0 : 1);
