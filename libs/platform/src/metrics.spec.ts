import { describe, expect, it } from '@jest/globals';
import { isLoopbackAddress, mayReadMetrics } from './metrics.js';

const TOKEN = 'metrics-token-0123456789';

describe('isLoopbackAddress', () => {
  it('knows IPv4 loopback, IPv6 loopback and IPv4-mapped loopback from anything else', () => {
    expect(['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1'].map(isLoopbackAddress)).toEqual([true, true, true, true]);
    expect(['192.0.2.2', '10.0.0.1', '::ffff:10.0.0.1', 'fd00::2', '0.0.0.0', '::', undefined, ''].map(isLoopbackAddress)).toEqual(
      Array(8).fill(false),
    );
  });
});

describe('mayReadMetrics', () => {
  it('without METRICS_TOKEN, lets only a request on a loopback address through, and none behind a proxy', () => {
    expect(mayReadMetrics({ localAddress: '127.0.0.1' }, undefined)).toBe(true);
    expect(mayReadMetrics({ localAddress: '::ffff:127.0.0.1' }, undefined)).toBe(true);
    expect(mayReadMetrics({ localAddress: '192.0.2.2' }, undefined)).toBe(false);
    expect(mayReadMetrics({ localAddress: '127.0.0.1' }, undefined, true)).toBe(false);
    // A bearer token without one configured opens nothing more.
    expect(mayReadMetrics({ localAddress: '192.0.2.2', authorization: `Bearer ${TOKEN}` }, undefined)).toBe(false);
  });

  it('with METRICS_TOKEN, wants the bearer token on every address, loopback included', () => {
    for (const localAddress of ['127.0.0.1', '192.0.2.2']) {
      expect(mayReadMetrics({ localAddress, authorization: `Bearer ${TOKEN}` }, TOKEN)).toBe(true);
      expect(mayReadMetrics({ localAddress, authorization: `bearer ${TOKEN}` }, TOKEN)).toBe(true);
      expect(mayReadMetrics({ localAddress }, TOKEN)).toBe(false);
      expect(mayReadMetrics({ localAddress, authorization: `Bearer ${TOKEN}x` }, TOKEN)).toBe(false);
      expect(mayReadMetrics({ localAddress, authorization: `Basic ${TOKEN}` }, TOKEN)).toBe(false);
    }
  });
});
