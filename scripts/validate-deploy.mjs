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
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureAptPackages, log, ROOT } from './bootstrap.mjs';

const verbose = process.argv.includes('--verbose');
const started = Date.now();
let passed = 0;
const failures = [];

/** Records one check: `problems` is a list of strings (empty: passed). */
function check(name, problems) {
  const list = (Array.isArray(problems) ? problems : [problems]).filter(Boolean);
  if (list.length === 0) {
    passed += 1;
    if (verbose) console.log(`  \x1b[32m✓\x1b[0m ${name}`);
  } else {
    failures.push(name);
    console.log(`  \x1b[31m✗ ${name}\x1b[0m`);
    for (const problem of list) console.log(`      ${problem}`);
  }
}

const rel = (file) => path.relative(ROOT, file);
const read = (file) => readFileSync(file, 'utf8');

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
const YAML = await need('yaml', 'yaml');
const { validate: lintDockerfile, ValidationSeverity } = (await need('dockerfile-utils', 'dockerfile-utils')).default;

/** The apps that run as a container: apps/* with a `start` script (the SPA is served by the gateway). */
const deployableApps = readdirSync(path.join(ROOT, 'apps'))
  .filter((name) => existsSync(path.join(ROOT, 'apps', name, 'package.json')))
  .filter((name) => JSON.parse(read(path.join(ROOT, 'apps', name, 'package.json'))).scripts?.start)
  .sort();
/** Each service's PostgreSQL role, from deploy/postgres/roles.psql's VALUES list. */
const serviceRoles = new Map(
  [...read(path.join(ROOT, 'deploy/postgres/roles.psql')).matchAll(/^\s*\('([a-z_]+)', '([a-z_]+)', :'[a-z_]+'\)/gm)].map((m) => [
    m[1].replace(/_/g, '-'),
    { role: m[1], schema: m[2] },
  ]),
);

// ------------------------------------------------------------------------------------------------
// 1. Dockerfiles
// ------------------------------------------------------------------------------------------------

