// Serves a `Request → Response` handler on Node's HTTP server, for `main.ts` and the tests.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';

/** A listening server. */
export interface Listening {
  /** `http://{host}:{port}`, with the port the system chose when asked for 0. */
  readonly url: string;
  close(): Promise<void>;
}

/** Listens on `host:port` (0 for an ephemeral port) and resolves once it accepts connections. */
export function listen(
  fetch: (request: Request) => Response | Promise<Response>,
  { port, host }: { port: number; host: string },
): Promise<Listening> {
  return new Promise((resolve, reject) => {
    // Node's own Request and Response stay global: the kit and the test share this process.
    const server = serve({ fetch, port, hostname: host, overrideGlobalObjects: false }, (info) => {
      server.off('error', reject);
      const { address, port: bound } = info as AddressInfo;
      const hostname = address.includes(':') ? `[${address}]` : address;
      resolve({
        url: `http://${hostname}:${bound}`,
        close: () =>
          new Promise((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            // Keep-alive connections of a browser would hold close() open.
            if ('closeAllConnections' in server) server.closeAllConnections();
          }),
      });
    });
    server.once('error', reject);
  });
}
