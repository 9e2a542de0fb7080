import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

/** A fast retry schedule so tests do not sleep through real backoff. */
export const FAST_RETRY = { baseDelayMs: 5, maxDelayMs: 10 } as const;

/** A purpose-built loopback HTTP server on an ephemeral port, for misbehaviour the emulator cannot play. */
export interface LoopbackServer {
  readonly url: string;
  /** Requests received so far. */
  readonly requests: number;
  close(): Promise<void>;
}

export async function startServer(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<LoopbackServer> {
  let requests = 0;
  const server: Server = createServer((req, res) => {
    requests++;
    handler(req, res);
  });
  // Longer than fetch keeps an idle socket, as the emulator does: with Node's 5 s, a busy
  // machine can send a request on a reused socket just as the server closes it (ECONNRESET).
  server.keepAliveTimeout = 75_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

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

/** Reads a request body, e.g. to echo a form back the way a careless server would. */
export async function readRequestBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
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
