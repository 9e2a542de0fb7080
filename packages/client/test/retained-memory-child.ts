// Run by retained-memory.test.ts in a child process with --expose-gc: calls a loopback stub
// through the client and prints the heap retained after forced full GCs, before and after.
import { createAdminClient } from '../src/index.js';
import { startServer } from './loopback-server.js';
import { retainedHeap } from './retained-heap.js';

const [callsArg] = process.argv.slice(2);
const CALLS = Number(callsArg);

const answer = JSON.stringify({ data: { me: { id: 'app_1', name: 'App', scopes: ['READ'] } } });
const token = JSON.stringify({
  access_token: 'token-value',
  token_type: 'Bearer',
  expires_in: 3600,
});
const server = await startServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(req.url?.includes('oauth') ? token : answer);
  });
});
const origin = server.url;
// One origin serves both endpoints here; the client insists on two, so the token host is named
// by another loopback address.
const client = createAdminClient({
  baseUrl: origin,
  authUrl: origin.replace('127.0.0.1', 'localhost'),
  clientId: 'id',
  clientSecret: 'secret-value',
  // Paced, with a window of 1 ms: the pacer's bookkeeping runs on every call and keeps nothing.
  rateLimit: { limit: 1_000_000, windowMs: 1 },
});
// One long-lived signal passed to every call, as a server's shutdown signal is.
const signal = new AbortController().signal;

async function run(calls: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next++ < calls)
        await client.request('query GetMe { me { id name scopes } }', {}, { signal });
    }),
  );
}

// Past warm-up: the heap settles over the first ~10,000 calls (compiled code, connection pool,
// caches), then stays flat; only what follows is counted.
await run(CALLS);
const before = await retainedHeap();
await run(CALLS);
const after = await retainedHeap();
await server.close();
console.log(JSON.stringify({ before, after }));
