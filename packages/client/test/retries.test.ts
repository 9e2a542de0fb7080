import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { useEmulator } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpError, NetworkError, type RetryEvent } from '../src/index.js';
import { clientFor, rejection } from './client-fixture.js';
import { GetMe, productInput, SaveProduct } from './documents.js';

const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: false });
const applied = (name: string) =>
  emulator().stats.mutations.filter((m) => JSON.stringify(m.args).includes(name)).length;

describe('retries of transient failures', () => {
  it('a query that meets a 503 is retried with backoff and succeeds', async () => {
    emulator().faults.graphql.push({ status: 503 });
    const retries: RetryEvent[] = [];
    await clientFor(emulator(), { hooks: { onRetry: (e) => retries.push(e) } }).request(GetMe);
    expect(emulator().stats.graphqlRequests).toBe(2);
    expect(retries).toMatchObject([{ reason: 'server_error', attempt: 1, operationName: 'GetMe' }]);
  });

  it('a query gives up after the bounded retries with the last HttpError', async () => {
    emulator().faults.graphql.push(
      { status: 500 },
      { status: 502 },
      { status: 503, body: 'down' },
      { status: 504 },
    );
    const error = await rejection(clientFor(emulator()).request(GetMe));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 503,
      attempts: 3,
      bodyExcerpt: 'down',
      mayHaveBeenApplied: false,
    });
    expect(emulator().stats.graphqlRequests).toBe(3);
  });

  it('a query whose connection drops is retried', async () => {
    emulator().faults.graphql.push({ drop: true });
    await clientFor(emulator()).request(GetMe);
    expect(emulator().stats.graphqlRequests).toBe(2);
  });

  it('an HTML page with status 200 is INVALID_RESPONSE, retried for queries', async () => {
    const html = {
      status: 200,
      body: '<html>captive portal</html>',
      headers: { 'content-type': 'text/html' },
    };
    emulator().faults.graphql.push(html, html, html);
    const error = await rejection(clientFor(emulator()).request(GetMe));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      code: 'INVALID_RESPONSE',
      status: 200,
      bodyExcerpt: '<html>captive portal</html>',
    });
    expect(emulator().stats.graphqlRequests).toBe(3);
  });

  it('an empty or truncated JSON body is INVALID_RESPONSE', async () => {
    emulator().faults.graphql.push({
      status: 200,
      body: '{"data":',
      headers: { 'content-type': 'application/json' },
    });
    const error = await rejection(clientFor(emulator(), { retry: false }).request(GetMe));
    expect(error).toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it('a mutation that meets a 503 is not retried and says it may have been applied', async () => {
    emulator().faults.graphql.push({ afterHandling: true, status: 503 });
    const error = await rejection(
      clientFor(emulator()).request(SaveProduct, productInput('Maybe Mug')),
    );
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 503,
      mayHaveBeenApplied: true,
      operationName: 'SaveProduct',
      attempts: 1,
    });
    expect((error as Error).message).toContain('may have been applied');
    expect(applied('Maybe Mug')).toBe(1);
  });

  it('a mutation applied before the connection dropped is not applied again', async () => {
    emulator().faults.graphql.push({ afterHandling: true, drop: true });
    const error = await rejection(
      clientFor(emulator()).request(SaveProduct, productInput('Dropped Lamp')),
    );
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ mayHaveBeenApplied: true });
    expect(applied('Dropped Lamp')).toBe(1);
    expect(emulator().stats.graphqlRequests).toBe(1);
  });

  it('a mutation the caller declares idempotent is retried like a query', async () => {
    emulator().faults.graphql.push({ status: 503 });
    await clientFor(emulator()).request(SaveProduct, productInput('Safe Scarf'), {
      idempotent: true,
    });
    expect(applied('Safe Scarf')).toBe(1);
    expect(emulator().stats.graphqlRequests).toBe(2);
  });

  it('a mutation is retried when the connection was refused, since it never reached a server', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const retries: RetryEvent[] = [];
    const client = clientFor(emulator(), {
      baseUrl: `http://127.0.0.1:${port}`,
      hooks: { onRetry: (e) => retries.push(e) },
    });
    const error = await rejection(client.request(SaveProduct, productInput('Nowhere')));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', mayHaveBeenApplied: false, attempts: 3 });
    expect((error as Error).message).toContain('ECONNREFUSED');
    expect(retries.map((r) => r.reason)).toEqual(['network_error', 'network_error']);
  });

  it('retry: false sends each call once', async () => {
    emulator().faults.graphql.push({ status: 503 });
    await rejection(clientFor(emulator(), { retry: false }).request(GetMe));
    expect(emulator().stats.graphqlRequests).toBe(1);
  });
});
