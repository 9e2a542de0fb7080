import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A delivery's body as the service sends it. */
export interface WebhookBody {
  id: string;
  createdAt: string;
  scope: string;
  merchantId: string;
  authorizedAppId: string;
  data: string;
  signature: string;
}

/** One POST the receiver got. */
export interface Received {
  readonly path: string;
  readonly contentType: string | undefined;
  readonly raw: string;
  readonly body: WebhookBody;
}

/** How the receiver answers the n-th request (0-based): a status, after `hold` if given. */
export type Answer = (request: Received, n: number) => number | Promise<number>;

export interface Receiver {
  /** `http://127.0.0.1:<port>/hooks` */
  readonly url: string;
  readonly received: Received[];
  /** Resolves once `count` requests arrived. */
  arrived(count: number): Promise<void>;
  close(): Promise<void>;
}

/** A purpose-built webhook endpoint on an ephemeral loopback port. */
export async function startReceiver(answer: Answer = () => 200): Promise<Receiver> {
  const received: Received[] = [];
  const waiting = new Set<() => void>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const request: Received = {
        path: req.url ?? '',
        contentType: req.headers['content-type'],
        raw,
        body: JSON.parse(raw) as WebhookBody,
      };
      const n = received.length;
      received.push(request);
      for (const wake of [...waiting]) wake();
      const status = await answer(request, n);
      res.writeHead(status, status >= 300 && status < 400 ? { location: '/elsewhere' } : {});
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    arrived: (count) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (received.length < count) return;
          waiting.delete(check);
          resolve();
        };
        waiting.add(check);
        check();
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The signature a delivery must carry, computed here with node:crypto, not the emulator's helper. */
export const expectedSignature = (data: string, secret: string) =>
  createHmac('sha256', secret).update(Buffer.from(data, 'utf8')).digest('hex');

/** A loopback URL where nothing listens: a port just released. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/hooks`;
}

export const SAVE_WEBHOOK = `mutation($input: WebhookInput!) {
  saveWebhook(input: $input) { id endpoint scope createdAt updatedAt deleted }
}`;
export const LIST_WEBHOOK = '{ listWebhook { id endpoint scope createdAt updatedAt deleted } }';
export const DELETE_WEBHOOK = 'mutation($scopes: [String!]!) { deleteWebhook(scopes: $scopes) }';
export const SAVE_PRODUCT = `mutation($input: ProductInput!) {
  saveProduct(input: $input) { id updatedAt }
}`;
export const NEW_PRODUCT = {
  name: 'Webhook Kupa',
  type: 'PHYSICAL',
  variants: [{ prices: [{ sellPrice: 120 }] }],
};
