import { useEmulator } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clientFor } from './client-fixture.js';
import { loopbackClient, startServer } from './loopback-server.js';
import { retainedHeap } from './retained-heap.js';

// graphql's own parse, counting the documents of the eviction test it parses (a count alone:
// recording calls would keep every document and syntax tree alive for the heap test).
const churnParses = vi.hoisted(() => ({ count: 0 }));
vi.mock('graphql', async (importOriginal) => {
  const graphql = await importOriginal<typeof import('graphql')>();
  const parse: typeof graphql.parse = (source, options) => {
    if (typeof source === 'string' && source.startsWith('query Churn')) churnParses.count++;
    return graphql.parse(source, options);
  };
  return { ...graphql, parse };
});

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

  it('makes room for a new document by dropping the oldest alone, so the 500 most recent are not parsed again', async () => {
    const server = await startServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"data":{"me":{"id":"app_1"}}}');
      });
    });
    const churn = (n: number) => `query Churn${n} { me { id } }`;
    try {
      const client = loopbackClient(server);
      // One more than the cache holds.
      for (let n = 0; n <= 500; n++) await client.request(churn(n));
      expect(churnParses.count).toBe(501);
      for (let n = 1; n <= 500; n++) await client.request(churn(n));
      expect(churnParses.count).toBe(501);
    } finally {
      await server.close();
    }
  });
});
