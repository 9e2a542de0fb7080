import { useEmulator } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AbortedError, TimeoutError } from '../src/index.js';
import { clientFor, rejection } from './client-fixture.js';
import { GetMe, productInput, SaveProduct } from './documents.js';

const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: false });

describe('timeouts and cancellation', () => {
  it('a query past timeoutMs is retried, then fails with TimeoutError', async () => {
    emulator().faults.graphql.push({ delayMs: 1_000 }, { delayMs: 1_000 }, { delayMs: 1_000 });
    const started = Date.now();
    const error = await rejection(clientFor(emulator(), { timeoutMs: 100 }).request(GetMe));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({
      code: 'TIMEOUT',
      timeoutMs: 100,
      attempts: 3,
      operationName: 'GetMe',
    });
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('a slow first answer is survived by the retry', async () => {
    emulator().faults.graphql.push({ delayMs: 1_000 });
    await expect(clientFor(emulator(), { timeoutMs: 200 }).request(GetMe)).resolves.toBeDefined();
  });

  it('a mutation past its timeout is not retried and may have been applied', async () => {
    emulator().faults.graphql.push({ delayMs: 500 });
    const error = await rejection(
      clientFor(emulator()).request(SaveProduct, productInput('Slow Candle'), { timeoutMs: 100 }),
    );
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ mayHaveBeenApplied: true, attempts: 1 });
  });

  it('the caller’s abort is an AbortedError, distinguishable from a timeout, and is not retried', async () => {
    emulator().faults.graphql.push({ delayMs: 1_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('user navigated away')), 50);
    const error = await rejection(
      clientFor(emulator()).request(GetMe, {}, { signal: controller.signal }),
    );
    expect(error).toBeInstanceOf(AbortedError);
    expect(error).not.toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({
      code: 'ABORTED',
      operationName: 'GetMe',
      cause: { message: 'user navigated away' },
    });
    expect(emulator().stats.graphqlRequests).toBe(1);
  });

  it('an abort during a retry backoff stops at once', async () => {
    emulator().faults.graphql.push({ status: 503 });
    const controller = new AbortController();
    const client = clientFor(emulator(), {
      retry: { baseDelayMs: 5_000, maxDelayMs: 5_000 },
      hooks: { onRetry: () => controller.abort() },
    });
    const started = Date.now();
    const error = await rejection(client.request(GetMe, {}, { signal: controller.signal }));
    expect(error).toBeInstanceOf(AbortedError);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('an already aborted signal sends nothing', async () => {
    const error = await rejection(
      clientFor(emulator()).request(GetMe, {}, { signal: AbortSignal.abort() }),
    );
    expect(error).toBeInstanceOf(AbortedError);
    expect(emulator().stats.graphqlRequests).toBe(0);
  });
});
