import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/** A token host in front of the emulator's that takes several secrets of one app, as during a rotation. */
export interface RotatingTokenProxy {
  /** Origin to pass as `authUrl`. */
  readonly authUrl: string;
  /** Token requests by the name of the secret they carried (never the secret itself). */
  readonly requestsBySecret: Readonly<Record<string, number>>;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Starts, on a loopback port, a token endpoint that accepts each secret of `secrets` (name →
 * secret) for the app, counts the requests by the secret's name, and hands each to the
 * emulator's token host at `targetAuthUrl` with the one secret the emulator knows. Anything else
 * goes through unchanged (and is refused by the emulator).
 */
export async function startRotatingTokenProxy(options: {
  targetAuthUrl: string;
  targetSecret: string;
  secrets: Readonly<Record<string, string>>;
}): Promise<RotatingTokenProxy> {
  const requestsBySecret: Record<string, number> = {};
  const names = new Map(Object.entries(options.secrets).map(([name, secret]) => [secret, name]));
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const form = new URLSearchParams(await readBody(req));
    const name = names.get(form.get('client_secret') ?? '');
    if (name !== undefined) {
      requestsBySecret[name] = (requestsBySecret[name] ?? 0) + 1;
      form.set('client_secret', options.targetSecret);
    }
    const answer = await fetch(new URL(req.url ?? '/', options.targetAuthUrl), {
      method: req.method ?? 'POST',
      headers: {
        'content-type': req.headers['content-type'] ?? 'application/x-www-form-urlencoded',
      },
      body: form.toString(),
    });
    res.writeHead(answer.status, {
      'content-type': answer.headers.get('content-type') ?? 'application/json',
      'cache-control': 'no-store',
    });
    res.end(Buffer.from(await answer.arrayBuffer()));
  };
  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      res.writeHead(502).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    authUrl: `http://127.0.0.1:${port}`,
    requestsBySecret,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
