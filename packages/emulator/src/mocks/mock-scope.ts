import type { IMockStore } from '@graphql-tools/mock';
import type { GraphQLResolveInfo } from 'graphql';
import { hashToUnit } from '../seeded-random.js';

/** What the mocks of one request are made from. */
export interface MockRequest {
  readonly seed: number;
  /** Mocked timestamps fall in the year before this instant (the emulator's start). */
  readonly anchorMs: number;
  /** The request's own store, so that mocks never outlive (or depend on) other requests. */
  readonly store: IMockStore;
}

interface ActiveScope {
  readonly request: MockRequest;
  /** Canonical path of the field being resolved: field names and arguments, not aliases. */
  readonly path: string;
  fieldName: string;
  draws: number;
}

// graphql-tools/mock calls the mock functions without any context, but always synchronously
// inside a field's resolver, and JavaScript runs one resolver at a time. So the scope that
// `inMockScope` sets around the synchronous part of a resolver is the one those mocks see.
let active: ActiveScope | undefined;
const fieldPaths = new WeakMap<GraphQLResolveInfo['path'], string>();

/** Runs a field's resolver so that the values it mocks follow from the seed and the field's path. */
export function inMockScope<T>(
  request: MockRequest,
  info: GraphQLResolveInfo,
  args: Readonly<Record<string, unknown>>,
  resolve: () => T,
): T {
  const parent = info.path.prev ? `${pathOf(info.path.prev)}.` : '';
  const suffix = Object.keys(args).length > 0 ? `(${stableJson(args)})` : '';
  const path = `${parent}${info.fieldName}${suffix}`;
  fieldPaths.set(info.path, path);
  const outer = active;
  active = { request, path, fieldName: info.fieldName, draws: 0 };
  try {
    return resolve();
  } finally {
    active = outer;
  }
}

/** The next number in [0, 1) for the field being mocked: a hash of seed, path and draw count. */
export function drawUnit(): number {
  const scope = activeScope();
  return hashToUnit(`${scope.path}#${scope.draws++}`, scope.request.seed);
}

/** Name of the field being mocked (what a string mock looks like depends on it). */
export function mockedFieldName(): string {
  return activeScope().fieldName;
}

/** Mocks `run` as if for field `fieldName` of the current path (an object's key field). */
export function asField<T>(fieldName: string, run: () => T): T {
  const scope = activeScope();
  const outer = scope.fieldName;
  scope.fieldName = fieldName;
  try {
    return run();
  } finally {
    scope.fieldName = outer;
  }
}

/** The instant mocked timestamps count back from. */
export function mockAnchorMs(): number {
  return activeScope().request.anchorMs;
}

/**
 * A store for `addMocksToSchema` that forwards every call to the store of the request being
 * resolved, so that one mocked schema serves many requests, each with a fresh store.
 */
export function requestScopedMockStore(): IMockStore {
  return new Proxy({} as IMockStore, {
    get(_, property) {
      const store = activeScope().request.store;
      const value: unknown = Reflect.get(store, property, store);
      return typeof value === 'function' ? value.bind(store) : value;
    },
  });
}

function activeScope(): ActiveScope {
  if (!active) throw new Error('A mock was asked for a value outside of a field resolver');
  return active;
}

function pathOf(path: GraphQLResolveInfo['path']): string {
  const known = fieldPaths.get(path);
  if (known !== undefined) return known;
  return `${path.prev ? `${pathOf(path.prev)}.` : ''}${path.key}`;
}

/** JSON with sorted keys, so that equal arguments give equal paths. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
