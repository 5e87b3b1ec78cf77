import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { EVENTS, subscriberQueuesOf, type EventName } from '@archlens/contracts/events';
import { JOBS, QUEUES, type JobName } from '@archlens/contracts/queues';

/**
 * Each service's Redis ACL user (deploy/redis/acl-users.conf) may touch exactly the queues it takes
 * and the queues it sends to, as the job catalogue places them: the queues its handlers declare
 * (`readonly queue = QUEUES.x`), the queue of every job it requests or enqueues (`JOBS[name].queue`),
 * and the subscriber queues of every event it publishes (`EVENT_SUBSCRIPTIONS`). A service that
 * starts sending a new command without its ACL following fails here, before it would fail in
 * production with NOPERM.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** `<user> <rules…>` lines of the ACL file: each user's key patterns (`~…`, `%R~…`, `%W~…`) and other rules. */
function aclUsers(text: string): Map<string, { keys: string[]; rules: string[] }> {
  return new Map(
    text
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.startsWith('#'))
      .map((line) => {
        const [user, ...rules] = line.trim().split(/\s+/);
        return [user, { keys: rules.filter((r) => /^(%[RW]+)?~/.test(r)).map((r) => r.replace(/^(%[RW]+)?~/, '')), rules }];
      }),
  );
}

function sourcesOf(app: string): string {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((entry) => {
      const file = path.join(dir, entry);
      if (statSync(file).isDirectory()) return walk(file);
      return /\.ts$/.test(entry) && !/\.spec\.ts$/.test(entry) ? [file] : [];
    });
  return walk(path.join(root, 'apps', app, 'src'))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
}

/** The queues an app takes from and sends to, read from its sources against the job and event catalogues. */
function queuesOf(app: string): Set<string> {
  const source = sourcesOf(app);
  const queues = new Set<string>();
  // Every queue at once (the gateway's command client, dashboard and queue-depth gauge).
  if (/Object\.values\(QUEUES\)/.test(source)) for (const queue of Object.values(QUEUES)) queues.add(queue);
  for (const [, key] of source.matchAll(/readonly queue = QUEUES\.(\w+)/g)) queues.add(QUEUES[key as keyof typeof QUEUES]);
  for (const [, name] of source.matchAll(/\.(?:request|enqueue|requestWithProgress)\(\s*'([a-z.-]+)'/g)) {
    if (!(name in JOBS)) throw new Error(`apps/${app} sends "${name}", which is not in the job catalogue`);
    queues.add(JOBS[name as JobName].queue);
  }
  for (const [, name] of source.matchAll(/\.(?:publish|tryPublish)\(\s*'([a-z.-]+)'/g)) {
    if (!(name in EVENTS)) throw new Error(`apps/${app} publishes "${name}", which is not in the events catalogue`);
    for (const queue of subscriberQueuesOf(name as EventName)) queues.add(queue);
  }
  return queues;
}

const apps = readdirSync(path.join(root, 'apps'))
  .filter((app) => {
    try {
      return Boolean(
        (JSON.parse(readFileSync(path.join(root, 'apps', app, 'package.json'), 'utf8')) as { scripts?: { start?: string } }).scripts?.start,
      );
    } catch {
      return false;
    }
  })
  .sort();
const users = aclUsers(readFileSync(path.join(root, 'deploy/redis/acl-users.conf'), 'utf8'));

describe('Redis ACL users (deploy/redis/acl-users.conf)', () => {
  it('has one user per deployable app', () => {
    expect(apps.length).toBeGreaterThanOrEqual(7);
    expect(apps.filter((app) => !users.has(app))).toEqual([]);
  });

  it.each(apps)('%s may touch exactly the queues it takes and sends to', (app) => {
    const queues = [...queuesOf(app)].sort();
    expect(queues.length).toBeGreaterThan(0);
    const bullKeys = users.get(app)!.keys.filter((key) => key.startsWith('bull:'));
    expect(bullKeys.sort()).toEqual(queues.map((queue) => `bull:${queue}:*`).sort());
  });

  it('gives the services none of the gateway’s own keys (sessions, limits, revoked tokens)', () => {
    for (const app of apps) {
      const others = users.get(app)!.keys.filter((key) => !key.startsWith('bull:'));
      expect([app, others]).toEqual([app, app === 'gateway' ? ['archlens:*'] : []]);
    }
  });

  it('keeps every app off the dangerous commands and off Pub/Sub, with INFO and CLIENT LIST for BullMQ', () => {
    for (const app of apps) {
      const rules = users.get(app)!.rules;
      expect([app, rules.filter((r) => !/^(%[RW]+)?~/.test(r))]).toEqual([
        app,
        ['resetchannels', '+@all', '-@dangerous', '+info', '+client|list'],
      ]);
    }
  });

  it('lets KEDA read the generation queue’s wait list length and nothing else', () => {
    expect(users.get('keda')?.rules).toEqual(['%R~bull:generation:wait', 'resetchannels', '-@all', '+llen', '+ping', '+hello', '+info']);
  });
});
