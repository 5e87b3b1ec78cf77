// 2. docker-compose.yml: `docker-compose config -q` with and without the required variables, then
// the topology rules.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureAptPackages, ROOT } from '../bootstrap.mjs';
import { check, deployableApps, read, redisAclUsers, redisPasswordVariable, serviceRoles, YAML } from './checks.mjs';

function composeCommand() {
  const has = (cmd, args) => spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;
  // Debian's compose v1 is what the issue validates with; installed like Chromium (root, apt-get).
  if (!has('docker-compose', ['version'])) ensureAptPackages([{ command: 'docker-compose', package: 'docker-compose' }]);
  if (has('docker-compose', ['version'])) return { cmd: 'docker-compose', args: [], label: 'docker-compose (v1)' };
  if (has('docker', ['compose', 'version'])) return { cmd: 'docker', args: ['compose'], label: 'docker compose (v2)' };
  return undefined;
}

export function checkCompose() {
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
  const redisScript = read(path.join(ROOT, 'deploy/redis/start-redis.sh'));
  const redisEnv = services.redis?.environment ?? {};
  const requiredInCompose = (name) => new RegExp(`\\$\\{${name}:\\?`).test(text);
  check('docker-compose.yml: Redis has one ACL user per app with its own password, and an append-only file', [
    /deploy\/redis\/start-redis\.sh|start-redis\.sh/.test(redisCommand) ? undefined : 'redis: not started by deploy/redis/start-redis.sh',
    (services.redis?.volumes ?? []).some((v) => String(v).startsWith('./deploy/redis:'))
      ? undefined
      : 'redis: ./deploy/redis is not mounted',
    /--aclfile\s/.test(redisScript) ? undefined : 'start-redis.sh: no --aclfile',
    /--appendonly\s+yes/.test(redisScript) ? undefined : 'start-redis.sh: no --appendonly yes',
    'REDISCLI_AUTH' in redisEnv && requiredInCompose('REDIS_PASSWORD') ? undefined : 'redis: the default user has no required password',
    ...deployableApps.map((app) =>
      !redisAclUsers.has(app)
        ? `apps/${app} has no ACL user in deploy/redis/acl-users.conf`
        : redisPasswordVariable(app) in redisEnv && requiredInCompose(redisPasswordVariable(app))
          ? undefined
          : `redis: ${redisPasswordVariable(app)} (the ${app} user's password) is not passed, required`,
    ),
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
    const redis = /^rediss?:\/\/([^:@/]*):([^@]*)@/.exec(String(env.REDIS_URL ?? ''));
    if (!redis || redis[1] !== app) problems.push(`REDIS_URL connects as ${redis?.[1] || 'the default user'}, not its own ACL user ${app}`);
    else if (!redis[2].includes(`\${${redisPasswordVariable(app)}:?`))
      problems.push(`REDIS_URL does not take its password from ${redisPasswordVariable(app)}`);
    check(`docker-compose.yml: ${name} (health check, depends_on conditions, scalable, own database role, own Redis user)`, problems);
  }
}
