import { describe, expect, it } from 'vitest';
import { REGISTRABLE_WEBHOOK_SCOPES } from '../src/index.js';
import { useAdminApi } from './helpers.js';
import { DELETE_WEBHOOK, LIST_WEBHOOK, SAVE_WEBHOOK } from './webhook-receiver.js';

let clock = Date.UTC(2026, 0, 5);
const api = useAdminApi({ now: () => clock });

interface Webhook {
  id: string;
  endpoint: string;
  scope: string;
  createdAt: number;
  updatedAt: number;
  deleted: boolean;
}

const save = async (input: Record<string, unknown>) =>
  (await api.data<{ saveWebhook: Webhook[] }>(SAVE_WEBHOOK, { input })).saveWebhook;
const list = async () => (await api.data<{ listWebhook: Webhook[] }>(LIST_WEBHOOK)).listWebhook;

describe('saveWebhook, listWebhook, deleteWebhook', () => {
  it('registers one webhook per scope, listed with its endpoint and times', async () => {
    const saved = await save({
      endpoint: 'https://app.example.com/hooks',
      scopes: ['store/order/created', 'store/product/updated'],
    });
    expect(saved.map((hook) => [hook.scope, hook.endpoint, hook.deleted])).toEqual([
      ['store/order/created', 'https://app.example.com/hooks', false],
      ['store/product/updated', 'https://app.example.com/hooks', false],
    ]);
    expect(saved.every((hook) => hook.createdAt === clock && hook.updatedAt === clock)).toBe(true);
    expect(new Set(saved.map((hook) => hook.id)).size).toBe(2);
    expect(await list()).toEqual(saved);
  });

  it('replaces the endpoint of a scope saved again: same id and createdAt, new updatedAt', async () => {
    const [first] = await save({
      endpoint: 'http://localhost:3000/a',
      scopes: ['store/stock/updated'],
    });
    clock += 60_000;
    const [second] = await save({
      endpoint: 'http://localhost:3000/b',
      scopes: ['store/stock/updated', 'store/stock/updated'],
    });
    expect(second).toEqual({ ...first, endpoint: 'http://localhost:3000/b', updatedAt: clock });
    expect(await list()).toEqual([second]);
  });

  it('takes every one of the ten documented scopes', async () => {
    const saved = await save({
      endpoint: 'https://app.example.com/hooks',
      scopes: [...REGISTRABLE_WEBHOOK_SCOPES],
    });
    expect(saved.map((hook) => hook.scope)).toEqual([...REGISTRABLE_WEBHOOK_SCOPES]);
    expect(REGISTRABLE_WEBHOOK_SCOPES).toHaveLength(10);
  });

  it('deletes the given scopes only, and answers true for scopes it has none of', async () => {
    await save({
      endpoint: 'https://app.example.com/hooks',
      scopes: ['store/order/created', 'store/order/updated', 'store/customer/created'],
    });
    const deleted = await api.data<{ deleteWebhook: boolean }>(DELETE_WEBHOOK, {
      scopes: ['store/order/created', 'store/customer/created', 'store/app/deleted', 'nonsense'],
    });
    expect(deleted.deleteWebhook).toBe(true);
    expect((await list()).map((hook) => hook.scope)).toEqual(['store/order/updated']);
  });

  it('keeps registrations in the store data and forgets them on reset', async () => {
    await save({ endpoint: 'https://app.example.com/hooks', scopes: ['store/order/created'] });
    expect(api.emulator().data.webhooks.size).toBe(1);
    api.emulator().reset();
    expect(await list()).toEqual([]);
  });
});

describe('saveWebhook argument validation', () => {
  const refused = async (input: Record<string, unknown>) => {
    expect(await api.errorCodes(SAVE_WEBHOOK, { input })).toEqual(['ARGUMENT_VALIDATION_ERROR']);
    expect(await list()).toEqual([]);
  };

  it.each([
    ['store/product/deleted', 'sent by the service, not registrable'],
    ['store/app/deleted', 'sent by the service, not registrable'],
    ['store/customer/statusUpdated', 'not among the ten'],
    ['store/order/Created', 'a scope in the wrong case'],
  ])('refuses the scope %s (%s), saving none of the others', async (scope) => {
    await refused({
      endpoint: 'https://app.example.com/hooks',
      scopes: ['store/order/created', scope],
    });
  });

  it('refuses an empty scope list', async () => {
    await refused({ endpoint: 'https://app.example.com/hooks', scopes: [] });
  });

  it.each([
    ['not a URL', 'app.example.com/hooks'],
    ['not http or https', 'ftp://app.example.com/hooks'],
    ['over 2048 characters', `https://app.example.com/${'a'.repeat(2_048)}`],
  ])('refuses an endpoint %s', async (_, endpoint) => {
    await refused({ endpoint, scopes: ['store/order/created'] });
  });

  it('refuses a sales channel id that does not exist, and takes one that does', async () => {
    await refused({
      endpoint: 'https://app.example.com/hooks',
      scopes: ['store/order/created'],
      salesChannelIds: ['no-such-channel'],
    });
    const [channel] = api.emulator().data.salesChannels.keys();
    const saved = await save({
      endpoint: 'https://app.example.com/hooks',
      scopes: ['store/order/created'],
      salesChannelIds: [channel],
    });
    expect(saved).toHaveLength(1);
    const [registration] = api.emulator().data.webhooks.values();
    expect(registration?.salesChannelIds).toEqual([channel]);
  });
});
