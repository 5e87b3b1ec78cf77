#!/usr/bin/env node
// The local S3-compatible server (s3rver, objects on disk) in a process of its own, as MinIO runs
// beside the services in docker-compose. `ensureS3` in local-services.mjs starts it for `npm start`,
// the integration tests and the benchmark when no `S3_ENDPOINT` is set.
//
// Usage: node scripts/s3-server.mjs <port, 0 = any free port> <directory> <bucket>
// Prints one line `{"port": N}` on stdout once it accepts connections. Stops on SIGINT or SIGTERM,
// and when its parent goes away (stdin closes), so an interrupted run leaves no server behind.
import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';

const [portArg, directory, bucket] = process.argv.slice(2);
if (!portArg || !directory || !bucket) {
  console.error('usage: s3-server.mjs <port> <directory> <bucket>');
  process.exit(2);
}
mkdirSync(directory, { recursive: true });
const server = new S3rver({ address: '127.0.0.1', port: Number(portArg), directory, silent: true, configureBuckets: [{ name: bucket }] });
const { port } = await server.run();

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await server.close().catch(() => undefined);
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.resume();
process.stdout.write(`${JSON.stringify({ port })}\n`);
