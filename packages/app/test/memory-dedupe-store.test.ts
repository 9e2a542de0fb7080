import { describe, expect, it } from 'vitest';
import { createMemoryDedupeStore, DEFAULT_MAX_DEDUPE_IDS } from '../src/memory-dedupe-store.js';
import type { WebhookDedupeStore } from '../src/webhook-dedupe-store.js';
import { describeDedupeStore, steppedClock } from './support/dedupe-store-suite.js';

// One store object per namespace stands for the shared state; each "process" is a handle on it.
describeDedupeStore('createMemoryDedupeStore', async () => {
  const namespaces = new Map<string, WebhookDedupeStore>();
  return {
    async connect({ now, namespace }) {
      let store = namespaces.get(namespace);
      if (!store) {
        store = createMemoryDedupeStore({ now });
        namespaces.set(namespace, store);
      }
      return { store, close: async () => {} };
    },
  };
});

const LEASE_MS = 30_000;
const KEEP_MS = 3_600_000;

async function claimed(store: WebhookDedupeStore, id: string): Promise<string> {
  const claim = await store.claim(id, LEASE_MS);
  if (claim.outcome !== 'claimed') throw new Error(`${id} was ${claim.outcome}`);
  return claim.token;
}

describe('the memory dedupe store', () => {
  it('remembers 100,000 ids by default', async () => {
    expect(DEFAULT_MAX_DEDUPE_IDS).toBe(100_000);
    const store = createMemoryDedupeStore({ now: steppedClock().now });
    for (let i = 0; i <= DEFAULT_MAX_DEDUPE_IDS; i++) {
      await store.complete(`id-${i}`, 'token', KEEP_MS);
    }
    // One past the cap: the first completed is forgotten, the second is not.
    expect((await store.claim('id-0', LEASE_MS)).outcome).toBe('claimed');
    expect((await store.claim('id-2', LEASE_MS)).outcome).toBe('done');
  });

  it('past maxIds it forgets the id completed longest ago first, and keeps the ids held', async () => {
    const store = createMemoryDedupeStore({ maxIds: 3, now: steppedClock().now });
    await claimed(store, 'held');
    await store.complete('done-1', await claimed(store, 'done-1'), KEEP_MS);
    await store.complete('done-2', await claimed(store, 'done-2'), KEEP_MS);
    // A fourth id: done-1 goes, the claim and done-2 stay.
    await claimed(store, 'new');
    expect((await store.claim('held', LEASE_MS)).outcome).toBe('busy');
    expect((await store.claim('done-2', LEASE_MS)).outcome).toBe('done');
    expect((await store.claim('new', LEASE_MS)).outcome).toBe('busy');
    expect((await store.claim('done-1', LEASE_MS)).outcome).toBe('claimed');
  });

  it('a repeated complete makes an id the newest, so it is forgotten last', async () => {
    const store = createMemoryDedupeStore({ maxIds: 3, now: steppedClock().now });
    for (const id of ['a', 'b', 'a', 'c', 'd']) await store.complete(id, 'token', KEEP_MS);
    expect((await store.claim('a', LEASE_MS)).outcome).toBe('done');
    expect((await store.claim('b', LEASE_MS)).outcome).toBe('claimed');
  });

  it('a lease runs out on time behind a longer one claimed before it', async () => {
    const clock = steppedClock();
    const store = createMemoryDedupeStore({ now: clock.now });
    await claimed(store, 'long');
    await store.claim('short', 1_000);
    clock.step(1_000);
    expect((await store.claim('short', LEASE_MS)).outcome).toBe('claimed');
    expect((await store.claim('long', LEASE_MS)).outcome).toBe('busy');
  });

  it('with only claims held, past maxIds it forgets the oldest claim', async () => {
    const store = createMemoryDedupeStore({ maxIds: 2, now: steppedClock().now });
    await claimed(store, 'first');
    await claimed(store, 'second');
    await claimed(store, 'third');
    expect((await store.claim('second', LEASE_MS)).outcome).toBe('busy');
    expect((await store.claim('third', LEASE_MS)).outcome).toBe('busy');
    expect((await store.claim('first', LEASE_MS)).outcome).toBe('claimed');
  });

  it('a lease that ran out is forgotten before a live completed id', async () => {
    const clock = steppedClock();
    const store = createMemoryDedupeStore({ maxIds: 2, now: clock.now });
    await claimed(store, 'crashed-holder');
    await store.complete('live', 'token', KEEP_MS);
    clock.step(LEASE_MS);
    await claimed(store, 'fresh');
    expect((await store.claim('live', LEASE_MS)).outcome).toBe('done');
    expect((await store.claim('fresh', LEASE_MS)).outcome).toBe('busy');
    // The same when the new id comes by complete.
    const other = createMemoryDedupeStore({ maxIds: 2, now: clock.now });
    await claimed(other, 'crashed-holder');
    await other.complete('live', 'token', KEEP_MS);
    clock.step(LEASE_MS);
    await other.complete('fresh', 'token', KEEP_MS);
    expect((await other.claim('live', LEASE_MS)).outcome).toBe('done');
  });

  it('past maxIds, an extended lease counts as claimed when it was extended', async () => {
    const store = createMemoryDedupeStore({ maxIds: 2, now: steppedClock().now });
    const first = await claimed(store, 'first');
    await claimed(store, 'second');
    expect(await store.extend('first', first, LEASE_MS)).toBe(true);
    await claimed(store, 'third');
    expect((await store.claim('first', LEASE_MS)).outcome).toBe('busy');
    expect((await store.claim('second', LEASE_MS)).outcome).toBe('claimed');
  });

  it('a lease that ran out and was swept by a later call can no longer be extended', async () => {
    const clock = steppedClock();
    const store = createMemoryDedupeStore({ now: clock.now });
    const token = await claimed(store, 'overdue');
    clock.step(LEASE_MS);
    await claimed(store, 'other');
    expect(await store.extend('overdue', token, LEASE_MS)).toBe(false);
  });

  it('refuses options that cannot work, naming them', () => {
    for (const options of [{ maxIds: 0 }, { maxIds: 1.5 }, { now: 5 as unknown as () => number }]) {
      const name = Object.keys(options)[0] ?? '';
      expect(() => createMemoryDedupeStore(options)).toThrow(
        expect.objectContaining({ code: 'INVALID_OPTION', message: expect.stringContaining(name) }),
      );
    }
  });

  it('a clock that answers no number fails the call with INVALID_OPTION', async () => {
    const store = createMemoryDedupeStore({ now: () => Number.NaN });
    await expect(store.claim('id', LEASE_MS)).rejects.toMatchObject({ code: 'INVALID_OPTION' });
  });
});
