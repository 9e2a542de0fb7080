import { useEmulator } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { boundedCache } from '../src/bounded-cache.js';
import { clientFor } from './client-fixture.js';
import { startServer } from './loopback-server.js';
import { retainedHeap } from './retained-heap.js';

const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: false });

/** A query of about 9 KB that no other call sends, as one built by pasting values in is. */
const builtQuery = (n: number) =>
  `query Built${n} { me { ${Array.from({ length: 1_000 }, (_, i) => `a${i}: id`).join(' ')} } }`;

describe('the document cache', () => {
  it('keeps of a hundred distinct 9 KB documents little more than their text, not their syntax trees', async () => {
    const server = await startServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"data":{"me":{"id":"app_1"}}}');
      });
    });
    try {
      const client = clientFor(emulator(), { baseUrl: server.url });
      await client.request(builtQuery(100));
      const before = await retainedHeap();
      for (let n = 0; n < 100; n++) await client.request(builtQuery(n));
      const grown = (await retainedHeap()) - before;
      // The texts are 0.9 MB in all, and the heap grew by about 2 MB; with their syntax trees
      // kept as well, it grew by 87 MB.
      expect(grown).toBeLessThan(8 * 1024 * 1024);
    } finally {
      await server.close();
    }
  });
});

describe('the bounded cache the document cache is', () => {
  const counted = (limit: number) => {
    const computed: string[] = [];
    const get = boundedCache(limit, (key) => {
      computed.push(key);
      if (key === 'bad') throw new Error('does not parse');
      return { key };
    });
    return { get, computed };
  };

  it('makes room for a new key by dropping the oldest alone, so the most recent stay and the oldest is computed again', () => {
    const { get, computed } = counted(500);
    for (let n = 0; n <= 500; n++) get(`k${n}`);
    expect(computed).toHaveLength(501);
    for (let n = 1; n <= 500; n++) get(`k${n}`);
    expect(computed).toHaveLength(501);
    get('k0');
    expect(computed).toHaveLength(502);
    // k0 took the place of k1, the oldest then.
    get('k2');
    get('k1');
    expect(computed.slice(502)).toEqual(['k1']);
  });

  it('answers a key it holds with the value it computed, and keeps no key whose computation throws', () => {
    const { get, computed } = counted(2);
    expect(get('a')).toBe(get('a'));
    expect(() => get('bad')).toThrow('does not parse');
    expect(() => get('bad')).toThrow('does not parse');
    get('b');
    expect(get('a')).toEqual({ key: 'a' });
    expect(computed).toEqual(['a', 'bad', 'bad', 'b']);
  });
});
