import { useEmulator } from '@admin-api/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { ConfigurationError, HttpError, paginate } from '../src/index.js';
import { clientFor, rejection } from './client-fixture.js';
import { ListProducts } from './documents.js';
import { readRequestBody, startServer } from './loopback-server.js';

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
      { search: 'kupa' },
      { select: (r) => r.listProduct, limit: 2 },
    );
    for await (const product of pages) {
      names.push(product.name);
      if (names.length === 3) break;
    }
    expect(names).toHaveLength(3);
    expect(names.every((n) => n.toLowerCase().includes('kupa'))).toBe(true);
    expect(emulator().stats.graphqlRequests).toBe(2);
  });

  it.each([0, -1, 1.5, Number.NaN])(
    'rejects startPage %s before any request',
    async (startPage) => {
      const pages = paginate(
        clientFor(emulator()),
        ListProducts,
        {},
        {
          select: (r) => r.listProduct,
          startPage,
        },
      );
      const error = await rejection(pages.next());
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error).toMatchObject({ code: 'INVALID_OPTION' });
      expect(emulator().stats.graphqlRequests).toBe(0);
    },
  );
});

describe('paginate against a server that does not advance', () => {
  /** A list server answering every request with `answer(requestedPage)`; counts requests. */
  async function listServer(answer: (page: number) => unknown) {
    return startServer((req, res) => {
      void readRequestBody(req).then((body) => {
        const { variables } = JSON.parse(body) as { variables: { pagination: { page: number } } };
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ data: { listProduct: answer(variables.pagination.page) } }));
      });
    });
  }
  const page = (n: number, ids: string[], hasNext = true) => ({
    count: 1_000_000,
    hasNext,
    page: n,
    limit: ids.length,
    data: ids.map((id) => ({ id, name: `Product ${id}` })),
  });

  async function drain(baseUrl: string) {
    const items: unknown[] = [];
    const error = await rejection(
      (async () => {
        for await (const item of paginate(
          clientFor(emulator(), { baseUrl }),
          ListProducts,
          {},
          {
            select: (r) => r.listProduct,
            limit: 2,
          },
        ))
          items.push(item);
      })(),
    );
    return { items, error };
  }

  it('a repeated page with hasNext: true stops with INVALID_RESPONSE after the second request', async () => {
    const server = await listServer(() => page(1, ['a', 'b']));
    try {
      const { items, error } = await drain(server.url);
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ code: 'INVALID_RESPONSE' });
      expect(items).toHaveLength(2);
      expect(server.requests).toBe(2);
    } finally {
      await server.close();
    }
  });

  it('pages that cycle are caught too', async () => {
    const server = await listServer((n) =>
      n % 2 === 1 ? page(n, ['a', 'b']) : page(n, ['c', 'd']),
    );
    try {
      const { items, error } = await drain(server.url);
      expect(error).toMatchObject({ code: 'INVALID_RESPONSE' });
      expect(items).toHaveLength(4);
      expect(server.requests).toBe(3);
    } finally {
      await server.close();
    }
  });

  it('an answered page number that does not advance stops with INVALID_RESPONSE', async () => {
    let next = 0;
    const server = await listServer(() => {
      next++;
      return page(1, [`x${next}`, `y${next}`]);
    });
    try {
      const { error } = await drain(server.url);
      expect(error).toMatchObject({ code: 'INVALID_RESPONSE' });
      expect(server.requests).toBe(2);
    } finally {
      await server.close();
    }
  });
});
