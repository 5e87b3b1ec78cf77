#!/usr/bin/env node
// `npm start`: brings the whole product up on one machine with local defaults (README).
// Installs dependencies when missing, finds or starts PostgreSQL, Redis and an S3-compatible
// server, builds everything, starts every app with prefixed logs and stops it all on Ctrl-C.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildAll, ensureDependencies, log, ROOT } from './bootstrap.mjs';

ensureDependencies();
const { ensurePostgres, ensureRedis, ensureS3, ensureSealingKeys } = await import('./local-services.mjs');

const env = process.env;
const port = Number(env.PORT ?? 3000);
const stateDir = path.resolve(ROOT, env.ARCHLENS_STATE_DIR ?? '.local');
const stops = [];
const children = [];
let stopping = false;

/**
 * `AUTH_SEALING_PUBLIC_KEY` / `AUTH_SEALING_PRIVATE_KEY` for the apps: the environment's when
 * either is set (the apps then check them), else the local pair kept in `<stateDir>/keys/`
 * (generated on the first start), said once so nobody mistakes it for a deployment's keys.
 */
function sealingKeys() {
  if (env.AUTH_SEALING_PUBLIC_KEY || env.AUTH_SEALING_PRIVATE_KEY) {
    return { AUTH_SEALING_PUBLIC_KEY: env.AUTH_SEALING_PUBLIC_KEY, AUTH_SEALING_PRIVATE_KEY: env.AUTH_SEALING_PRIVATE_KEY };
  }
  const keys = ensureSealingKeys(stateDir);
  log(
    `Password sealing: local key pair in ${keys.directory}${keys.created ? ' (generated now)' : ''}; set AUTH_SEALING_PUBLIC_KEY and AUTH_SEALING_PRIVATE_KEY to use your own.`,
  );
  return { AUTH_SEALING_PUBLIC_KEY: keys.publicKeyPem, AUTH_SEALING_PRIVATE_KEY: keys.privateKeyPem };
}

/**
 * `EMAIL_SEALING_PUBLIC_KEY` / `EMAIL_SEALING_PRIVATE_KEY` (auth-service seals temporary passwords
 * to the email-worker): the environment's when either is set, else the local pair
 * `<stateDir>/keys/email-sealing{,.pub}.pem`, generated on the first start.
 */
function emailSealingKeys() {
  if (env.EMAIL_SEALING_PUBLIC_KEY || env.EMAIL_SEALING_PRIVATE_KEY) {
    return { EMAIL_SEALING_PUBLIC_KEY: env.EMAIL_SEALING_PUBLIC_KEY, EMAIL_SEALING_PRIVATE_KEY: env.EMAIL_SEALING_PRIVATE_KEY };
  }
  const keys = ensureSealingKeys(stateDir, 'email-sealing');
  log(
    `E-mail secret sealing: local key pair in ${keys.directory}${keys.created ? ' (generated now)' : ''}; set EMAIL_SEALING_PUBLIC_KEY and EMAIL_SEALING_PRIVATE_KEY to use your own.`,
  );
  return { EMAIL_SEALING_PUBLIC_KEY: keys.publicKeyPem, EMAIL_SEALING_PRIVATE_KEY: keys.privateKeyPem };
}

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  log('stopping…');
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : undefined)));
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
  log('stopped.');
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  const postgres = await ensurePostgres({
    database: env.ARCHLENS_LOCAL_DB ?? 'archlens',
    stateDir,
    pgPort: Number(env.ARCHLENS_LOCAL_PG_PORT ?? 54329),
  });
  stops.push(postgres.stop);
  log(`PostgreSQL: ${postgres.source}`);
  const redis = await ensureRedis({
    db: Number(env.ARCHLENS_LOCAL_REDIS_DB ?? 0),
    stateDir,
    redisPort: Number(env.ARCHLENS_LOCAL_REDIS_PORT ?? 63790),
  });
  stops.push(redis.stop);
  log(`Redis: ${redis.source}`);
  const s3 = await ensureS3({ stateDir, s3Port: Number(env.ARCHLENS_LOCAL_S3_PORT ?? 9000) });
  stops.push(s3.stop);
  log(`S3: ${s3.source}`);

  if (env.ARCHLENS_SKIP_BUILD !== '1') buildAll();

  // Each half of the sealing pair goes only to the app that uses it: the private key to auth-service.
  const { AUTH_SEALING_PUBLIC_KEY, AUTH_SEALING_PRIVATE_KEY } = sealingKeys();
  // The same for e-mail secrets: the private key to the email-worker, the public one to auth-service.
  const { EMAIL_SEALING_PUBLIC_KEY, EMAIL_SEALING_PRIVATE_KEY } = emailSealingKeys();
  const appEnv = { ...env, ...s3.env, DATABASE_URL: postgres.url, REDIS_URL: redis.url, PORT: String(port) };
  delete appEnv.AUTH_SEALING_PUBLIC_KEY;
  delete appEnv.AUTH_SEALING_PRIVATE_KEY;
  delete appEnv.EMAIL_SEALING_PUBLIC_KEY;
  delete appEnv.EMAIL_SEALING_PRIVATE_KEY;
  // The outbox lives with the rest of this start's state (tests and benchmarks use their own).
  appEnv.EMAIL_OUTBOX_DIR = env.EMAIL_OUTBOX_DIR ?? path.join(stateDir, 'outbox');
  const apps = [
    { name: 'auth-service', colour: 35, env: { AUTH_SEALING_PRIVATE_KEY, EMAIL_SEALING_PUBLIC_KEY } },
    { name: 'analysis-worker', colour: 36, env: {} },
    { name: 'email-worker', colour: 33, env: { EMAIL_SEALING_PRIVATE_KEY } },
    { name: 'gateway', colour: 32, env: { AUTH_SEALING_PUBLIC_KEY } },
  ];
  for (const app of apps) {
    const child = spawn(process.execPath, ['--enable-source-maps', path.join(ROOT, 'apps', app.name, 'dist', 'main.js')], {
      cwd: ROOT,
      env: { ...appEnv, ...app.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const prefix = `\x1b[${app.colour}m[${app.name}]\x1b[0m `;
    for (const stream of [child.stdout, child.stderr]) {
      let buffer = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        buffer += chunk;
        const lines = buffer.split('\n');
        buffer = lines.pop() ?? '';
        for (const line of lines) process.stdout.write(prefix + line + '\n');
      });
    }
    child.on('exit', (code, signal) => {
      if (!stopping) {
        log(`${app.name} exited (${code ?? signal}); stopping everything.`);
        void shutdown(1);
      }
    });
    children.push(child);
  }

  const healthUrl = `http://127.0.0.1:${port}/api/health`;
  for (let i = 0; i < 600 && !stopping; i++) {
    const ok = await fetch(healthUrl)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  log(`\x1b[1mArchLens is running: http://localhost:${port}\x1b[0m  (Ctrl-C stops everything)`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await shutdown(1);
}
