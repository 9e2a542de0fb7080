import { useEmulator } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminApiEvent } from '../src/index.js';
import { clientFor } from './client-fixture.js';
import { GetMe } from './documents.js';

const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: false });

describe('one event listener for the whole kit', () => {
  it('onEvent receives the token provider’s events and the client’s, in order, as one union', async () => {
    const events: AdminApiEvent[] = [];
    emulator().faults.graphql.push({ status: 503 });
    await clientFor(emulator(), { onEvent: (e) => events.push(e) }).request(GetMe);
    expect(events.map((e) => e.type)).toEqual([
      'token_request',
      'token_response',
      'token_acquired',
      'graphql_request',
      'graphql_response',
      'graphql_retry',
      'graphql_request',
      'graphql_response',
    ]);
    expect(events[4]).toMatchObject({ operationName: 'GetMe', attempt: 1, status: 503 });
    expect(events[5]).toMatchObject({ reason: 'server_error', attempt: 1, operationType: 'query' });
    expect(events[7]).toMatchObject({ attempt: 2, status: 200 });
  });

  it('a listener that throws never breaks a call', async () => {
    const client = clientFor(emulator(), {
      onEvent: () => {
        throw new Error('logger down');
      },
    });
    await expect(client.request(GetMe)).resolves.toBeDefined();
  });
});
