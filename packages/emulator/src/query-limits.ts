import { checkInteger } from './check-options.js';
import { EmulatorOptionError } from './errors.js';

/** The limit a refused query broke: what `extensions.limit` of its error names. */
export type QueryLimitName = 'depth' | 'aliases' | 'listSize' | 'tokens' | 'responseBytes';

/**
 * What one GraphQL request may cost: `startEmulator({ queryLimits })`. A query over a limit is
 * answered HTTP 400 with a `QUERY_TOO_COMPLEX` error naming it, before any of it runs (the
 * answer's size is checked as it is built, and once more before it is sent). The service
 * publishes no figures: each default is an assumption, generous for an app's real queries.
 */
export interface QueryLimitOptions {
  /**
   * Most fields nested in one another, fragments expanded, and the longest chain of fragments
   * spreading fragments; fields under `__schema` and `__type` do not count (introspection nests
   * `ofType` nine deep and its size is the schema's). From 1 to {@link MAX_QUERY_DEPTH}.
   * @default 15
   */
  maxDepth?: number;
  /** Most aliased fields, counted in every place a fragment is spread. @default 100 */
  maxAliases?: number;
  /**
   * Most list items a query may ask for, estimated before it runs: each list of objects counts
   * its page size (its own `pagination.limit` or `limit`, or its parent field's for the `data`
   * list of a page; 50 when the field takes one and none is given), a list without pagination
   * counts 1 (a record's parts: an order's lines, a variant's prices) or 10 for introspection's
   * lists, each multiplied by the items of the lists it is in, all summed. The vendor's own
   * default `listOrder` (every field) comes to 2,700 items, 10,800 at a page of 200.
   * @default 20000
   */
  maxListSize?: number;
  /** Most lexical tokens in a document, as graphql-js's `parse` counts them. @default 50000 */
  maxTokens?: number;
  /** Largest answer, in bytes of its JSON. @default 5000000 */
  maxResponseBytes?: number;
}

/** {@link QueryLimitOptions} with the defaults filled in. */
export interface QueryLimits {
  readonly maxDepth: number;
  readonly maxAliases: number;
  readonly maxListSize: number;
  readonly maxTokens: number;
  readonly maxResponseBytes: number;
}

/** The highest `maxDepth` taken: graphql-js parses and validates recursively. */
export const MAX_QUERY_DEPTH = 200;

/** The limits of a `startEmulator()` given no `queryLimits`. */
export const DEFAULT_QUERY_LIMITS: QueryLimits = Object.freeze({
  maxDepth: 15,
  maxAliases: 100,
  maxListSize: 20_000,
  maxTokens: 50_000,
  maxResponseBytes: 5_000_000,
});

const RULES = {
  maxDepth: { min: 1, max: MAX_QUERY_DEPTH, example: 15 },
  maxAliases: { min: 1, example: 100 },
  maxListSize: { min: 1, example: 20_000 },
  maxTokens: { min: 1, example: 50_000 },
  maxResponseBytes: { min: 1, example: 5_000_000, unit: 'bytes' },
} as const;

/** Throws an {@link EmulatorOptionError} for the first unusable field of `queryLimits`. */
export function checkQueryLimitOptions(queryLimits: unknown): void {
  if (typeof queryLimits !== 'object' || queryLimits === null) {
    throw new EmulatorOptionError(
      `"queryLimits" must be { ${Object.keys(RULES).join('?, ')}? }, e.g. { maxDepth: 15 }`,
    );
  }
  const given = queryLimits as Record<string, unknown>;
  for (const [name, rule] of Object.entries(RULES)) {
    if (given[name] !== undefined) checkInteger(`queryLimits.${name}`, given[name], rule);
  }
}

/** The checked options with their defaults. */
export function resolveQueryLimits(options: QueryLimitOptions = {}): QueryLimits {
  return {
    maxDepth: options.maxDepth ?? DEFAULT_QUERY_LIMITS.maxDepth,
    maxAliases: options.maxAliases ?? DEFAULT_QUERY_LIMITS.maxAliases,
    maxListSize: options.maxListSize ?? DEFAULT_QUERY_LIMITS.maxListSize,
    maxTokens: options.maxTokens ?? DEFAULT_QUERY_LIMITS.maxTokens,
    maxResponseBytes: options.maxResponseBytes ?? DEFAULT_QUERY_LIMITS.maxResponseBytes,
  };
}

/** A query over a limit: which, its maximum, and what the query came to. */
export interface QueryRefusal {
  readonly limit: QueryLimitName;
  readonly max: number;
  /** What the query measured; for `responseBytes` stopped while building, what was built by then. */
  readonly actual: number;
  /** True when `actual` counts only part of the query (the scan stopped at the token limit). */
  readonly partial?: boolean;
}

/** The `extensions.code` of a refused query. */
export const QUERY_TOO_COMPLEX = 'QUERY_TOO_COMPLEX';

const WHAT: Record<QueryLimitName, (actual: string) => string> = {
  depth: (n) => `The query nests ${n} levels deep`,
  aliases: (n) => `The query has ${n} aliases`,
  listSize: (n) => `The query asks for about ${n} list items`,
  tokens: (n) => `The query has ${n} tokens`,
  responseBytes: (n) => `The answer comes to at least ${n} bytes`,
};

/**
 * The first of `measured` over its maximum, in the order given; `undefined` if none is.
 * `partial`: the measures count only part of the query.
 */
export function firstRefusal(
  measured: readonly (readonly [QueryLimitName, number, number])[],
  partial = false,
): QueryRefusal | undefined {
  const over = measured.find(([, actual, max]) => actual > max);
  if (!over) return undefined;
  // An estimate can overflow to Infinity, which JSON writes as null.
  const actual = Math.min(Math.ceil(over[1]), Number.MAX_SAFE_INTEGER);
  return { limit: over[0], max: over[2], actual, ...(partial ? { partial } : {}) };
}

/** The GraphQL error of a refusal, as the service's errors are shaped. */
export function queryRefusalError(refusal: QueryRefusal) {
  return {
    message: `${WHAT[refusal.limit](`${refusal.partial ? 'at least ' : ''}${refusal.actual}`)}; the most is ${refusal.max} (${refusal.limit})`,
    extensions: {
      code: QUERY_TOO_COMPLEX,
      limit: refusal.limit,
      max: refusal.max,
      actual: refusal.actual,
    },
  };
}
