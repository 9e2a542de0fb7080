import { afterEach } from 'vitest';
import {
  type LoopbackServer,
  readRequestBody,
  startServer,
} from '../../../test/support/loopback-server.js';

export { type LoopbackServer, readRequestBody, startServer };

/** A fast retry schedule so tests do not sleep through real backoff. */
export const FAST_RETRY = { baseDelayMs: 5, maxDelayMs: 10 } as const;

/**
 * Token hosts on loopback, closed after each test. Request n (from 1) is answered with
 * `statusOf(n)`, 200 unless told otherwise, and a 200 carries the token `token-<n>`, valid for an
 * hour.
 */
export function useTokenHost(): (statusOf?: (n: number) => number) => Promise<LoopbackServer> {
  const hosts: LoopbackServer[] = [];
  afterEach(async () => {
    await Promise.all(hosts.splice(0).map((host) => host.close()));
  });
  return async (statusOf = () => 200) => {
    let answered = 0;
    const host = await startServer(async (req, res) => {
      await readRequestBody(req);
      const n = ++answered;
      const status = statusOf(n);
      if (status !== 200) {
        res.writeHead(status);
        res.end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ access_token: `token-${n}`, token_type: 'Bearer', expires_in: 3600 }),
      );
    });
    hosts.push(host);
    return host;
  };
}

/** Awaits a promise that must reject and returns the reason. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}
