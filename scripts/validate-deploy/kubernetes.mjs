// 3. Kubernetes: every manifest rendered by kustomize (or, without it, every listed resource file),
// validated against the Kubernetes and KEDA JSON schemas, then the topology rules.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../bootstrap.mjs';
import { check, deployableApps, read, redisAclUsers, rel, YAML } from './checks.mjs';

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

  // Redis: one ACL user per app, applied by the redis-acl-setup Job from the same rules as compose's.
  const aclMap = byKind('ConfigMap').find((c) => c.metadata.name === 'archlens-redis-acl');
  const aclJob = byKind('Job').find((j) => j.metadata.name === 'redis-acl-setup');
  const aclLines = (text) =>
    String(text ?? '')
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.startsWith('#'))
      .map((line) => line.trim().split(/\s+/).join(' '));
  const fileLines = [...redisAclUsers].map(([user, rules]) => `${user} ${rules}`);
  const redisProblems = [
    aclMap ? undefined : 'no ConfigMap archlens-redis-acl',
    !aclMap || JSON.stringify(aclLines(aclMap.data?.['acl-users.conf'])) === JSON.stringify(fileLines)
      ? undefined
      : 'archlens-redis-acl acl-users.conf differs from deploy/redis/acl-users.conf',
    aclJob ? undefined : 'no Job redis-acl-setup applies the ACL users',
    !aclJob || JSON.stringify(aclJob.spec?.template?.spec?.volumes ?? []).includes('archlens-redis-acl')
      ? undefined
      : 'the Job redis-acl-setup does not mount archlens-redis-acl',
  ];
  // Where the overlay defines the apps' Secrets: each app's REDIS_URL names its own ACL user.
  for (const deployment of deployments) {
    const app = deployment.metadata.name;
    if (!redisAclUsers.has(app)) redisProblems.push(`apps/${app} has no ACL user in deploy/redis/acl-users.conf`);
    const secretNames = (deployment.spec?.template?.spec?.containers ?? []).flatMap((c) =>
      (c.envFrom ?? []).map((e) => e.secretRef?.name).filter(Boolean),
    );
    for (const secret of byKind('Secret').filter((s) => secretNames.includes(s.metadata.name))) {
      const url =
        secret.stringData?.REDIS_URL ?? (secret.data?.REDIS_URL ? Buffer.from(secret.data.REDIS_URL, 'base64').toString() : undefined);
      const user = /^rediss?:\/\/([^:@/]*)[:@]/.exec(String(url ?? ''))?.[1];
      if (url !== undefined && user !== app)
        redisProblems.push(`Secret ${secret.metadata.name}: REDIS_URL connects as ${user || 'the default user'}, not ${app}`);
    }
  }
  check(`${origin}: one Redis ACL user per app (deploy/redis/acl-users.conf), applied by a Job, named by each REDIS_URL`, redisProblems);

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

export async function checkKubernetes() {
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
