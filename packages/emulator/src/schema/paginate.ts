import { GraphQLError } from 'graphql';

export const MAX_PAGE_LIMIT = 200;

/** Slices `items` as the service's page-based lists do: `{ data, count, hasNext, page, limit }`. */
export function paginate<T>(
  items: readonly T[],
  pagination: { page?: number | null; limit?: number | null } | null | undefined,
) {
  const page = pagination?.page ?? 1;
  const limit = pagination?.limit ?? 50;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_LIMIT) {
    throw new GraphQLError(
      `pagination.limit must be between 1 and ${MAX_PAGE_LIMIT} (got ${limit})`,
      {
        extensions: { code: 'BAD_USER_INPUT' },
      },
    );
  }
  if (!Number.isInteger(page) || page < 1) {
    throw new GraphQLError(`pagination.page must be 1 or more (got ${page})`, {
      extensions: { code: 'BAD_USER_INPUT' },
    });
  }
  const start = (page - 1) * limit;
  return {
    data: items.slice(start, start + limit),
    count: items.length,
    hasNext: start + limit < items.length,
    page,
    limit,
  };
}
