import { argumentValidationError } from './graphql-errors.js';
import type { ListRules } from './list-rules.js';

/** The largest `pagination.limit` the service takes (`PaginationInput`'s description). */
export const MAX_PAGE_LIMIT = 200;
/** The `pagination.limit` of a list query that names none. */
export const DEFAULT_PAGE_LIMIT = 50;

/** A checked `pagination`. */
export interface Pagination {
  readonly page: number;
  readonly limit: number;
}

/** A checked `sort`: `-name` is `{ field: 'name', descending: true }`. */
export interface SortOrder {
  readonly field: string;
  readonly descending: boolean;
}

/** Checks `pagination` as the service documents it: `limit` 1..200 (default 50), `page` ≥ 1. */
export function readPagination(
  pagination: { page?: number | null; limit?: number | null } | null | undefined,
): Pagination {
  const page = pagination?.page ?? 1;
  const limit = pagination?.limit ?? DEFAULT_PAGE_LIMIT;
  if (limit < 1 || limit > MAX_PAGE_LIMIT) {
    throw argumentValidationError(
      `pagination.limit must be between 1 and ${MAX_PAGE_LIMIT} (got ${limit})`,
    );
  }
  if (page < 1) throw argumentValidationError(`pagination.page must be 1 or more (got ${page})`);
  return { page, limit };
}

/** Reads `sort` (`field` ascending, `-field` descending) and checks the field is sortable. */
export function readSort(sort: string | null | undefined, rules: ListRules): SortOrder | undefined {
  if (sort == null || sort === '' || rules.sortFields === undefined) return undefined;
  const descending = sort.startsWith('-');
  const field = descending ? sort.slice(1) : sort;
  if (!rules.sortFields.has(field)) {
    const allowed = [...rules.sortFields].map((name) => `\`${name}\``).join(', ');
    throw argumentValidationError(
      `${rules.field} cannot sort by "${field}"; sortable fields: ${allowed}`,
    );
  }
  return { field, descending };
}

/** Checks the arguments of a list query the service documents rules for. */
export function checkListArguments(
  args: Readonly<Record<string, unknown>>,
  rules: ListRules,
): void {
  if (rules.paginated || 'pagination' in args) {
    readPagination(args.pagination as Parameters<typeof readPagination>[0]);
  }
  readSort(args.sort as string | null | undefined, rules);
}
