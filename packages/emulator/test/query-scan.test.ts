import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { scanDocument } from '../src/query-scan.js';

/** The most tokens graphql-js's `parse` takes of `text`, found by its own `maxTokens`. */
function parserTokens(text: string): number {
  for (let max = 1; ; max++) {
    try {
      parse(text, { maxTokens: max });
      return max;
    } catch {
      // Over `max`: try one more.
    }
  }
}

describe('scanDocument', () => {
  it('counts tokens as the parser does, comments and commas aside', () => {
    const text = `query Q($p: PaginationInput = { limit: 5 }) @a(b: [1, 2.5e3]) { # a comment
      x: listProduct(pagination: $p, search: "a \\" : b") { data { ...F } } }
      fragment F on Product { id name } query R { listOrder(search: """ block : "" """) { count } }`;
    expect(() => parse(text)).not.toThrow();
    expect(scanDocument(text).tokens).toBe(parserTokens(text));
  });

  it('counts only aliases: never an argument, a variable, an input field, or a colon in a string or a comment', () => {
    const text = `query Q($limit: Int) { a: me { b: id }
      listProduct(pagination: { limit: $limit }, search: "c: d") { e: count } # f: g
      ... on Query { h: me { id } } }`;
    expect(scanDocument(text).aliases).toBe(4);
  });

  it('measures how deep brackets of every kind nest', () => {
    expect(scanDocument('{ me { id } }').nesting).toBe(2);
    expect(scanDocument('{ listProduct(search: [[["a"]]]) { count } }').nesting).toBe(5);
    const deep = `{ me ${'{ id '.repeat(5_000)}${'}'.repeat(5_000)} }`;
    expect(scanDocument(deep)).toMatchObject({ nesting: 5_001, aliases: 0, complete: true });
  });

  it('stops past maxTokens, with the counts of what came before', () => {
    const query = `{ ${Array.from({ length: 1_000 }, (_, i) => `a${i}: me { id }`).join(' ')} }`;
    expect(scanDocument(query, 61)).toEqual({
      nesting: 2,
      aliases: 10,
      tokens: 62,
      complete: false,
    });
    expect(scanDocument('{'.repeat(1_000_000), 50_000)).toMatchObject({
      nesting: 50_000,
      complete: false,
    });
  });

  it('stops at a lexical error with what it counted before it, for the parser to report', () => {
    expect(scanDocument('{ a: me { "unterminated } }')).toEqual({
      nesting: 2,
      aliases: 1,
      tokens: 5,
      complete: true,
    });
  });
});
