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

  it("calls select once per page with that page's result, so progress can be reported", async () => {
    const progress: string[] = [];
    let items = 0;
    for await (const _ of paginate(
      clientFor(emulator()),
      ListProducts,
      {},
      {
        limit: 50,
        select: (r) => {
          const { page, count, limit } = r.listProduct;
          progress.push(`page ${page} of ${Math.ceil(count / limit)}`);
          return r.listProduct;
        },
      },
    ))
      items++;
    expect(progress).toEqual(['page 1 of 3', 'page 2 of 3', 'page 3 of 3']);
    expect(items).toBe(120);
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

  it('hasNext: true with an empty page stops with INVALID_RESPONSE instead of ending quietly', async () => {
    const server = await listServer((n) => (n === 1 ? page(1, ['a', 'b']) : page(n, [])));
    try {
      const { items, error } = await drain(server.url);
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ code: 'INVALID_RESPONSE', operationName: 'ListProducts' });
      expect(items).toHaveLength(2);
    } finally {
      await server.close();
    }
  });

  it.each([
    ['null', null],
    ['a list', []],
    ['a string', 'none'],
  ])(
    'a list field that is %s stops with INVALID_RESPONSE naming the operation',
    async (_, answer) => {
      const server = await listServer(() => answer);
      try {
        const { items, error } = await drain(server.url);
        expect(error).toBeInstanceOf(HttpError);
        expect(error).toMatchObject({ code: 'INVALID_RESPONSE', operationName: 'ListProducts' });
        expect((error as HttpError).message).toContain('ListProducts');
        expect(items).toHaveLength(0);
      } finally {
        await server.close();
      }
    },
  );

  it('a hasNext that is not a boolean stops with INVALID_RESPONSE', async () => {
    // Truthy, so a loose check would go on to the empty page 3 and end there quietly.
    const server = await listServer((n) =>
      n < 3 ? { ...page(n, [`a${n}`]), hasNext: 'yes' } : page(n, [], false),
    );
    try {
      expect((await drain(server.url)).error).toMatchObject({ code: 'INVALID_RESPONSE' });
    } finally {
      await server.close();
    }
  });

  it('new items on every page past the answered count stop with INVALID_RESPONSE', async () => {
    // The page number advances and the ids are new, but 4 items fill only 2 pages of 2.
    const server = await listServer((n) => ({
      ...page(n, [`x${n}`, `y${n}`], n < 10),
      count: 4,
    }));
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

describe('paginate against an honest server', () => {
  async function itemsFrom(answer: (page: number) => unknown) {
    const server = await startServer((req, res) => {
      void readRequestBody(req).then((body) => {
        const { variables } = JSON.parse(body) as { variables: { pagination: { page: number } } };
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ data: { listProduct: answer(variables.pagination.page) } }));
      });
    });
    try {
      const items: unknown[] = [];
      for await (const item of paginate(
        clientFor(emulator(), { baseUrl: server.url }),
        ListProducts,
        {},
        { select: (r) => r.listProduct, limit: 2 },
      ))
        items.push(item);
      return { items, requests: server.requests };
    } finally {
      await server.close();
    }
  }

  it('reads every page of items selected without ids, though each page looks like the last', async () => {
    const { items, requests } = await itemsFrom((n) => ({
      data: [{ type: 'PHYSICAL' }, { type: 'PHYSICAL' }],
      hasNext: n < 3,
      page: n,
      limit: 2,
      count: 6,
    }));
    expect(items).toHaveLength(6);
    expect(requests).toBe(3);
  });

  it('reads every page of id-less items when the answer carries no page number', async () => {
    const { items } = await itemsFrom((n) => ({
      data: [{ type: 'PHYSICAL' }, { type: 'PHYSICAL' }],
      hasNext: n < 3,
    }));
    expect(items).toHaveLength(6);
  });

  it('asks once more when a full last page says hasNext, and ends on the empty page that follows', async () => {
    const { items, requests } = await itemsFrom((n) => ({
      data: n <= 2 ? [{ id: `a${n}` }, { id: `b${n}` }] : [],
      hasNext: n <= 2,
      page: n,
      limit: 2,
      count: 4,
    }));
    expect(items).toHaveLength(4);
    expect(requests).toBe(3);
  });
});
