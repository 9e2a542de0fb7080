import { getEventListeners } from 'node:events';
import { useEmulator } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AbortedError, TimeoutError } from '../src/index.js';
import { clientFor, rejection } from './client-fixture.js';
import { GetMe, productInput, SaveProduct } from './documents.js';
import { startServer } from './loopback-server.js';

const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: false });

/** A GraphQL host that never answers, and says when a request has arrived. */
async function silentServer() {
  let arrived!: () => void;
  const received = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  const server = await startServer(() => arrived());
  return { server, received };
}

describe('timeouts and cancellation', () => {
  it('a query past timeoutMs is retried, then fails with TimeoutError', async () => {
    emulator().faults.graphql.push({ delayMs: 5_000 }, { delayMs: 5_000 }, { delayMs: 5_000 });
    // Long enough for each attempt to reach the emulator on a busy machine, so it counts all three.
    const error = await rejection(clientFor(emulator(), { timeoutMs: 500 }).request(GetMe));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({
      code: 'TIMEOUT',
      timeoutMs: 500,
      attempts: 3,
      operationName: 'GetMe',
    });
    expect(emulator().stats.graphqlRequests).toBe(3);
  });

  it('a slow first answer is survived by the retry', async () => {
    emulator().faults.graphql.push({ delayMs: 3_000 });
    await expect(clientFor(emulator(), { timeoutMs: 500 }).request(GetMe)).resolves.toBeDefined();
  });

  it('a mutation past its timeout is not retried and may have been applied', async () => {
    emulator().faults.graphql.push({ delayMs: 2_000 });
    const error = await rejection(
      clientFor(emulator()).request(SaveProduct, productInput('Slow Candle'), { timeoutMs: 100 }),
    );
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ mayHaveBeenApplied: true, attempts: 1 });
  });

  it('the caller’s abort is an AbortedError, distinguishable from a timeout, and is not retried', async () => {
    const { server, received } = await silentServer();
    try {
      const controller = new AbortController();
      void received.then(() => controller.abort(new Error('user navigated away')));
      const error = await rejection(
        clientFor(emulator(), { baseUrl: server.url }).request(
          GetMe,
          {},
          { signal: controller.signal },
        ),
      );
      expect(error).toBeInstanceOf(AbortedError);
      expect(error).not.toBeInstanceOf(TimeoutError);
      expect(error).toMatchObject({
        code: 'ABORTED',
        operationName: 'GetMe',
        cause: { message: 'user navigated away' },
      });
      expect(server.requests).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('an abort during a retry backoff stops the wait', async () => {
    emulator().faults.graphql.push({ status: 503 });
    const controller = new AbortController();
    const client = clientFor(emulator(), {
      // A timer that never fires: only the abort can end the backoff.
      setTimer: () => () => {},
      onEvent: (e) => {
        if (e.type === 'graphql_retry') controller.abort();
      },
    });
    const error = await rejection(client.request(GetMe, {}, { signal: controller.signal }));
    expect(error).toBeInstanceOf(AbortedError);
    expect(emulator().stats.graphqlRequests).toBe(1);
  });

  it('an already aborted signal sends nothing', async () => {
    const error = await rejection(
      clientFor(emulator()).request(GetMe, {}, { signal: AbortSignal.abort() }),
    );
    expect(error).toBeInstanceOf(AbortedError);
    expect(emulator().stats.graphqlRequests).toBe(0);
  });

  it('one signal shared by 20 calls in flight holds one abort listener, and its abort ends them all', async () => {
    let arrivals = 0;
    let allArrived!: () => void;
    const arrived = new Promise<void>((resolve) => {
      allArrived = resolve;
    });
    const server = await startServer(() => {
      if (++arrivals === 20) allArrived();
    });
    try {
      const client = clientFor(emulator(), { baseUrl: server.url });
      // The token first, so that no call is still waiting for it when the listeners are counted.
      await client.tokenProvider.getToken();
      const controller = new AbortController();
      const calls = Array.from({ length: 20 }, () =>
        rejection(client.request(GetMe, {}, { signal: controller.signal })),
      );
      await arrived;
      expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
      controller.abort();
      for (const error of await Promise.all(calls)) expect(error).toBeInstanceOf(AbortedError);
      expect(server.requests).toBe(20);
    } finally {
      await server.close();
    }
  });
});
