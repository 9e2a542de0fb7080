import type { ShapedRecord } from '../store-data.js';
import { type Pagination, readPagination, readSort, type SortOrder } from './list-arguments.js';
import type { ListRules } from './list-rules.js';

/** How one stateful list reads its items. */
export interface ListSpec<T> {
  /**
   * Where a filter argument reads its values, when not from the item's field of the same name:
   * a dotted path (`variants.sku`) or a function.
   */
  readonly filterValues?: Readonly<Record<string, string | ((item: T) => unknown)>>;
  /** Fields `search` looks in when the field's description names none. */
  readonly searchFields?: readonly string[];
}

/** A page as the service answers it. */
export interface Page<T> {
  readonly data: readonly T[];
  readonly count: number;
  readonly hasNext: boolean;
  readonly page: number;
  readonly limit: number;
}

type Filter = Readonly<Record<string, unknown>>;

const collator = new Intl.Collator('tr');

/**
 * Answers a list query over `items` (in creation order): drops deleted records unless
 * `includeDeleted`, applies every filter argument, `search` (case-insensitive substring over the
 * search fields) and `sort`, then pages when the field is paginated.
 */
export function queryList<T extends ShapedRecord>(
  items: Iterable<T>,
  args: Readonly<Record<string, unknown>>,
  rules: ListRules,
  spec: ListSpec<T> = {},
): T[] | Page<T> {
  const pagination = rules.paginated
    ? readPagination(args.pagination as Parameters<typeof readPagination>[0])
    : undefined;
  const sort = readSort(args.sort as string | null | undefined, rules);
  const includeDeleted = rules.includeDeleted && args.includeDeleted === true;
  let selected = [...items].filter((item) => includeDeleted || item.deleted !== true);
  for (const name of rules.filterArguments) {
    const filter = args[name] as Filter | null | undefined;
    if (filter == null) continue;
    const source = spec.filterValues?.[name] ?? name;
    const read =
      typeof source === 'string'
        ? (item: T) => valuesAt(item, source)
        : (item: T) => toList(source(item));
    selected = selected.filter((item) => matchesFilter(filter, read(item)));
  }
  const search = typeof args.search === 'string' ? args.search.trim() : '';
  const searchFields = rules.searchFields ?? spec.searchFields ?? [];
  if (search !== '')
    selected = selected.filter((item) => matchesSearch(item, search, searchFields));
  if (sort) selected = sorted(selected, sort);
  return pagination ? page(selected, pagination) : selected;
}

function page<T>(items: readonly T[], { page, limit }: Pagination): Page<T> {
  const start = (page - 1) * limit;
  return {
    data: items.slice(start, start + limit),
    count: items.length,
    hasNext: start + limit < items.length,
    page,
    limit,
  };
}

/** Values at a dotted path, through lists: `variants.sku` gives every variant's sku. */
function valuesAt(value: unknown, path: string): unknown[] {
  let current: unknown[] = [value];
  for (const key of path.split('.')) {
    current = current
      .flatMap((item) =>
        item !== null && typeof item === 'object' ? [(item as Record<string, unknown>)[key]] : [],
      )
      .flatMap(toList);
  }
  return current;
}

const toList = (value: unknown): unknown[] =>
  Array.isArray(value) ? value.filter((v) => v != null) : value == null ? [] : [value];

/**
 * `{ eq, ne, in, nin, gt, gte, lt, lte }` against a field's values (one, or a list's): `eq`,
 * `in` and the comparisons need one value to match, `ne` and `nin` need none to.
 */
function matchesFilter(filter: Filter, values: readonly unknown[]): boolean {
  const some = (test: (value: unknown) => boolean) => values.some(test);
  const list = (key: string) =>
    Array.isArray(filter[key]) ? (filter[key] as unknown[]) : undefined;
  const bound = (key: string) =>
    typeof filter[key] === 'number' ? (filter[key] as number) : undefined;
  const checks: boolean[] = [];
  if (filter.eq != null) checks.push(some((v) => v === filter.eq));
  if (filter.ne != null) checks.push(!some((v) => v === filter.ne));
  const inList = list('in');
  if (inList) checks.push(some((v) => inList.includes(v)));
  const ninList = list('nin');
  if (ninList) checks.push(!some((v) => ninList.includes(v)));
  const [gt, gte, lt, lte] = [bound('gt'), bound('gte'), bound('lt'), bound('lte')];
  if (gt !== undefined) checks.push(some((v) => typeof v === 'number' && v > gt));
  if (gte !== undefined) checks.push(some((v) => typeof v === 'number' && v >= gte));
  if (lt !== undefined) checks.push(some((v) => typeof v === 'number' && v < lt));
  if (lte !== undefined) checks.push(some((v) => typeof v === 'number' && v <= lte));
  return checks.every(Boolean);
}

/**
 * Folds case for search, Turkish-aware (İ → i, I → ı) and then dotless ı → i, so that `ISTANBUL`,
 * `İstanbul` and `istanbul` all match, as do an ASCII `EXAMPLE` and `example`.
 */
const foldCase = (text: string) => text.toLocaleLowerCase('tr').replaceAll('ı', 'i');

function matchesSearch(item: unknown, search: string, fields: readonly string[]): boolean {
  const needle = foldCase(search);
  return fields.some((field) =>
    valuesAt(item, field).some(
      (value) => typeof value === 'string' && foldCase(value).includes(needle),
    ),
  );
}

function sorted<T>(items: readonly T[], { field, descending }: SortOrder): T[] {
  const key = (item: T) => valuesAt(item, field)[0];
  const direction = descending ? -1 : 1;
  return [...items].sort((a, b) => direction * compare(key(a), key(b)));
}

/** Missing values first, then numbers, strings (Turkish collation) and booleans in order. */
function compare(a: unknown, b: unknown): number {
  if (a == null || b == null) return a == null ? (b == null ? 0 : -1) : 1;
  if (typeof a === 'string' && typeof b === 'string') return collator.compare(a, b);
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}
