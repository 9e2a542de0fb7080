import { useEmulator } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { paginate } from '../src/index.js';
import { clientFor } from './client-fixture.js';
import { ListProducts } from './documents.js';

const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: false });

describe('paginate', () => {
  it('yields every item, one request per page, and stops on hasNext: false', async () => {
    const items = [];
    for await (const product of paginate(
      clientFor(emulator()),
      ListProducts,
      {},
      { select: (r) => r.listProduct, limit: 50 },
    )) {
      expectTypeOf(product).toEqualTypeOf<{ id: string; name: string }>();
      items.push(product);
    }
    expect(items).toHaveLength(120);
    expect(new Set(items.map((p) => p.id)).size).toBe(120);
    expect(emulator().stats.graphqlRequests).toBe(3);
  });

  it('caps the page size at 200', async () => {
    let count = 0;
    for await (const _ of paginate(
      clientFor(emulator()),
      ListProducts,
      {},
      { select: (r) => r.listProduct, limit: 1000 },
    ))
      count++;
    expect(count).toBe(120);
    expect(emulator().stats.graphqlRequests).toBe(1);
  });

  it('passes the other variables through and can stop early', async () => {
    const names: string[] = [];
    const pages = paginate(
      clientFor(emulator()),
      ListProducts,
      { search: 'mug' },
      { select: (r) => r.listProduct, limit: 2 },
    );
    for await (const product of pages) {
      names.push(product.name);
      if (names.length === 3) break;
    }
    expect(names).toHaveLength(3);
    expect(names.every((n) => n.toLowerCase().includes('mug'))).toBe(true);
    expect(emulator().stats.graphqlRequests).toBe(2);
  });
});
