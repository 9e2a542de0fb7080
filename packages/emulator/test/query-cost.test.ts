import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { adminApiSchema } from '../src/index.js';
import { measureQuery } from '../src/query-cost.js';

const measure = (query: string, variables?: Record<string, unknown>) =>
  measureQuery(parse(query), adminApiSchema(), variables);

describe('measureQuery: depth', () => {
  it('counts fields nested in one another, through fragments', () => {
    expect(measure('{ me { id } }').depth).toBe(2);
    expect(
      measure('{ listProduct { data { ...P } } } fragment P on Product { variants { id } }').depth,
    ).toBe(4);
  });

  it('leaves introspection fields out', () => {
    expect(measure('{ __schema { types { fields { type { ofType { name } } } } } }').depth).toBe(0);
    expect(measure('{ __typename me { __typename } }').depth).toBe(2);
  });

  it('counts a chain of fragments spreading fragments by its length', () => {
    const chain = Array.from({ length: 40 }, (_, i) => `fragment F${i} on Query { ...F${i + 1} }`);
    const query = `{ ...F0 } ${chain.join(' ')} fragment F40 on Query { me { id } }`;
    expect(measure(query).depth).toBe(41);
  });

  it("measures a chain of 6,000 fragments (graphql-js's validation overflows on it) without recursion", () => {
    const chain = Array.from(
      { length: 6_000 },
      (_, i) => `fragment F${i} on Query { ...F${i + 1} }`,
    );
    const query = `{ ...F0 } ${chain.join(' ')} fragment F6000 on Query { __typename }`;
    expect(measure(query).depth).toBe(6_001);
  });
});

describe('measureQuery: aliases', () => {
  it('counts an alias in every place its fragment is spread', () => {
    const query = `{ a: me { ...M } b: me { ...M } } fragment M on MeResponse { x: id y: name }`;
    expect(measure(query).aliases).toBe(6);
  });

  it('takes the worst operation of a document', () => {
    expect(measure('query A { a: me { id } } query B { b: me { id } c: me { id } }').aliases).toBe(
      2,
    );
  });
});

describe('measureQuery: list size', () => {
  it('counts a page of the limit given, or 50, and the lists in its items one per item', () => {
    expect(measure('{ listProduct(pagination: { limit: 200 }) { data { id } } }').listSize).toBe(
      200,
    );
    expect(measure('{ listProduct { count data { id } } }').listSize).toBe(50);
    // 10 products, each with its variants (1) and each variant with its prices (1).
    expect(
      measure(
        '{ listProduct(pagination: { limit: 10 }) { data { variants { prices { sellPrice } } } } }',
      ).listSize,
    ).toBe(10 * (1 + 1 * (1 + 1)));
  });

  it('reads the limit from variables, and from a variable default', () => {
    const query = 'query($p: PaginationInput) { listProduct(pagination: $p) { data { id } } }';
    expect(measure(query, { p: { limit: 7 } }).listSize).toBe(7);
    expect(
      measure(query.replace('$p: PaginationInput', '$p: PaginationInput = { limit: 3 }')).listSize,
    ).toBe(3);
    const limit = 'query($l: Int) { listProduct(pagination: { limit: $l }) { data { id } } }';
    expect(measure(limit, { l: 12 }).listSize).toBe(12);
  });

  it('stops at 200, the largest limit the service takes', () => {
    expect(measure('{ listProduct(pagination: { limit: 100000 }) { data { id } } }').listSize).toBe(
      200,
    );
  });

  it('multiplies through aliases and fragments, and sums', () => {
    const query = `{ a: listProduct(pagination: { limit: 200 }) { ...Page } b: listOrder { data { id } } }
      fragment Page on ProductPaginationResponse { data { id } }`;
    expect(measure(query).listSize).toBe(200 + 50);
  });

  it("counts introspection's lists ten items each", () => {
    expect(measure('{ __schema { types { fields { name } } } }').listSize).toBe(10 + 10 * 10);
  });

  it('measures a fragment expanded 2^40 times in linear time, to a number over any limit', () => {
    const doubling = Array.from(
      { length: 40 },
      (_, i) => `fragment F${i} on Query { ...F${i + 1} ... on Query { ...F${i + 1} } }`,
    );
    const query = `{ ...F0 } ${doubling.join(' ')} fragment F40 on Query { listOrder { data { id } } }`;
    // Expanding it would never end: each fragment is measured once and multiplied per spread.
    expect(measure(query).listSize).toBe(50 * 2 ** 40);
  });

  it('counts fragment cycles and unknown names as nothing, for validation to refuse', () => {
    const cycle = '{ ...A } fragment A on Query { ...B } fragment B on Query { ...A me { id } }';
    expect(measure(cycle)).toMatchObject({ listSize: 0 });
    expect(measure('{ nope { a: b } ...Missing }')).toEqual({ depth: 2, aliases: 1, listSize: 0 });
  });
});