/** Logical instructions of a Dockerfile: comments dropped, continuation lines joined. */
function parseDockerfile(text) {
  const instructions = [];
  let buffer = '';
  let startLine = 0;
  text.split('\n').forEach((raw, index) => {
    const line = raw.replace(/\r$/, '');
    if (buffer === '' && (/^\s*#/.test(line) || line.trim() === '')) return;
    if (buffer !== '' && /^\s*#/.test(line)) return; // comment inside a continued instruction
    if (buffer === '') startLine = index + 1;
    if (/\\\s*$/.test(line)) {
      buffer += `${line.replace(/\\\s*$/, '')} `;
      return;
    }
    buffer += line;
    const match = /^\s*([A-Za-z]+)\s*(.*)$/s.exec(buffer);
    if (match) instructions.push({ keyword: match[1].toUpperCase(), args: match[2].trim(), line: startLine });
    buffer = '';
  });
  return instructions;
}

/** Splits the instructions into stages; resolves global ARG defaults in FROM. */
function dockerStages(instructions) {
  const globalArgs = {};
  const stages = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') {
      const [, image, name] = /^(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?/i.exec(instruction.args) ?? [];
      const resolved = image.replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (_, arg) => globalArgs[arg] ?? `\${${arg}}`);
      stages.push({ image: resolved, name: name?.toLowerCase(), line: instruction.line, instructions: [] });
    } else if (stages.length === 0) {
      if (instruction.keyword === 'ARG') {
        const [, name, value] = /^([A-Za-z_][A-Za-z0-9_]*)(?:=(.*))?$/.exec(instruction.args) ?? [];
        if (name) globalArgs[name] = (value ?? '').replace(/^["']|["']$/g, '');
      }
    } else {
      stages.at(-1).instructions.push(instruction);
    }
  }
  return stages;
}

/** A package install as a command of a RUN line (not a path such as /usr/local/bin/yarn). */
const INSTALLS = /(?:^|[;&|]\s*)(?:npm\s+(?:install|i|ci|add)\b|yarn(?:\s+(?:install|add)\b|\s*(?:$|[;&|]))|pnpm\s+(?:install|i|add)\b)/;
const OMITS_DEV = /--omit[= ]dev\b|--production\b|--prod\b/;
/** A RUN instruction's command, without its flags (--mount=…, --network=…). */
const runCommand = (instruction) => instruction.args.replace(/^(?:--\S+\s+)*/, '');
const installs = (instruction) => instruction.keyword === 'RUN' && INSTALLS.test(runCommand(instruction));

function checkDockerfile(file) {
  const text = read(file);
  const name = rel(file);
  const settings = Object.fromEntries(
    [
      'deprecatedMaintainer',
      'directiveCasing',
      'emptyContinuationLine',
      'instructionCasing',
      'instructionCmdMultiple',
      'instructionEntrypointMultiple',
      'instructionHealthcheckMultiple',
      'instructionJSONInSingleQuotes',
      'instructionWorkdirRelative',
    ].map((key) => [key, ValidationSeverity.ERROR]),
  );
  check(
    `${name}: dockerfile-utils lint`,
    lintDockerfile(text, settings).map((d) => `line ${d.range.start.line + 1}: ${d.message}`),
  );

  const stages = dockerStages(parseDockerfile(text));
  const stageNames = new Set(stages.map((s) => s.name).filter(Boolean));
  const final = stages.at(-1);
  check(`${name}: multi-stage`, stages.length >= 2 ? [] : ['a single stage: build in one stage, run in another']);
  check(
    `${name}: every base image pinned to a version tag or digest`,
    stages
      .filter((stage) => !stageNames.has(stage.image.toLowerCase()))
      .map((stage) => {
        const image = stage.image;
        if (image.includes('${')) return `line ${stage.line}: ${image} has an ARG without a default`;
        if (/@sha256:[0-9a-f]{64}$/.test(image)) return undefined;
        const tag = /:([^/:]+)$/.exec(image)?.[1];
        if (!tag) return `line ${stage.line}: ${image} has no tag`;
        if (tag === 'latest' || !/\d+\.\d+/.test(tag))
          return `line ${stage.line}: ${image}: pin a version (e.g. 24.21.0-bookworm-slim), not "${tag}"`;
        return undefined;
      }),
  );
  const users = final.instructions.filter((i) => i.keyword === 'USER');
  const user = users.at(-1)?.args.split(':')[0];
  check(
    `${name}: final stage runs as a non-root, numeric USER`,
    !user
      ? ['no USER in the final stage (it would run as root)']
      : user === 'root' || user === '0'
        ? [`USER ${user} is root`]
        : /^\d+$/.test(user)
          ? []
          : [`USER ${user}: use the numeric uid so that Kubernetes' runAsNonRoot can verify it`],
  );
  const healthcheck = final.instructions.filter((i) => i.keyword === 'HEALTHCHECK');
  check(
    `${name}: final stage has a HEALTHCHECK`,
    healthcheck.length === 0 ? ['no HEALTHCHECK'] : /^NONE$/i.test(healthcheck.at(-1).args) ? ['HEALTHCHECK NONE'] : [],
  );
  check(
    `${name}: no dependency install with dev dependencies in the final stage`,
    final.instructions.filter((i) => installs(i) && !OMITS_DEV.test(i.args)).map((i) => `line ${i.line}: ${i.args.slice(0, 100)}`),
  );
  const prodStages = stages.filter((s) => s.instructions.some((i) => installs(i) && OMITS_DEV.test(i.args)));
  const copiesFrom = final.instructions
    .filter((i) => i.keyword === 'COPY')
    .map((i) => /--from=(\S+)/.exec(i.args)?.[1]?.toLowerCase())
    .filter(Boolean);
  check(
    `${name}: runtime node_modules come from a production-only install`,
    prodStages.some((s) => copiesFrom.includes(s.name)) ? [] : ['no stage installs with --omit=dev for the final stage to copy from'],
  );
  check(
    `${name}: CMD and ENTRYPOINT in exec (JSON) form`,
    final.instructions
      .filter((i) => (i.keyword === 'CMD' || i.keyword === 'ENTRYPOINT') && !i.args.startsWith('['))
      .map((i) => `line ${i.line}: ${i.keyword} ${i.args}`),
  );
  check(
    `${name}: COPY rather than ADD`,
    stages.flatMap((s) => s.instructions.filter((i) => i.keyword === 'ADD').map((i) => `line ${i.line}: ADD ${i.args}`)),
  );
  check(
    `${name}: no secret in ENV or ARG`,
    stages.flatMap((s) =>
      s.instructions
        .filter(
          (i) => (i.keyword === 'ENV' || i.keyword === 'ARG') && /\b\w*(PASSWORD|SECRET|TOKEN|PRIVATE_KEY|API_KEY)\w*\s*=/i.test(i.args),
        )
        .map((i) => `line ${i.line}: ${i.keyword} ${i.args.slice(0, 60)}`),
    ),
  );
  // The build argument APP must name every deployable app (and the build must check it).
  if (/\bARG APP\b/.test(text)) {
    check(
      `${name}: fails fast on an unknown APP`,
      /test -f "apps\/\$\{APP\}\/package\.json"/.test(text) ? [] : ['no check that apps/${APP} exists'],
    );
  }
}

function checkDockerignore() {
  const file = path.join(ROOT, '.dockerignore');
  if (!existsSync(file)) {
    check('.dockerignore exists', ['missing: the build context would carry node_modules, .git and .env']);
    return;
  }
  const lines = read(file)
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const has = (pattern) => lines.some((l) => l === pattern || l === `**/${pattern}` || l === `${pattern}/`);
  check(
    '.dockerignore keeps node_modules, dist, .git, .env and local state out of the build context',
    ['node_modules', 'dist', '.git', '.env', '.local'].filter((p) => !has(p)).map((p) => `${p} is not ignored`),
  );
}

// ------------------------------------------------------------------------------------------------
// 2. docker-compose.yml
// ------------------------------------------------------------------------------------------------

function composeCommand() {
  const has = (cmd, args) => spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;
  // Debian's compose v1 is what the issue validates with; installed like Chromium (root, apt-get).
  if (!has('docker-compose', ['version'])) ensureAptPackages([{ command: 'docker-compose', package: 'docker-compose' }]);
  if (has('docker-compose', ['version'])) return { cmd: 'docker-compose', args: [], label: 'docker-compose (v1)' };
  if (has('docker', ['compose', 'version'])) return { cmd: 'docker', args: ['compose'], label: 'docker compose (v2)' };
  return undefined;
}

function checkCompose() {
  const file = path.join(ROOT, 'docker-compose.yml');
  const text = read(file);
  const required = [...new Set([...text.matchAll(/\$\{([A-Z0-9_]+):\?[^}]*\}/g)].map((m) => m[1]))].sort();
  const compose = composeCommand();
  if (!compose) {
    check('docker-compose config', ['neither docker-compose nor `docker compose` is available, and apt could not install docker-compose']);
  } else {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'archlens-compose-'));
    try {
      // Dummy values for the required variables; the developer's own .env is not read (--env-file).
      const dummy = path.join(dir, 'dummy.env');
      writeFileSync(dummy, required.map((name) => `${name}=dummy-${name.toLowerCase()}-0123456789abcdef`).join('\n') + '\n');
      const empty = path.join(dir, 'empty.env');
      writeFileSync(empty, '');
      const env = { PATH: process.env.PATH, HOME: process.env.HOME ?? dir, LANG: 'C.UTF-8' };
      const run = (envFile) =>
        spawnSync(compose.cmd, [...compose.args, '--project-directory', ROOT, '-f', file, '--env-file', envFile, 'config', '-q'], {
          cwd: ROOT,
          env,
          encoding: 'utf8',
        });
      const ok = run(dummy);
      check(`docker-compose.yml: \`config -q\` with ${compose.label}`, ok.status === 0 ? [] : [(ok.stderr || ok.stdout).trim()]);
      const refused = run(empty);
      check(
        'docker-compose.yml: refuses to start without its secrets (${VAR:?})',
        required.length === 0
          ? ['no ${VAR:?} variable: secrets must be required, not defaulted']
          : refused.status !== 0 && /mandatory|required|must be set/i.test(refused.stderr)
            ? []
            : ['config passed without the required variables'],
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  // Topology rules, on the file as written (anchors and merge keys resolved).
  const doc = YAML.parse(text, { merge: true });
  const services = doc.services ?? {};
  check('docker-compose.yml: no top-level `name` (compose v1)', 'name' in doc ? ['top-level name: compose v1 rejects it'] : []);
  const image = (s) => services[s]?.image ?? '';
  check('docker-compose.yml: PostgreSQL 16, Redis 7 and a pinned MinIO release', [
    /^postgres:16\.\d+/.test(image('postgres')) ? undefined : `postgres image ${image('postgres')}: want postgres:16.<minor>`,
    /^redis:7\.\d+\.\d+/.test(image('redis')) ? undefined : `redis image ${image('redis')}: want redis:7.<minor>.<patch>`,
    /minio\/minio:RELEASE\.\d{4}-/.test(image('minio')) ? undefined : `minio image ${image('minio')}: pin a RELEASE tag`,
  ]);
  check(
    'docker-compose.yml: every image pinned',
    Object.entries(services)
      .filter(([, s]) => s.image && !s.build)
      .filter(([, s]) => /:latest$/.test(s.image) || !/:[^/]+$/.test(s.image))
      .map(([name, s]) => `${name}: ${s.image}`),
  );
  const redisCommand = [services.redis?.command ?? []].flat().join(' ');
  check('docker-compose.yml: Redis has a password and an append-only file', [
    /--requirepass\s+\S+/.test(redisCommand) ? undefined : 'redis: no --requirepass',
    /--appendonly\s+yes/.test(redisCommand) ? undefined : 'redis: no --appendonly yes',
  ]);
  check(
    'docker-compose.yml: backing services published on 127.0.0.1 only',
    ['postgres', 'redis', 'minio'].flatMap((name) =>
      (services[name]?.ports ?? [])
        .filter((p) => !String(p).startsWith('127.0.0.1:'))
        .map((p) => `${name}: port ${p} is published beyond localhost`),
    ),
  );
  const initMounts = (services.postgres?.volumes ?? []).filter((v) => String(v).includes('/docker-entrypoint-initdb.d/'));
  check(
    'docker-compose.yml: PostgreSQL creates one role and schema per service at init',
    initMounts.some((v) => /\.(sh|sql)(:ro)?$/.test(String(v))) ? [] : ['no init script mounted into /docker-entrypoint-initdb.d'],
  );
  const appServices = Object.entries(services).filter(([, s]) => s.build?.args?.APP);
  const composeApps = appServices.map(([, s]) => s.build.args.APP).sort();
  check(
    'docker-compose.yml: a service for every app',
    deployableApps.filter((a) => !composeApps.includes(a)).map((a) => `apps/${a} has no service (build.args.APP: ${a})`),
  );
  for (const [name, service] of appServices) {
    const app = service.build.args.APP;
    const env = service.environment ?? {};
    const dependsOn = service.depends_on ?? {};
    const problems = [];
    if (!service.healthcheck?.test) problems.push('no healthcheck');
    else if (!JSON.stringify(service.healthcheck.test).includes('/health/ready'))
      problems.push('the healthcheck does not ask /health/ready');
    if (Array.isArray(dependsOn) || Object.keys(dependsOn).length === 0) problems.push('depends_on without conditions');
    else for (const [dep, cond] of Object.entries(dependsOn)) if (!cond?.condition) problems.push(`depends_on ${dep} has no condition`);
    if (service.container_name) problems.push('container_name prevents --scale');
    if (app !== 'gateway' && service.ports?.length) problems.push('a worker publishes a port: --scale would collide');
    if (service.user === 'root' || service.user === '0') problems.push('runs as root');
    const role = serviceRoles.get(app);
    if ('DATABASE_URL' in env || role) {
      const user = /^postgres(?:ql)?:\/\/([^:@/]+)/.exec(String(env.DATABASE_URL ?? ''))?.[1];
      if (!role) problems.push(`no role for ${app} in deploy/postgres/roles.psql`);
      else if (user !== role.role) problems.push(`DATABASE_URL connects as ${user ?? '?'}, not its own role ${role.role}`);
    }
    check(`docker-compose.yml: ${name} (health check, depends_on conditions, scalable, own database role)`, problems);
  }
}

// ------------------------------------------------------------------------------------------------
// 3. Kubernetes
// ------------------------------------------------------------------------------------------------

const K8S = path.join(ROOT, 'deploy', 'k8s');

function kustomizeCommand() {
  const works = (cmd, args) => spawnSync(cmd, args, { stdio: 'ignore', timeout: 20_000 }).status === 0;
  if (works('kustomize', ['version'])) return { cmd: 'kustomize', args: ['build'], label: 'kustomize build' };
  if (works('kubectl', ['kustomize', '--help'])) return { cmd: 'kubectl', args: ['kustomize'], label: 'kubectl kustomize' };
  return undefined;
}

/** The folders that hold a kustomization.yaml (the base and every overlay). */
function kustomizations() {
  const found = [];
  const walk = (dir) => {
    if (existsSync(path.join(dir, 'kustomization.yaml'))) found.push(dir);
    for (const entry of readdirSync(dir)) if (statSync(path.join(dir, entry)).isDirectory()) walk(path.join(dir, entry));
  };
  if (existsSync(K8S)) walk(K8S);
  return found.sort();
}

function yamlDocuments(text, origin) {
  return YAML.parseAllDocuments(text)
    .map((d, index) => {
      if (d.errors.length > 0) throw new Error(`${origin} (document ${index + 1}): ${d.errors[0].message}`);
      return d.toJSON();
    })
    .filter((o) => o && typeof o === 'object');
}

/** The model class of one apiVersion/kind, or undefined when no schema package has it. */
const modelCache = new Map();
async function modelFor(apiVersion, kind) {
  const key = `${apiVersion}/${kind}`;
  if (!modelCache.has(key)) {
    const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
    const specifier =
      group === 'keda.sh'
        ? `@kubernetes-models/keda/keda.sh/${version}/${kind}`
        : `kubernetes-models/${group ? `${group}/` : ''}${version}/${kind}`;
    let model;
    try {
      model = (await import(specifier))[kind];
    } catch (error) {
      if (!['ERR_PACKAGE_PATH_NOT_EXPORTED', 'ERR_MODULE_NOT_FOUND'].includes(error?.code)) throw error;
    }
    modelCache.set(key, model);
  }
  return modelCache.get(key);
}

async function validateObjects(objects, origin) {
  const problems = [];
  for (const object of objects) {
    const id = `${object.kind ?? '?'}/${object.metadata?.name ?? '?'}`;
    if (!object.apiVersion || !object.kind || !object.metadata?.name) {
      problems.push(`${id}: apiVersion, kind and metadata.name are required`);
      continue;
    }
    const Model = await modelFor(object.apiVersion, object.kind);
    if (!Model) {
      problems.push(`${id}: no schema for ${object.apiVersion} ${object.kind}`);
      continue;
    }
    try {
      new Model(object).validate();
    } catch (error) {
      problems.push(`${id}: ${String(error.message).split('\n').slice(0, 5).join('; ')}`);
    }
  }
  check(`${origin}: ${objects.length} objects valid against the Kubernetes and KEDA schemas`, problems);
}

/** The rules of docs/deployment.md for one rendered set of objects (the base or an overlay). */
function checkTopology(objects, origin) {
  const byKind = (kind) => objects.filter((o) => o.kind === kind);
  const deployments = byKind('Deployment');
  const configMaps = new Set(byKind('ConfigMap').map((o) => o.metadata.name));
  const secrets = new Set(byKind('Secret').map((o) => o.metadata.name));
  const names = deployments.map((d) => d.metadata.name);
  check(
    `${origin}: a Deployment for every app`,
    deployableApps.filter((a) => !names.includes(a)).map((a) => `apps/${a} has no Deployment`),
  );
  for (const deployment of deployments) {
    const problems = [];
    const pod = deployment.spec?.template?.spec ?? {};
    const podSecurity = pod.securityContext ?? {};
    if (podSecurity.runAsNonRoot !== true) problems.push('pod securityContext.runAsNonRoot is not true');
    if (podSecurity.runAsUser === 0) problems.push('runAsUser 0');
    for (const container of [...(pod.initContainers ?? []), ...(pod.containers ?? [])]) {
      const c = `container ${container.name}`;
      const security = container.securityContext ?? {};
      const tag = /:([^/:@]+)$/.exec(container.image ?? '')?.[1];
      if (!tag || tag === 'latest') problems.push(`${c}: image ${container.image} has no pinned tag`);
      if (security.allowPrivilegeEscalation !== false) problems.push(`${c}: allowPrivilegeEscalation is not false`);
      if (security.readOnlyRootFilesystem !== true) problems.push(`${c}: readOnlyRootFilesystem is not true`);
      if (!(security.capabilities?.drop ?? []).includes('ALL')) problems.push(`${c}: capabilities.drop lacks ALL`);
      if ((security.seccompProfile ?? podSecurity.seccompProfile)?.type !== 'RuntimeDefault')
        problems.push(`${c}: no RuntimeDefault seccomp profile`);
      for (const kind of ['requests', 'limits']) {
        for (const resource of ['cpu', 'memory']) {
          if (!container.resources?.[kind]?.[resource]) problems.push(`${c}: no resources.${kind}.${resource}`);
        }
      }
      const ports = new Map((container.ports ?? []).map((p) => [p.name, p.containerPort]));
      for (const [probe, pathWanted] of [
        ['livenessProbe', '/health/live'],
        ['readinessProbe', '/health/ready'],
        ['startupProbe', '/health/live'],
      ]) {
        const get = container[probe]?.httpGet;
        if (!get && probe === 'startupProbe' && !container[probe]) continue;
        if (!get) problems.push(`${c}: no ${probe} (httpGet)`);
        else {
          if (get.path !== pathWanted) problems.push(`${c}: ${probe} asks ${get.path}, not ${pathWanted}`);
          if (typeof get.port === 'string' && !ports.has(get.port))
            problems.push(`${c}: ${probe} names port ${get.port}, which is not declared`);
        }
      }
      const env = Object.fromEntries((container.env ?? []).map((e) => [e.name, e.value]));
      const listens = deployment.metadata.name === 'gateway' ? env.PORT : env.HEALTH_PORT;
      const probePort = container.readinessProbe?.httpGet?.port;
      const probeNumber = typeof probePort === 'string' ? ports.get(probePort) : probePort;
      if (listens && probeNumber && Number(listens) !== probeNumber)
        problems.push(`${c}: probes reach port ${probeNumber} but the app listens on ${listens}`);
      for (const source of container.envFrom ?? []) {
        if (source.configMapRef && !configMaps.has(source.configMapRef.name))
          problems.push(`${c}: ConfigMap ${source.configMapRef.name} is not defined`);
        if (source.secretRef && secrets.size > 0 && !secrets.has(source.secretRef.name))
          problems.push(`${c}: Secret ${source.secretRef.name} is not defined in this overlay`);
      }
    }
    check(`${origin}: Deployment ${deployment.metadata.name} (non-root, probes, resources, locked down)`, problems);
  }

  const gateway = deployments.find((d) => d.metadata.name === 'gateway');
  const services = byKind('Service');
  const gatewayService = services.find(
    (s) =>
      gateway &&
      Object.entries(s.spec?.selector ?? {}).every(([k, v]) => gateway.spec.template.metadata.labels?.[k] === v) &&
      Object.keys(s.spec?.selector ?? {}).length > 0,
  );
  const ingressBackends = byKind('Ingress').flatMap((i) =>
    (i.spec?.rules ?? []).flatMap((r) => (r.http?.paths ?? []).map((p) => p.backend?.service)).filter(Boolean),
  );
  check(`${origin}: the gateway has a Service and an Ingress in front of it`, [
    gatewayService ? undefined : 'no Service selects the gateway pods',
    gatewayService && ingressBackends.some((b) => b.name === gatewayService.metadata.name)
      ? undefined
      : 'no Ingress routes to the gateway Service',
    ...ingressBackends
      .filter(
        (b) =>
          b.name === gatewayService?.metadata.name &&
          b.port?.name &&
          !(gatewayService.spec.ports ?? []).some((p) => p.name === b.port.name),
      )
      .map((b) => `the Ingress names Service port ${b.port.name}, which the Service does not have`),
  ]);

  const scaled = byKind('ScaledObject').find((s) => s.spec?.scaleTargetRef?.name === 'generation-worker');
  const auths = byKind('TriggerAuthentication');
  const trigger = scaled?.spec?.triggers?.find((t) => t.type === 'redis');
  const auth = auths.find((a) => a.metadata.name === trigger?.authenticationRef?.name);
  const worker = deployments.find((d) => d.metadata.name === 'generation-worker');
  check(`${origin}: generation-worker scaled by KEDA on the BullMQ wait list`, [
    scaled ? undefined : 'no ScaledObject targets the generation-worker Deployment',
    !scaled || trigger ? undefined : 'the ScaledObject has no redis trigger',
    !trigger || trigger.metadata?.listName === 'bull:generation:wait'
      ? undefined
      : `listName ${trigger.metadata?.listName}, want bull:generation:wait`,
    !trigger || Number(trigger.metadata?.listLength) > 0 ? undefined : 'listLength is not a positive number',
    !trigger || auth ? undefined : `TriggerAuthentication ${trigger.authenticationRef?.name} is not defined`,
    !auth || (auth.spec?.secretTargetRef ?? []).some((r) => r.parameter === 'password')
      ? undefined
      : 'the password does not come from a Secret',
    !scaled || (scaled.spec.minReplicaCount ?? 0) >= 1
      ? undefined
      : 'minReplicaCount 0: the gateway answers 503 with no worker, so the list never grows',
    !worker || worker.spec?.replicas === undefined ? undefined : 'the Deployment sets replicas, which fights the autoscaler on every apply',
  ]);
}

async function checkKubernetes() {
  try {
    await import('kubernetes-models/v1/ConfigMap');
    await import('@kubernetes-models/keda/keda.sh/v1alpha1/ScaledObject');
  } catch (error) {
    throw new Error(
      `validate-deploy needs the dev dependencies "kubernetes-models" and "@kubernetes-models/keda": run npm install. (${error.message})`,
    );
  }
  const dirs = kustomizations();
  check('deploy/k8s: a Kustomize base and at least one overlay', [
    dirs.some((d) => rel(d) === 'deploy/k8s/base') ? undefined : 'no deploy/k8s/base/kustomization.yaml',
    dirs.some((d) => rel(d).startsWith('deploy/k8s/overlays/')) ? undefined : 'no overlay in deploy/k8s/overlays/',
  ]);
  // Every YAML file parses, and every file a kustomization lists exists.
  const parseProblems = [];
  const walk = (dir) =>
    readdirSync(dir).flatMap((e) => (statSync(path.join(dir, e)).isDirectory() ? walk(path.join(dir, e)) : [path.join(dir, e)]));
  for (const file of walk(K8S).filter((f) => /\.ya?ml$/.test(f))) {
    try {
      yamlDocuments(read(file), rel(file));
    } catch (error) {
      parseProblems.push(error.message);
    }
  }
  for (const dir of dirs) {
    const kustomization = YAML.parse(read(path.join(dir, 'kustomization.yaml')));
    for (const entry of [...(kustomization.resources ?? []), ...(kustomization.patches ?? []).map((p) => p.path).filter(Boolean)]) {
      if (!existsSync(path.join(dir, entry))) parseProblems.push(`${rel(dir)}/kustomization.yaml lists ${entry}, which does not exist`);
    }
  }
  check('deploy/k8s: every YAML file parses and every listed resource exists', parseProblems);

  const kustomize = kustomizeCommand();
  for (const dir of dirs) {
    const origin = rel(dir);
    let objects;
    if (kustomize) {
      const rendered = spawnSync(kustomize.cmd, [...kustomize.args, dir], { encoding: 'utf8', timeout: 60_000 });
      check(
        `${origin}: renders with ${kustomize.label}`,
        rendered.status === 0 ? [] : [(rendered.stderr || String(rendered.error)).trim()],
      );
      if (rendered.status !== 0) continue;
      objects = yamlDocuments(rendered.stdout, origin);
    } else {
      // No kustomize: the plain resource files this kustomization lists (its patches unapplied).
      const kustomization = YAML.parse(read(path.join(dir, 'kustomization.yaml')));
      objects = [];
      const collect = (d, k) => {
        for (const entry of k.resources ?? []) {
          const target = path.join(d, entry);
          if (!existsSync(target)) continue;
          if (statSync(target).isDirectory()) collect(target, YAML.parse(read(path.join(target, 'kustomization.yaml'))));
          else objects.push(...yamlDocuments(read(target), rel(target)));
        }
      };
      collect(dir, kustomization);
      console.log(`  (no kustomize here: ${origin} checked file by file, its patches not applied)`);
    }
    await validateObjects(objects, origin);
    checkTopology(objects, origin);
  }
}

// ------------------------------------------------------------------------------------------------

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
  failures.push('validate-deploy');
  console.error(`\x1b[31m${error instanceof Error ? error.message : error}\x1b[0m`);
}
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`validate-deploy: ${passed} passed, ${failures.length} failed (${seconds} s)`);
process.exit(failures.length === 0 ? 0 : 1);
