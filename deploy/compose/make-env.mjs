#!/usr/bin/env node
// Writes a `.env` for docker-compose.yml with fresh secrets: random passwords (hex, safe in URLs),
// the two RSA sealing pairs (one-line PEM with literal \n, which the apps accept), and admin
// credentials (a random password, printed once, stored only as its argon2id hash).
//
//   node deploy/compose/make-env.mjs            # writes ./.env; refuses to overwrite one
//   node deploy/compose/make-env.mjs --stdout   # prints it instead
//
// Needs the project's dependencies for argon2 (`npm install`); everything else is built in.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const target = path.join(root, '.env');
const toStdout = process.argv.includes('--stdout');
if (!toStdout && existsSync(target)) {
  console.error(`${target} exists already: remove it first, or use --stdout.`);
  process.exit(1);
}

const hex = (bytes = 24) => randomBytes(bytes).toString('hex');
/** One line, literal `\n` between the PEM lines, in single quotes (no `$` or `'` in PEM). */
const oneLine = (pem) => `'${pem.trim().split('\n').join('\\n')}'`;
function rsaPair() {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 3072,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKey: oneLine(publicKey), privateKey: oneLine(privateKey) };
}

let argon2;
try {
  ({ default: argon2 } = await import('argon2'));
} catch {
  console.error('argon2 is not installed: run `npm install` first (it hashes the admin password).');
  process.exit(1);
}
const adminPassword = randomBytes(12).toString('base64url');
const adminHash = await argon2.hash(adminPassword, { type: argon2.argon2id });
const auth = rsaPair();
const email = rsaPair();

// Start from .env.example so every documented variable is present, then fill in the secrets.
const values = {
  POSTGRES_PASSWORD: hex(),
  AUTH_DB_PASSWORD: hex(),
  ANALYSIS_DB_PASSWORD: hex(),
  GENERATION_DB_PASSWORD: hex(),
  BILLING_DB_PASSWORD: hex(),
  LEADS_DB_PASSWORD: hex(),
  EMAIL_DB_PASSWORD: hex(),
  REDIS_PASSWORD: hex(),
  GATEWAY_REDIS_PASSWORD: hex(),
  AUTH_SERVICE_REDIS_PASSWORD: hex(),
  ANALYSIS_WORKER_REDIS_PASSWORD: hex(),
  GENERATION_WORKER_REDIS_PASSWORD: hex(),
  BILLING_SERVICE_REDIS_PASSWORD: hex(),
  LEADS_SERVICE_REDIS_PASSWORD: hex(),
  EMAIL_WORKER_REDIS_PASSWORD: hex(),
  MINIO_ROOT_PASSWORD: hex(),
  S3_SECRET_KEY: hex(),
  AUTH_SEALING_PUBLIC_KEY: auth.publicKey,
  AUTH_SEALING_PRIVATE_KEY: auth.privateKey,
  EMAIL_SEALING_PUBLIC_KEY: email.publicKey,
  EMAIL_SEALING_PRIVATE_KEY: email.privateKey,
  ADMIN_PASSWORD_HASH: `'${adminHash}'`,
  ADMIN_TOKEN_SECRET: randomBytes(48).toString('base64url'),
};
const lines = readFileSync(path.join(root, '.env.example'), 'utf8')
  .split('\n')
  .map((line) => {
    const name = /^([A-Z0-9_]+)=/.exec(line)?.[1];
    return name && name in values ? `${name}=${values[name]}` : line;
  });
const text = `# Written by deploy/compose/make-env.mjs on ${new Date().toISOString()}. Secret: never commit it.\n${lines.join('\n')}`;

if (toStdout) {
  process.stdout.write(text);
} else {
  writeFileSync(target, text, { mode: 0o600 });
  console.log(`Wrote ${target} (mode 0600).`);
}
console.error(`Admin console: username admin, password ${adminPassword} (shown once; only its hash is in the file).`);
