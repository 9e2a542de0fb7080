import { useEmulator } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paginate } from '../src/index.js';
import { clientFor } from './client-fixture.js';
import { ListCustomers, ListOrders, ListProducts } from './documents.js';

const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: false });

interface PageSeen {
  page: number;
  count: number;
  hasNext: boolean;
  size: number;
}

/** Records every page a list query answers, as `paginate`'s `select` sees it. */
function pageRecorder() {
  const pages: PageSeen[] = [];
  const seen = <
    T extends { page: number; count: number; hasNext: boolean; data: readonly unknown[] },
  >(
    list: T,
  ): T => {
    pages.push({
      page: list.page,
      count: list.count,
      hasNext: list.hasNext,
      size: list.data.length,
    });
    return list;
  };
  return { pages, seen };
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const collected: T[] = [];
  for await (const item of items) collected.push(item);
  return collected;
}

/** Pages 1..n of `limit` items (the last one the rest), every one saying the same `count`. */
function expectWholeWalk(pages: PageSeen[], count: number, limit: number): void {
  const pageCount = Math.ceil(count / limit);
  expect(pageCount).toBeGreaterThan(1);
  expect(pages.map((p) => p.page)).toEqual(Array.from({ length: pageCount }, (_, i) => i + 1));
  expect(pages.every((p) => p.count === count)).toBe(true);
  expect(pages.map((p) => p.hasNext)).toEqual(pages.map((_, i) => i < pageCount - 1));
  expect(pages.map((p) => p.size)).toEqual(
    pages.map((_, i) => (i < pageCount - 1 ? limit : count - limit * (pageCount - 1))),
  );
  expect(emulator().stats.graphqlRequests).toBe(pageCount);
}

const compareTr = new Intl.Collator('tr').compare;

describe('paginate over the real list queries', () => {
  it('walks listProduct filtered by category and sorted by name, page by page, to the count', async () => {
    const kitchen = [...emulator().data.categories.values()].find((c) => c.name === 'Mutfak');
    if (!kitchen) throw new Error('the seeded store has a Mutfak category');
    const expected = [...emulator().data.products.values()].filter((p) =>
      p.categoryIds?.includes(kitchen.id),
    );
    const { pages, seen } = pageRecorder();
    const items = await collect(
      paginate(
        clientFor(emulator()),
        ListProducts,
        { categoryIds: { in: [kitchen.id] }, sort: 'name' },
        { select: (r) => seen(r.listProduct), limit: 10 },
      ),
    );
    expectWholeWalk(pages, expected.length, 10);
    expect(items.map((p) => p.id).sort()).toEqual(expected.map((p) => p.id).sort());
    expect(items.map((p) => p.name)).toEqual(items.map((p) => p.name).sort(compareTr));
  });

  it('walks listOrder filtered by a list of statuses and a date range, newest first', async () => {
    const statuses = ['CREATED', 'REFUNDED'] as const;
    const orders = [...emulator().data.orders.values()];
    const since = Math.min(...orders.map((o) => o.orderedAt ?? Number.POSITIVE_INFINITY)) + 1;
    const expected = orders.filter(
      (o) =>
        (statuses as readonly string[]).includes(o.status) &&
        o.orderedAt !== null &&
        o.orderedAt >= since,
    );
    const { pages, seen } = pageRecorder();
    const items = await collect(
      paginate(
        clientFor(emulator()),
        ListOrders,
        { status: { in: [...statuses] }, orderedAt: { gte: since }, sort: '-orderedAt' },
        { select: (r) => seen(r.listOrder), limit: 4 },
      ),
    );
    expectWholeWalk(pages, expected.length, 4);
    expect(items.map((o) => o.id).sort()).toEqual(expected.map((o) => o.id).sort());
    expect([...new Set(items.map((o) => o.status))].sort()).toEqual([...statuses]);
    const orderedAt = items.map((o) => o.orderedAt ?? 0);
    expect(orderedAt).toEqual([...orderedAt].sort((a, b) => b - a));
  });

  it('walks listCustomer found by search and a StringFilterInput on email, most recently updated first', async () => {
    const customers = [...emulator().data.customers.values()];
    const excluded = customers.slice(0, 2).flatMap((c) => (c.email ? [c.email] : []));
    expect(excluded).toHaveLength(2);
    const expected = customers.filter(
      (c) => c.email?.endsWith('@example.com') && !excluded.includes(c.email),
    );
    const { pages, seen } = pageRecorder();
    const items = await collect(
      paginate(
        clientFor(emulator()),
        ListCustomers,
        { search: 'EXAMPLE.COM', email: { nin: excluded }, sort: '-updatedAt' },
        { select: (r) => seen(r.listCustomer), limit: 8 },
      ),
    );
    expectWholeWalk(pages, expected.length, 8);
    expect(items.map((c) => c.id).sort()).toEqual(expected.map((c) => c.id).sort());
    const updatedAt = items.map((c) => c.updatedAt ?? 0);
    expect(updatedAt).toEqual([...updatedAt].sort((a, b) => b - a));
  });
});
