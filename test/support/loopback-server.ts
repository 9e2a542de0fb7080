import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

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

/** Reads a request body, e.g. to echo a form back the way a careless server would. */
export async function readRequestBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
