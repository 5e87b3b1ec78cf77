import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { smallPng } from '../support/images.js';
import { startStack, type Stack } from '../support/stack.js';

/** A free TCP port on loopback. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A private redis-server of this test on `port` (nothing kept on disk), ready to answer. */
async function startRedis(port: number, dir: string): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
    stdio: 'ignore',
  });
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (up) return child;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`redis-server did not start on port ${port}`);
}

async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL'); // as an outage: no goodbye to the clients
  await exited;
}

/** While Redis is down, API calls answer 503 within 2 s; when it returns, the stack recovers with no restart. */
describe('a Redis outage in the middle of a run', () => {
  let stack: Stack;
  let redis: ChildProcess;
  let port: number;
  let dir: string;
  const email = `outage-${Date.now()}@example.com`;
  const password = 'correct-horse';

  beforeAll(async () => {
    if (spawnSync('sh', ['-c', 'command -v redis-server'], { stdio: 'ignore' }).status !== 0) {
      throw new Error('This test needs the redis-server binary (Debian package redis-server).');
    }
    port = await freePort();
    dir = mkdtempSync(path.join(os.tmpdir(), 'archlens-outage-'));
    redis = await startRedis(port, dir);
    stack = await startStack({ env: { REDIS_URL: `redis://127.0.0.1:${port}/0` } });
  });
  afterAll(async () => {
    await stack?.close();
    if (redis) await stopRedis(redis);
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 within 2 s while Redis is down, then works again once it is back, with no app restart', async () => {
    const signUp = await request(stack.http)
      .post('/api/auth/signup')
      .send({ email, first_name: 'Ada', last_name: 'Outage', password })
      .expect(201);
    const cookie = ([] as string[]).concat(signUp.headers['set-cookie'] ?? [])[0].split(';')[0];
    await request(stack.http)
      .post('/api/analyze')
      .set('Cookie', cookie)
      .attach('images', await smallPng(), 'p.png')
      .expect(200);

    await stopRedis(redis);
    const calls: Array<[string, () => request.Test]> = [
      ['GET /api/auth/user', () => request(stack.http).get('/api/auth/user').set('Cookie', cookie)],
      ['POST /api/auth/signin', () => request(stack.http).post('/api/auth/signin').send({ email, password })],
      [
        'POST /api/analyze',
        () => request(stack.http).post('/api/analyze').set('Cookie', cookie).attach('images', Buffer.alloc(10), 'p.png'),
      ],
      ['GET /api/health', () => request(stack.http).get('/api/health')],
    ];
    for (const [label, call] of calls) {
      const started = performance.now();
      const res = await call();
      const elapsed = performance.now() - started;
      expect([label, res.status]).toEqual([label, 503]);
      expect(elapsed).toBeLessThan(2000);
      expect(res.body.message).toMatch(/temporarily unavailable|not answering/i);
    }

    // Redis comes back (empty, as after a crash without persistence): the same processes recover.
    redis = await startRedis(port, dir);
    let signIn: request.Response | undefined;
    for (let i = 0; i < 60; i++) {
      signIn = await request(stack.http).post('/api/auth/signin').send({ email, password });
      if (signIn.status === 200) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(signIn?.status).toBe(200);
    const again = ([] as string[]).concat(signIn!.headers['set-cookie'] ?? [])[0].split(';')[0];
    await request(stack.http).get('/api/auth/user').set('Cookie', again).expect(200);
    const analysis = await request(stack.http)
      .post('/api/analyze')
      .set('Cookie', again)
      .attach('images', await smallPng(1), 'p.png');
    expect(analysis.status).toBe(200);
  });
});
