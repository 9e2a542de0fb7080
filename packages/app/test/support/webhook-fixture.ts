import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { onTestFinished } from 'vitest';

export const WEBHOOK_SECRET = 'webhook-test-secret-4f9a';

/** A delivery as the service sends it, signed with `secret`. */
export function signedDelivery(
  options: { id?: string; scope?: string; data?: unknown; dataText?: string } = {},
  secret = WEBHOOK_SECRET,
): { id: string; scope: string; body: string } {
  const id = options.id ?? randomUUID();
  const scope = options.scope ?? 'store/order/created';
  const data =
    options.dataText ?? JSON.stringify(options.data ?? { id: 'o-1', orderNumber: '1001' });
  const signature = createHmac('sha256', secret).update(data, 'utf8').digest('hex');
  const body = JSON.stringify({
    id,
    createdAt: new Date(0).toISOString(),
    scope,
    merchantId: 'merchant-1',
    authorizedAppId: 'authorized-app-1',
    data,
    signature,
  });
  return { id, scope, body };
}

/** Serves `listener` on loopback at an ephemeral port; `url` is its root. */
export async function serveOnLoopback(
  listener: RequestListener,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** {@link serveOnLoopback} for the test that calls it: closed once the test finishes. */
export async function serveForTest(
  listener: RequestListener,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = await serveOnLoopback(listener);
  onTestFinished(server.close);
  return server;
}

/** POSTs a body; resolves to the status and the answer's text. */
export async function post(url: string, body: string): Promise<{ status: number; text: string }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  return { status: response.status, text: await response.text() };
}

/** A promise with its resolve and reject outside, for handlers the test releases by hand. */
export function deferred<T = void>(): {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
} {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
