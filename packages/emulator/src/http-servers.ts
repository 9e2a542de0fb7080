import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sendJson } from './http-io.js';

/** Starts `server` on `port` and answers its origin, e.g. `http://127.0.0.1:4010`. */
export async function listen(server: Server, port: number, host: string): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port: actual } = server.address() as AddressInfo;
  return `http://${address.includes(':') ? `[${address}]` : address}:${actual}`;
}

/** A server for one host's handler; a handler that throws answers 500. */
export function serve(
  handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
): Server {
  const server = createServer((req, res) => {
    handler(req, res).catch((error: unknown) => {
      if (!res.headersSent && !res.destroyed) {
        sendJson(res, 500, {
          errors: [{ message: `Emulator error: ${(error as Error).message}` }],
        });
      }
    });
  });
  // Node's 5 s default is a second more than fetch keeps an idle socket: on a busy machine a
  // request sent on a reused socket as the server closes it fails with ECONNRESET. As long as
  // a load balancer's (75 s) it almost never meets a reuse; close() ends idle sockets at once.
  server.keepAliveTimeout = 75_000;
  return server;
}

/** Closes `server` and every connection it holds. */
export function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

/**
 * Starts each server on its port, in order; if one cannot listen, closes those already
 * listening and rejects with its error, so that no host is left holding a port.
 */
export async function listenAll(
  servers: readonly { server: Server; port: number }[],
  host: string,
): Promise<string[]> {
  const origins: string[] = [];
  for (const [i, { server, port }] of servers.entries()) {
    try {
      origins.push(await listen(server, port, host));
    } catch (error) {
      await Promise.all(servers.slice(0, i).map((started) => closeServer(started.server)));
      throw error;
    }
  }
  return origins;
}
