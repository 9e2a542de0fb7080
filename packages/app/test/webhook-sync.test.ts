import { ConfigurationError } from '@admin-api/auth';
import type { Emulator } from '@admin-api/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEvent, StoreClientEvent } from '../src/app-events.js';
import {
  type App,
  REGISTRABLE_WEBHOOK_SCOPES,
  type RegistrableWebhookScope,
  syncWebhooks,
  WebhookScopeError,
} from '../src/index.js';
import { appFor, install, startStores, testClock } from './support/app-fixture.js';

const ENDPOINT = 'http://127.0.0.1:3000/webhooks';
const LIST = '{ listWebhook { scope endpoint } }';

describe('syncWebhooks', () => {
  const clock = testClock();
  let emulator: Emulator;
  let app: App;
  let events: (AppEvent | StoreClientEvent)[];
  beforeAll(async () => {
    emulator = await startStores(clock);
    ({ app, events } = appFor(emulator, clock));
    await install(app, 'acme');
    await install(app, 'globex');
  });
  afterAll(() => emulator.close());

  /** The operations the store's client sent during `work`. */
  const sentDuring = async (work: () => Promise<unknown>): Promise<string[]> => {
    const from = events.length;
    await work();
    return events
      .slice(from)
      .flatMap((event) =>
        event.type === 'graphql_request' && 'storeName' in event
          ? [event.operationName ?? '?']
          : [],
      );
  };
  const registered = async (store: string) => {
    const { listWebhook } = await app
      .client(store)
      .request<{ listWebhook: { scope: string; endpoint: string }[] }>(LIST);
    return listWebhook.map(({ scope, endpoint }) => `${scope} ${endpoint}`).sort();
  };
  const sync = (scopes: readonly RegistrableWebhookScope[], endpoint = ENDPOINT) =>
    syncWebhooks(app.client('acme'), { endpoint, scopes });

  it('registers the scopes with one list and one save, then sends nothing more when they match', async () => {
    const scopes = ['store/product/updated', 'store/order/created'] as const;
    let result: Awaited<ReturnType<typeof sync>> | undefined;
    expect(await sentDuring(async () => (result = await sync(scopes)))).toEqual([
      'ListWebhooks',
      'SaveWebhooks',
    ]);
    expect(result).toEqual({
      saved: ['store/order/created', 'store/product/updated'],
      removed: [],
      unchanged: [],
    });
    expect(await registered('acme')).toEqual([
      `store/order/created ${ENDPOINT}`,
      `store/product/updated ${ENDPOINT}`,
    ]);
    expect(await sentDuring(async () => (result = await sync([...scopes].reverse())))).toEqual([
      'ListWebhooks',
    ]);
    expect(result).toEqual({
      saved: [],
      removed: [],
      unchanged: ['store/order/created', 'store/product/updated'],
    });
    expect(await registered('globex')).toEqual([]);
  });

  it('adds, moves and removes with at most one save and one delete', async () => {
    await sync(['store/product/updated', 'store/order/created', 'store/customer/created']);
    let result: Awaited<ReturnType<typeof sync>> | undefined;
    const sent = await sentDuring(
      async () => (result = await sync(['store/product/updated', 'store/stock/updated'])),
    );
    expect(sent).toEqual(['ListWebhooks', 'SaveWebhooks', 'DeleteWebhooks']);
    expect(result).toEqual({
      saved: ['store/stock/updated'],
      removed: ['store/customer/created', 'store/order/created'],
      unchanged: ['store/product/updated'],
    });
    const moved = 'http://127.0.0.1:4000/hooks';
    expect(await sync(['store/product/updated', 'store/stock/updated'], moved)).toEqual({
      saved: ['store/product/updated', 'store/stock/updated'],
      removed: [],
      unchanged: [],
    });
    expect(await registered('acme')).toEqual([
      `store/product/updated ${moved}`,
      `store/stock/updated ${moved}`,
    ]);
    expect(await sentDuring(() => sync([]))).toEqual(['ListWebhooks', 'DeleteWebhooks']);
    expect(await registered('acme')).toEqual([]);
  });

  it('registers all ten registrable scopes', async () => {
    await sync(REGISTRABLE_WEBHOOK_SCOPES);
    expect(await registered('acme')).toHaveLength(10);
    await sync([]);
  });

  it('refuses scopes the service sends without registration, before sending anything', async () => {
    for (const scope of ['store/product/deleted', 'store/app/deleted', 'store/nope']) {
      const sent = await sentDuring(async () => {
        const error = await sync([scope as RegistrableWebhookScope]).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(WebhookScopeError);
        expect(error).toMatchObject({ code: 'WEBHOOK_SCOPE_UNSUPPORTED', scopes: [scope] });
        expect((error as Error).message).toContain('store/order/created');
      });
      expect(sent).toEqual([]);
    }
  });

  it('refuses an endpoint that is not https, or carries a password', async () => {
    for (const endpoint of [
      'http://app.example.com/webhooks',
      'ftp://127.0.0.1/x',
      'not a url',
      'https://user:pw@app.example.com/webhooks',
    ]) {
      await expect(sync(['store/order/created'], endpoint)).rejects.toBeInstanceOf(
        ConfigurationError,
      );
    }
  });
});
