// Test-only: reads a whole Redis database and looks for secrets in it, in every form they could
// take there (the scan of tests/auth/credentials.integration-spec.ts, importable by other suites).
import { expect } from '@jest/globals';
import type { Redis } from 'ioredis';

/**
 * Every form in which a password could sit in Redis: as is, JSON-escaped once or twice (a payload
 * inside a job's JSON inside an event), with non-ASCII as `\uXXXX` too, URL-encoded, hex, and
 * base64 / base64url at each of the three byte alignments it could have inside a longer encoded
 * value (the aligned core of each).
 */
export function leakForms(password: string): string[] {
  const json = JSON.stringify(password).slice(1, -1);
  const asciiJson = json.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const forms = new Set([password, json, asciiJson, JSON.stringify(json).slice(1, -1), JSON.stringify(asciiJson).slice(1, -1)]);
  forms.add(encodeURIComponent(password));
  forms.add(Buffer.from(password).toString('hex'));
  for (const encoding of ['base64', 'base64url'] as const) {
    for (let shift = 0; shift < 3; shift++) {
      const encoded = Buffer.concat([Buffer.alloc(shift), Buffer.from(password)]).toString(encoding);
      forms.add(encoded.slice(4, -4)); // drop the blocks that mix in a neighbour's bytes or padding
    }
  }
  return [...forms].filter((form) => form.length >= 8);
}

/** One Redis key: its name, its type, and every string stored in it (fields, members, entries). */
export interface RedisEntry {
  key: string;
  type: string;
  values: string[];
}

/** Everything in the Redis database (SCAN, then TYPE and the reader of each type). */
export async function dumpRedis(redis: Redis): Promise<RedisEntry[]> {
  const entries: RedisEntry[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'COUNT', 1000);
    cursor = next;
    for (const key of keys) {
      const type = await redis.type(key);
      let values: string[];
      switch (type) {
        case 'string':
          values = [(await redis.get(key)) ?? ''];
          break;
        case 'hash':
          values = Object.entries(await redis.hgetall(key)).flat();
          break;
        case 'list':
          values = await redis.lrange(key, 0, -1);
          break;
        case 'set':
          values = await redis.smembers(key);
          break;
        case 'zset':
          values = await redis.zrange(key, 0, -1, 'WITHSCORES');
          break;
        case 'stream':
          values = (await redis.xrange(key, '-', '+')).flatMap(([id, fields]) => [id, ...fields]);
          break;
        case 'none': // expired between SCAN and TYPE
          continue;
        default:
          throw new Error(`Redis key ${key} has type ${type}, which this scan cannot read`);
      }
      entries.push({ key, type, values });
    }
  } while (cursor !== '0');
  return entries;
}

/**
 * Asserts that no key name or stored string of the Redis database holds any of `passwords` in any
 * of their `leakForms`. @returns the dump, for further checks
 */
export async function expectNoPasswordInRedis(redis: Redis, passwords: string[]): Promise<RedisEntry[]> {
  const dump = await dumpRedis(redis);
  const forms = passwords.flatMap((password) => leakForms(password).map((form) => ({ password, form })));
  const leaks = dump.flatMap(({ key, type, values }) =>
    forms
      .filter(({ form }) => [key, ...values].some((text) => text.includes(form)))
      .map(({ password, form }) => `${key} (${type}) holds ${JSON.stringify(password)} as ${JSON.stringify(form)}`),
  );
  expect(dump.length).toBeGreaterThan(0);
  expect(leaks).toEqual([]);
  return dump;
}
